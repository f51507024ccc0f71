; RUN: %opt -passes=sextant-instrument -S %s | FileCheck %s
; RUN: %opt -passes=sextant-instrument -sextant-list=- -disable-output %s 2>&1 \
; RUN:   | count 0

;; Offloading device code (here NVPTX, likewise AMDGPU and SPIR-V) is left
;; alone: the Sextant runtime exists only on the host. The module is not
;; marked and nothing is listed.

target triple = "nvptx64-nvidia-cuda"

define void @kernel_body(ptr %p) {
; CHECK-LABEL: define void @kernel_body(
; CHECK-NOT:     __sextant
; CHECK:         ret void
  store i32 1, ptr %p
  ret void
}

; CHECK-NOT: __sextant
; CHECK-NOT: sextant.instrumented
