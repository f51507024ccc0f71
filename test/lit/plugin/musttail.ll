; RUN: %opt -passes=sextant-instrument -S %s | FileCheck %s

;; A musttail call must stay immediately before its return. The exit call
;; goes before the musttail call (the function's frame is gone once the
;; callee runs), and the musttail call is never turned into an invoke, while
;; the function's other calls that may throw are.

target triple = "x86_64-unknown-linux-gnu"

declare i32 @target(i32)
declare void @may_throw()
declare i32 @__gxx_personality_v0(...)

define i32 @forward(i32 %x) personality ptr @__gxx_personality_v0 {
; CHECK-LABEL: define i32 @forward(
; CHECK:         invoke void @may_throw()
; CHECK-NEXT:            to label %{{.*}} unwind label %sextant.cleanup
; CHECK:         %[[ARMED:.*]] = icmp ne i32 %sextant.h, -1
; CHECK-NEXT:    br i1 %[[ARMED]], label %[[EXIT:.*]], label %[[TAIL:.*]]
; CHECK-EMPTY:
; CHECK-NEXT:  [[EXIT]]:
; CHECK-NEXT:    call preserve_mostcc void @__sextant_region_exit(i32 %sextant.h)
; CHECK-NEXT:    br label %[[TAIL]]
; CHECK-EMPTY:
; CHECK-NEXT:  [[TAIL]]:
; CHECK-NEXT:    %r = musttail call i32 @target(i32 %x)
; CHECK-NEXT:    ret i32 %r
; CHECK:       sextant.cleanup:
; CHECK:         call preserve_mostcc void @__sextant_region_exit(i32 %sextant.h)
; CHECK:         resume
entry:
  call void @may_throw()
  %r = musttail call i32 @target(i32 %x)
  ret i32 %r
}
