; RUN: %opt -passes=sextant-instrument -S %s | FileCheck %s
; RUN: %opt -passes=sextant-instrument -sextant-list=- -disable-output %s 2>&1 \
; RUN:   | tr '\t' '|' | FileCheck %s --check-prefix=LIST

;; Sextant's own code is never instrumented (it would call itself): C
;; functions named __sextant_* or sextant_*, and C++ functions of namespace
;; sextant.

target triple = "x86_64-unknown-linux-gnu"

; CHECK-NOT: @__sextant_descr.{{.*}} = private constant
; CHECK: @__sextant_descr.application = private constant
; CHECK-NOT: @__sextant_descr.{{.*}} = private constant

; LIST:      skipped|__sextant_helper|__sextant_helper|{{.*}}|sextant-runtime
; LIST-NEXT: skipped|sextant_region_begin|sextant_region_begin|{{.*}}|sextant-runtime
; LIST-NEXT: skipped|sextant::Runtime::flush()|_ZN7sextant7Runtime5flushEv|{{.*}}|sextant-runtime
; LIST-NEXT: skipped|sextant::Runtime::size() const|_ZNK7sextant7Runtime4sizeEv|{{.*}}|sextant-runtime
; LIST-NEXT: instrumented|application|application|{{.*}}|default

define void @__sextant_helper() nounwind {
  call void @work()
  ret void
}

define void @sextant_region_begin(ptr %name) nounwind {
  call void @work()
  ret void
}

define void @_ZN7sextant7Runtime5flushEv(ptr %this) nounwind {
  call void @work()
  ret void
}

define i32 @_ZNK7sextant7Runtime4sizeEv(ptr %this) nounwind {
  call void @work()
  ret i32 0
}

define void @application() nounwind {
  call void @work()
  ret void
}

declare void @work() nounwind
