; RUN: %opt -passes=sextant-instrument -sextant-filter=%S/Inputs/tau.filt -S %s | FileCheck %s
; RUN: %opt -passes=sextant-instrument -sextant-filter=%S/Inputs/tau.filt \
; RUN:   -sextant-list=- -disable-output %s 2>&1 \
; RUN:   | tr '\t' '|' | FileCheck %s --check-prefix=LIST

;; A TAU selective-instrumentation file works as well: its exclude list
;; uses '#' as the wildcard and TAU's signature spelling, matched against
;; the demangled display name ("ns::helper<int>(int)", which the entry
;; "void ns::helper<#>(#)" matches once its return type is dropped) and, for C
;; functions, the plain name ("plain_#").

target triple = "x86_64-unknown-linux-gnu"

; CHECK-NOT: @__sextant_descr._ZN2ns6helper
; CHECK-NOT: @__sextant_descr.plain_
; CHECK: @__sextant_descr.kept = private constant
; CHECK-NOT: @__sextant_descr._ZN2ns6helper
; CHECK-NOT: @__sextant_descr.plain_

; LIST:      skipped|ns::helper<int>(int)|_ZN2ns6helperIiEEvi|{{.*}}|filter: excluded by {{.*}}tau.filt:3:1 (BEGIN_EXCLUDE_LIST entry 'void ns::helper<#>(#)')
; LIST-NEXT: skipped|ns::helper<double>(double)|_ZN2ns6helperIdEEvd|{{.*}}|filter: excluded by {{.*}}tau.filt:3:1 (BEGIN_EXCLUDE_LIST entry 'void ns::helper<#>(#)')
; LIST-NEXT: skipped|plain_sum|plain_sum|{{.*}}|filter: excluded by {{.*}}tau.filt:4:1 (BEGIN_EXCLUDE_LIST entry 'plain_#')
; LIST-NEXT: instrumented|kept|kept|{{.*}}|default

define void @_ZN2ns6helperIiEEvi(i32 %x) nounwind {
  call void @use(i32 %x)
  ret void
}

define void @_ZN2ns6helperIdEEvd(double %x) nounwind {
  %i = fptosi double %x to i32
  call void @use(i32 %i)
  ret void
}

define void @plain_sum(i32 %x) nounwind {
  call void @use(i32 %x)
  ret void
}

define void @kept(i32 %x) nounwind {
  call void @use(i32 %x)
  ret void
}

declare void @use(i32) nounwind
