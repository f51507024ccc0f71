; RUN: %opt -passes=sextant-instrument -sextant-version-max-instructions=0 -sextant-filter=%S/Inputs/demangled.filt -S %s | FileCheck %s
; RUN: %opt -passes=sextant-instrument -sextant-version-max-instructions=0 -sextant-filter=%S/Inputs/demangled.filt \
; RUN:   -sextant-list=- -disable-output %s 2>&1 \
; RUN:   | tr '\t' '|' | FileCheck %s --check-prefix=LIST

;; Score-P region rules match the demangled display name
;; ("ns::helper<int>(int)": no return type, see docs/filter-files.md), and the last matching rule wins: the
;; EXCLUDE of line 3 removes both instantiations, the INCLUDE of line 4
;; brings back the int one. A function no rule matches is instrumented by
;; default. The listing names the deciding rule with file:line:column.
;; (-sextant-version-max-instructions=0: the in-place form, see versioning.ll.)

target triple = "x86_64-unknown-linux-gnu"

; CHECK-NOT: @__sextant_descr._ZN2ns6helperIdEEvd
; CHECK: @__sextant_descr._ZN2ns6helperIiEEvi = private constant
; CHECK-NOT: @__sextant_descr._ZN2ns6helperIdEEvd
; CHECK: @__sextant_descr.main = private constant
; CHECK-NOT: @__sextant_descr._ZN2ns6helperIdEEvd

; LIST:      instrumented|ns::helper<int>(int)|_ZN2ns6helperIiEEvi|{{.*}}:0|filter: included by {{.*}}Inputs/demangled.filt:4:11 (INCLUDE *ns::helper<int>*)
; LIST-NEXT: skipped|ns::helper<double>(double)|_ZN2ns6helperIdEEvd|{{.*}}:0|filter: excluded by {{.*}}Inputs/demangled.filt:3:11 (EXCLUDE *ns::helper<*)
; LIST-NEXT: instrumented|main|main|{{.*}}:0|default

define void @_ZN2ns6helperIiEEvi(i32 %x) nounwind {
; CHECK-LABEL: define void @_ZN2ns6helperIiEEvi(
; CHECK: call preserve_mostcc void @__sextant_region_enter_frame
; CHECK: call preserve_mostcc void @__sextant_region_exit
  call void @use(i32 %x)
  ret void
}

define void @_ZN2ns6helperIdEEvd(double %x) nounwind {
; CHECK-LABEL: define void @_ZN2ns6helperIdEEvd(
; CHECK-NOT: __sextant
; CHECK: ret void
  %i = fptosi double %x to i32
  call void @use(i32 %i)
  ret void
}

define i32 @main() nounwind {
; CHECK-LABEL: define i32 @main(
; CHECK: call preserve_mostcc void @__sextant_region_enter_frame
  call void @_ZN2ns6helperIiEEvi(i32 1)
  call void @_ZN2ns6helperIdEEvd(double 2.0)
  ret i32 0
}

declare void @use(i32) nounwind
