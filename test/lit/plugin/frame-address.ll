; RUN: %opt -passes=sextant-instrument -sextant-version-max-instructions=0 -S %s \
; RUN:   | FileCheck %s --check-prefix=X86
; RUN: %opt -passes=sextant-instrument -S %s | FileCheck %s --check-prefix=X86-COPY
; RUN: %opt -mtriple=aarch64-unknown-linux-gnu -passes=sextant-instrument \
; RUN:   -sextant-version-max-instructions=0 -S %s \
; RUN:   | FileCheck %s --check-prefix=A64
; RUN: %opt -mtriple=aarch64-unknown-linux-gnu -passes=sextant-instrument -S %s \
; RUN:   | FileCheck %s --check-prefix=A64-COPY
; RUN: %opt -mtriple=riscv64-unknown-linux-gnu -passes=sextant-instrument \
; RUN:   -sextant-version-max-instructions=0 -S %s \
; RUN:   | FileCheck %s --check-prefix=OTHER
; RUN: %opt -mtriple=riscv64-unknown-linux-gnu -passes=sextant-instrument -S %s \
; RUN:   | FileCheck %s --check-prefix=OTHER
; RUN: %opt -passes=sextant-instrument -S %s | llc -O2 -o - \
; RUN:   | FileCheck %s --check-prefix=X86-ASM
; RUN: %opt -mtriple=aarch64-unknown-linux-gnu -passes=sextant-instrument -S %s \
; RUN:   | llc -O2 -o - | FileCheck %s --check-prefix=A64-ASM

;; ABI version 3: on x86-64 and AArch64 the enter passes the function's
;; canonical frame address (CFA), which the runtime compares with the open
;; frames to notice those abandoned by longjmp or an exception: on x86-64 the
;; address of the return address plus 8, on AArch64 the stack pointer at
;; entry, each computed right before the call. A function instrumented in
;; place calls the preserve_most entry points; an armed copy calls
;; __sextant_region_enter_frame_c and __sextant_region_exit_c, with the C
;; convention (it saves its few values itself, the runtime saves nothing).
;; Other targets call __sextant_region_enter with the handle only.

target triple = "x86_64-unknown-linux-gnu"

define i32 @leaf(i32 %x) nounwind {
; X86-LABEL:   define i32 @leaf(
; X86:         sextant.enter:
; X86-NEXT:      %sextant.return_slot = call ptr @llvm.addressofreturnaddress.p0()
; X86-NEXT:      %sextant.frame = getelementptr inbounds i8, ptr %sextant.return_slot, i64 8
; X86-NEXT:      call preserve_mostcc void @__sextant_region_enter_frame(i32 %sextant.h, ptr %sextant.frame)
; X86-NEXT:      br label %sextant.body
; X86:         sextant.exit:
; X86-NEXT:      call preserve_mostcc void @__sextant_region_exit(i32 %sextant.h)
; X86-NEXT:      br label %sextant.exited

;; The C convention's pair is declared like the other entry points (the
;; declarations come before the copy).
; X86-COPY-DAG: declare void @__sextant_region_enter_frame_c(i32, ptr) #[[RUNTIME:[0-9]+]]
; X86-COPY-DAG: declare void @__sextant_region_exit_c(i32) #[[RUNTIME]]
; X86-COPY-LABEL: define internal i32 @leaf.sextant.armed(i32 %x, i32 %sextant.handle)
; X86-COPY:       sextant.enter:
; X86-COPY-NEXT:    %sextant.h = phi i32
; X86-COPY-NEXT:    %sextant.return_slot = call ptr @llvm.addressofreturnaddress.p0()
; X86-COPY-NEXT:    %sextant.frame = getelementptr inbounds i8, ptr %sextant.return_slot, i64 8
; X86-COPY-NEXT:    call void @__sextant_region_enter_frame_c(i32 %sextant.h, ptr %sextant.frame)
; X86-COPY-NEXT:    %y = mul i32 %x, 2
; X86-COPY-NEXT:    call void @__sextant_region_exit_c(i32 %sextant.h)
; X86-COPY-NEXT:    ret i32 %y

; A64-LABEL:   define i32 @leaf(
; A64:         sextant.enter:
; A64-NEXT:      %sextant.frame = call ptr @llvm.sponentry.p0()
; A64-NEXT:      call preserve_mostcc void @__sextant_region_enter_frame(i32 %sextant.h, ptr %sextant.frame)
; A64-NEXT:      br label %sextant.body
; A64:         sextant.exit:
; A64-NEXT:      call preserve_mostcc void @__sextant_region_exit(i32 %sextant.h)

; A64-COPY-LABEL: define internal i32 @leaf.sextant.armed(i32 %x, i32 %sextant.handle)
; A64-COPY:       sextant.enter:
; A64-COPY-NEXT:    %sextant.h = phi i32
; A64-COPY-NEXT:    %sextant.frame = call ptr @llvm.sponentry.p0()
; A64-COPY-NEXT:    call void @__sextant_region_enter_frame_c(i32 %sextant.h, ptr %sextant.frame)
; A64-COPY-NEXT:    %y = mul i32 %x, 2
; A64-COPY-NEXT:    call void @__sextant_region_exit_c(i32 %sextant.h)

; OTHER-LABEL: define {{.*}}i32 @leaf
; OTHER-NOT:     @llvm.addressofreturnaddress
; OTHER-NOT:     @llvm.sponentry
; OTHER-NOT:     _c(
; OTHER:         call void @__sextant_region_enter(i32 %sextant.h)
; OTHER-NOT:     _c(
; OTHER:         call void @__sextant_region_exit(i32 %sextant.h)

;; Each frame address is one instruction from the stack pointer: on x86-64
;; the stack pointer plus the three registers the prologue pushed and 8 (the
;; return address), on AArch64 the stack pointer plus the size of the frame.
; X86-ASM-LABEL: leaf.sextant.armed:
; X86-ASM:         pushq
; X86-ASM:         pushq
; X86-ASM:         pushq
; X86-ASM:         leaq 32(%rsp), %rsi
; X86-ASM:         callq *__sextant_region_enter_frame_c@GOTPCREL(%rip)
; A64-ASM-LABEL: leaf.sextant.armed:
; A64-ASM:         str x30, [sp, #-[[SIZE:[0-9]+]]]!
; A64-ASM:         add x1, sp, #[[SIZE]]
; A64-ASM:         ldr [[CALLEE:x[0-9]+]], [{{x[0-9]+}}, :got_lo12:__sextant_region_enter_frame_c]
; A64-ASM-NEXT:    blr [[CALLEE]]
  %y = mul i32 %x, 2
  ret i32 %y
}
; X86-COPY:     attributes #[[RUNTIME]] = { nounwind nonlazybind }
