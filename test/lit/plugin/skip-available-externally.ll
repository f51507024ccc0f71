; RUN: %opt -passes=sextant-instrument -S %s | FileCheck %s
; RUN: %opt -passes=sextant-instrument -sextant-list=- -disable-output %s 2>&1 \
; RUN:   | tr '\t' '|' | FileCheck %s --check-prefix=LIST

;; An available_externally function is a copy for inlining whose real
;; definition lives elsewhere (e.g. extern inline, gnu_inline); it is not
;; instrumented (like GCC's -finstrument-functions), the definition is.

target triple = "x86_64-unknown-linux-gnu"

define available_externally i32 @inline_copy(i32 %x) nounwind {
; CHECK-LABEL: define available_externally i32 @inline_copy(
; CHECK-NOT:     __sextant
; CHECK:         ret i32
  %y = mul i32 %x, 7
  ret i32 %y
}

define i32 @user(i32 %x) nounwind {
; CHECK-LABEL: define i32 @user(
; CHECK:         call void @__sextant_region_enter_frame_c
  %y = call i32 @inline_copy(i32 %x)
  ret i32 %y
}

; CHECK-NOT: @__sextant_descr.inline_copy

; LIST:      skipped|inline_copy|inline_copy|{{.*}}|available_externally
; LIST-NEXT: instrumented|user|user|{{.*}}|default
