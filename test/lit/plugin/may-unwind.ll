; RUN: %opt -passes=sextant-instrument -sextant-version-max-instructions=0 -S %s | FileCheck %s

;; A function that may unwind (no nounwind attribute) calling functions that
;; may throw: EscapeEnumerator turns those calls into invokes that unwind to
;; one new cleanup landing pad, which calls the exit hook (same %sextant.h,
;; same guard) and resumes unwinding. Calls that cannot throw (nounwind
;; callees, the runtime's own entry points) stay calls. The descriptor
;; flags carry SEXTANT_REGION_MAY_UNWIND (50331648 | 2).
;; (-sextant-version-max-instructions=0: the in-place form, whose exits are
;; guarded; an armed clone's are not, see versioning.ll.)

target triple = "x86_64-unknown-linux-gnu"

declare void @may_throw(i32)
declare i32 @never_throws(i32) nounwind
declare i32 @__gxx_personality_v0(...)

; CHECK: @__sextant_descr.work = private constant %sextant.region_descriptor { ptr @__sextant_handle.work, ptr @{{.*}}, ptr @{{.*}}, ptr @{{.*}}, i32 0, i32 0, i32 50331650 }

define void @work(i32 %n) personality ptr @__gxx_personality_v0 {
; CHECK-LABEL: define void @work(
; CHECK:         call preserve_mostcc i32 @__sextant_region_register(
; CHECK:         call preserve_mostcc void @__sextant_region_enter_frame(i32 %sextant.h, ptr %sextant.frame)
; CHECK:       sextant.body:
; CHECK-NEXT:    invoke void @may_throw(i32 %n)
; CHECK-NEXT:            to label %[[CONT:.*]] unwind label %sextant.cleanup
; CHECK:       [[CONT]]:
; CHECK-NEXT:    %m = call i32 @never_throws(i32 %n)
; CHECK-NEXT:    invoke void @may_throw(i32 %m)
; CHECK-NEXT:            to label %{{.*}} unwind label %sextant.cleanup
; CHECK:         call preserve_mostcc void @__sextant_region_exit(i32 %sextant.h)
; CHECK:         ret void
; CHECK:       sextant.cleanup:
; CHECK-NEXT:    %cleanup.lpad = landingpad { ptr, i32 }
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    %[[ARMED:.*]] = icmp ne i32 %sextant.h, -1
; CHECK-NEXT:    br i1 %[[ARMED]], label %[[EXIT:.*]], label %[[RESUME:.*]]
; CHECK-EMPTY:
; CHECK-NEXT:  [[EXIT]]:
; CHECK-NEXT:    call preserve_mostcc void @__sextant_region_exit(i32 %sextant.h)
; CHECK-NEXT:    br label %[[RESUME]]
; CHECK-EMPTY:
; CHECK-NEXT:  [[RESUME]]:
; CHECK-NEXT:    resume { ptr, i32 } %cleanup.lpad
; CHECK-NEXT:  }
entry:
  call void @may_throw(i32 %n)
  %m = call i32 @never_throws(i32 %n)
  call void @may_throw(i32 %m)
  ret void
}
