; RUN: %opt -passes=sextant-instrument -S %s | FileCheck %s

;; A nounwind function cannot be left by unwinding, even though it calls a
;; function that may throw: it gets exit calls before its return only, no
;; cleanup landing pad, no personality, and its calls stay calls. Its
;; descriptor flags lack SEXTANT_REGION_MAY_UNWIND.

target triple = "x86_64-unknown-linux-gnu"

declare void @may_throw()

; CHECK: @__sextant_descr.quiet = private constant %sextant.region_descriptor { ptr @__sextant_handle.quiet, ptr @{{.*}}, ptr @{{.*}}, ptr @{{.*}}, i32 0, i32 0, i32 50331648 }

define void @quiet() nounwind {
; CHECK-LABEL: define void @quiet()
; CHECK-NOT:   personality
; CHECK-SAME:  {
; CHECK-NOT:   invoke
; CHECK-NOT:   landingpad
; CHECK:         call void @may_throw()
; CHECK-NEXT:    call void @may_throw()
; CHECK-NOT:   invoke
; CHECK-NOT:   landingpad
; CHECK:         call void @__sextant_region_exit_c(i32 %sextant.h)
; CHECK-NOT:   invoke
; CHECK-NOT:   landingpad
; CHECK-NOT:   resume
; CHECK:         ret void
; CHECK-NEXT:  }
entry:
  call void @may_throw()
  call void @may_throw()
  ret void
}
