; RUN: %opt -passes=sextant-instrument -sextant-version-max-instructions=0 -S %s \
; RUN:   | FileCheck %s

;; A function with its own landing pad that ends in "resume" (a C++ cleanup
;; of a local object): the existing resume is an exit point and gets the
;; guarded exit call right before it; the normal return gets one too. The
;; only call that may throw is already an invoke, so no cleanup landing pad
;; is added. (-sextant-version-max-instructions=0: the in-place form, whose
;; exits are guarded; an armed clone's are not, see versioning.ll.)

target triple = "x86_64-unknown-linux-gnu"

declare void @may_throw()
declare void @destroy(ptr) nounwind
declare i32 @__gxx_personality_v0(...)

define void @scoped() personality ptr @__gxx_personality_v0 {
; CHECK-LABEL: define void @scoped()
; CHECK:         call preserve_mostcc void @__sextant_region_enter_frame(i32 %sextant.h, ptr %sextant.frame)
; CHECK:         invoke void @may_throw()
; CHECK-NEXT:            to label %done unwind label %lpad
; CHECK:       done:
; CHECK-NEXT:    call void @destroy(ptr %obj)
; CHECK-NEXT:    %[[ARMED:.*]] = icmp ne i32 %sextant.h, -1
; CHECK:         call preserve_mostcc void @__sextant_region_exit(i32 %sextant.h)
; CHECK:         ret void
; CHECK:       lpad:
; CHECK-NEXT:    %lp = landingpad { ptr, i32 }
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    call void @destroy(ptr %obj)
; CHECK-NEXT:    %[[ARMED2:.*]] = icmp ne i32 %sextant.h, -1
; CHECK-NEXT:    br i1 %[[ARMED2]], label %[[EXIT:.*]], label %[[RESUME:.*]]
; CHECK-EMPTY:
; CHECK-NEXT:  [[EXIT]]:
; CHECK-NEXT:    call preserve_mostcc void @__sextant_region_exit(i32 %sextant.h)
; CHECK-NEXT:    br label %[[RESUME]]
; CHECK-EMPTY:
; CHECK-NEXT:  [[RESUME]]:
; CHECK-NEXT:    resume { ptr, i32 } %lp
; CHECK-NEXT:  }
; CHECK-NOT:   sextant.cleanup
entry:
  %obj = alloca i64, align 8
  invoke void @may_throw()
          to label %done unwind label %lpad

done:
  call void @destroy(ptr %obj)
  ret void

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  call void @destroy(ptr %obj)
  resume { ptr, i32 } %lp
}
