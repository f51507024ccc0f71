; RUN: %opt -passes=sextant-instrument -S %s | FileCheck %s
; RUN: %opt -passes=sextant-instrument -sextant-list=- -disable-output %s 2>&1 \
; RUN:   | tr '\t' '|' | FileCheck %s --check-prefix=LIST

;; A naked function consists of inline assembly that expects the incoming
;; registers and stack untouched; inserted calls would break it.

target triple = "x86_64-unknown-linux-gnu"

define void @bare() naked noinline nounwind {
; CHECK-LABEL: define void @bare(
; CHECK-NOT:     __sextant
; CHECK:         unreachable
  call void asm sideeffect "ret", ""()
  unreachable
}

; CHECK-NOT: @__sextant_descr.bare

; LIST: skipped|bare|bare|{{.*}}|naked
