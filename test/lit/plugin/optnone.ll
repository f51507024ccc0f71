; RUN: %opt -passes=sextant-instrument -S %s | FileCheck %s
; RUN: %opt -passes='default<O0>' -S %s | FileCheck %s
; RUN: %opt -passes='default<O2>' -S %s | FileCheck %s

;; The pass is required (isRequired): it instruments optnone functions, as
;; clang -O0 emits them, when run by name and when it runs as part of the
;; -O0 and -O2 pipelines through the OptimizerLast extension point where
;; the plugin registers it.

target triple = "x86_64-unknown-linux-gnu"

define i32 @at_o0(i32 %x) noinline nounwind optnone {
; CHECK-LABEL: define i32 @at_o0(
; CHECK:         %sextant.handle = load atomic i32, ptr @__sextant_handle.at_o0 monotonic, align 4
; CHECK:         call preserve_mostcc i32 @__sextant_region_register(ptr @__sextant_descr.at_o0)
; CHECK:         call preserve_mostcc void @__sextant_region_enter_frame(i32 %sextant.h, ptr %sextant.frame)
; CHECK:         call preserve_mostcc void @__sextant_region_exit(i32 %sextant.h)
; CHECK:         ret i32
entry:
  %x.addr = alloca i32, align 4
  store i32 %x, ptr %x.addr, align 4
  %v = load i32, ptr %x.addr, align 4
  %r = mul i32 %v, %v
  ret i32 %r
}
