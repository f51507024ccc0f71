/*===- runtime/api/AbiTrampolines.S - preserve_most entry points for GCC -===*\
 *
 * Part of Sextant. When libsextant is built by a compiler without the
 * preserve_most calling convention (see AbiTrampolines.h), the four entry
 * points of the instrumentation ABI are these trampolines. Each saves the
 * registers that preserve_most keeps but the C convention does not, calls
 * the C++ implementation with the C convention, restores them and returns:
 *
 *   x86-64:  preserve_most keeps every general-purpose register but R11 and
 *            the return register; the trampolines save RAX (enter and exit
 *            only), RCX, RDX, RSI, RDI, R8, R9 and R10.
 *   AArch64: preserve_most keeps X9-X15 besides the AAPCS callee-saved
 *            registers (X0-X8 and X16-X18 are clobbered).
 *
 * Vector registers are not preserved by preserve_most either. The enter
 * trampoline passes its own frame address and its return address, which
 * the C++ code uses to find the instrumented caller's frame
 * (core/RegionEvents.h); the CFI directives let the unwinder walk through
 * the trampolines for that. __sextant_region_enter_frame receives that
 * frame's address from its caller and passes its arguments on unchanged.
\*===----------------------------------------------------------------------===*/

#include "runtime/api/AbiTrampolines.h"

#if SEXTANT_ABI_TRAMPOLINES

#if defined(__x86_64__)

/* Saves the caller-saved registers of the C convention that preserve_most
 * keeps, after a frame-pointer prologue. With RAX (8 pushes) the stack is
 * 16-byte aligned at the call; without it (7 pushes) an 8-byte pad aligns
 * it. */
.macro SAVE_VOLATILE with_rax
        pushq %rbp
        .cfi_def_cfa_offset 16
        .cfi_offset %rbp, -16
        movq %rsp, %rbp
        .cfi_def_cfa_register %rbp
  .if \with_rax
        pushq %rax
  .else
        subq $8, %rsp
  .endif
        pushq %rcx
        pushq %rdx
        pushq %rsi
        pushq %rdi
        pushq %r8
        pushq %r9
        pushq %r10
.endm

.macro RESTORE_VOLATILE with_rax
        popq %r10
        popq %r9
        popq %r8
        popq %rdi
        popq %rsi
        popq %rdx
        popq %rcx
  .if \with_rax
        popq %rax
  .else
        addq $8, %rsp
  .endif
        popq %rbp
        .cfi_def_cfa %rsp, 8
        ret
.endm

.macro TRAMPOLINE name, with_rax, pass_frame
        .text
        .p2align 4
        .globl \name
        .type \name, @function
\name:
        .cfi_startproc
        SAVE_VOLATILE \with_rax
  .if \pass_frame
        movq %rbp, %rsi          /* the trampoline's frame address */
        movq 8(%rbp), %rdx       /* its return address */
  .endif
        call \name\()_impl
        RESTORE_VOLATILE \with_rax
        .cfi_endproc
        .size \name, . - \name
        .hidden \name\()_impl
.endm

        TRAMPOLINE __sextant_region_register, 0, 0
        TRAMPOLINE __sextant_region_enter, 1, 1
        TRAMPOLINE __sextant_region_enter_frame, 1, 0
        TRAMPOLINE __sextant_region_exit, 1, 0

#elif defined(__aarch64__)

.macro TRAMPOLINE name, pass_frame
        .text
        .p2align 4
        .globl \name
        .type \name, %function
\name:
        .cfi_startproc
        stp x29, x30, [sp, #-80]!
        .cfi_def_cfa_offset 80
        .cfi_offset x29, -80
        .cfi_offset x30, -72
        mov x29, sp
        stp x9, x10, [sp, #16]
        stp x11, x12, [sp, #32]
        stp x13, x14, [sp, #48]
        str x15, [sp, #64]
  .if \pass_frame
        mov x1, x29              /* the trampoline's frame address */
        mov x2, x30              /* its return address */
  .endif
        bl \name\()_impl
        ldp x9, x10, [sp, #16]
        ldp x11, x12, [sp, #32]
        ldp x13, x14, [sp, #48]
        ldr x15, [sp, #64]
        ldp x29, x30, [sp], #80
        .cfi_def_cfa_offset 0
        .cfi_restore x29
        .cfi_restore x30
        ret
        .cfi_endproc
        .size \name, . - \name
        .hidden \name\()_impl
.endm

        TRAMPOLINE __sextant_region_register, 0
        TRAMPOLINE __sextant_region_enter, 1
        TRAMPOLINE __sextant_region_enter_frame, 0
        TRAMPOLINE __sextant_region_exit, 0

#endif

#endif /* SEXTANT_ABI_TRAMPOLINES */

/* No executable stack. */
        .section .note.GNU-stack, "", %progbits
