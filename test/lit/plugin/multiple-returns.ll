; RUN: %opt -passes=sextant-instrument -sextant-version-max-instructions=0 -S %s | FileCheck %s

;; A function with three returns gets one guarded exit call before each of
;; them, every one reusing the handle %sextant.h loaded once at entry. The
;; function is nounwind, so there is no cleanup landing pad.
;; (-sextant-version-max-instructions=0: the in-place form, whose exits are
;; guarded; an armed clone's are not, see versioning.ll.)

target triple = "x86_64-unknown-linux-gnu"

define i32 @classify(i32 %x) nounwind {
; CHECK-LABEL: define i32 @classify(
; CHECK:       %sextant.handle = load atomic i32, ptr @__sextant_handle.classify monotonic, align 4
; CHECK-NOT:   load atomic
; CHECK:       %sextant.h = phi i32
; CHECK:       call preserve_mostcc void @__sextant_region_enter_frame(i32 %sextant.h, ptr %sextant.frame)
; CHECK:       negative:
; CHECK-NEXT:    %sextant.armed.exit = icmp ne i32 %sextant.h, -1
; CHECK-NEXT:    br i1 %sextant.armed.exit, label %sextant.exit, label %sextant.exited
; CHECK:       sextant.exit:
; CHECK-NEXT:    call preserve_mostcc void @__sextant_region_exit(i32 %sextant.h)
; CHECK:       sextant.exited:
; CHECK-NEXT:    ret i32 -1
; CHECK:       zero:
; CHECK-NEXT:    %sextant.armed.exit{{[0-9]+}} = icmp ne i32 %sextant.h, -1
; CHECK:         call preserve_mostcc void @__sextant_region_exit(i32 %sextant.h)
; CHECK:         ret i32 0
; CHECK:       positive:
; CHECK-NEXT:    %sextant.armed.exit{{[0-9]+}} = icmp ne i32 %sextant.h, -1
; CHECK:         call preserve_mostcc void @__sextant_region_exit(i32 %sextant.h)
; CHECK:         ret i32 1
; CHECK-NOT:   __sextant_region_exit
; CHECK-NOT:   landingpad
; CHECK:       }
entry:
  %isneg = icmp slt i32 %x, 0
  br i1 %isneg, label %negative, label %nonneg

nonneg:
  %iszero = icmp eq i32 %x, 0
  br i1 %iszero, label %zero, label %positive

negative:
  ret i32 -1

zero:
  ret i32 0

positive:
  ret i32 1
}
