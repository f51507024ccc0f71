; RUN: %opt -passes=sextant-instrument,sextant-instrument -S %s | FileCheck %s
; RUN: %opt -passes=sextant-instrument %s -o %t.bc
; RUN: %opt -passes=sextant-instrument -S %t.bc | FileCheck %s
; RUN: rm -f %t.list
; RUN: %opt -passes=sextant-instrument -sextant-list=%t.list %t.bc -disable-output
; RUN: not test -e %t.list

;; Running the pass on an instrumented module changes nothing: the module
;; flag "sextant.instrumented" makes the second run a no-op, whether it runs
;; in the same pipeline or on the output of a first compilation. Nothing is
;; instrumented twice and the second run writes no listing lines.

target triple = "x86_64-unknown-linux-gnu"

; CHECK:     @__sextant_handle.once = private global i32 0, {{.*}}align 4
; CHECK-NOT: @__sextant_handle.once.{{[0-9]+}}
; CHECK:     @__sextant_descr.once = private constant
; CHECK-NOT: @__sextant_descr.once.{{[0-9]+}}

define void @once() {
; CHECK-LABEL: define void @once()
; CHECK:         call preserve_mostcc i32 @__sextant_region_register(
; CHECK-NOT:     call preserve_mostcc i32 @__sextant_region_register(
; CHECK:         call void @__sextant_region_enter_frame_c(
; CHECK-NOT:     call void @__sextant_region_enter_frame_c(
; CHECK:         invoke void @work()
; CHECK-NOT:     call void @__sextant_region_enter_frame_c(
; CHECK:         call void @__sextant_region_exit_c(
; CHECK-NOT:     call void @__sextant_region_enter_frame_c(
; CHECK:         ret void
; CHECK:       sextant.cleanup:
; CHECK-NOT:     call void @__sextant_region_enter_frame_c(
; CHECK:         call void @__sextant_region_exit_c(
; CHECK-NOT:     call void @__sextant_region_
; CHECK:         resume { ptr, i32 } %cleanup.lpad
; CHECK-NEXT:  }
; CHECK-NOT:   sextant.cleanup
  call void @work()
  ret void
}

declare void @work()

; CHECK: !llvm.module.flags = !{![[FLAG:[0-9]+]]}
; CHECK: ![[FLAG]] = !{i32 7, !"sextant.instrumented", i32 1}
