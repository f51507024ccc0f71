; RUN: %opt -passes=sextant-instrument -sextant-version-max-instructions=0 -S %s | FileCheck %s --check-prefix=PRESERVE
; RUN: %opt -mtriple=aarch64-unknown-linux-gnu -passes=sextant-instrument -sextant-version-max-instructions=0 -S %s | FileCheck %s --check-prefix=PRESERVE
; RUN: %opt -mtriple=riscv64-unknown-linux-gnu -passes=sextant-instrument -sextant-version-max-instructions=0 -S %s | FileCheck %s --check-prefix=CCONV

;; The runtime's entry points use the preserve_most calling convention on
;; x86-64 and AArch64 (SEXTANT_ABI_CALL in instrumentation_abi.h): the
;; declarations and every inserted call carry it, so an instrumented function
;; keeps its values in caller-saved registers across the guarded calls and its
;; disarmed path needs no spills. Other targets use the C convention, in the
;; declarations and the calls alike.
;; (-sextant-version-max-instructions=0: the in-place form, see versioning.ll.)

target triple = "x86_64-unknown-linux-gnu"

define i32 @leaf(i32 %x) nounwind {
; PRESERVE-LABEL: define i32 @leaf(
; PRESERVE:         call preserve_mostcc i32 @__sextant_region_register(ptr @__sextant_descr.leaf)
; PRESERVE:         call preserve_mostcc void @__sextant_region_enter_frame(i32 %sextant.h, ptr %sextant.frame)
; PRESERVE:         call preserve_mostcc void @__sextant_region_exit(i32 %sextant.h)
; PRESERVE-NEXT:    br label
; CCONV-LABEL:    define i32 @leaf(
; CCONV:            call i32 @__sextant_region_register(ptr @__sextant_descr.leaf)
; CCONV:            call void @__sextant_region_enter(i32 %sextant.h)
; CCONV-NOT:        __sextant_region_enter_frame(
; CCONV:            call void @__sextant_region_exit(i32 %sextant.h)
; CCONV-NOT:        preserve_mostcc
  %y = mul i32 %x, 2
  ret i32 %y
}

; PRESERVE-DAG: declare preserve_mostcc i32 @__sextant_region_register(ptr) #[[ATTRS:[0-9]+]]
; PRESERVE-DAG: declare preserve_mostcc void @__sextant_region_enter(i32) #[[ATTRS]]
; PRESERVE-DAG: declare preserve_mostcc void @__sextant_region_enter_frame(i32, ptr) #[[ATTRS]]
; PRESERVE-DAG: declare preserve_mostcc void @__sextant_region_exit(i32) #[[ATTRS]]
; PRESERVE-DAG: attributes #[[ATTRS]] = { nounwind nonlazybind }
; CCONV-DAG:    declare i32 @__sextant_region_register(ptr) #[[ATTRS:[0-9]+]]
; CCONV-DAG:    declare void @__sextant_region_enter(i32) #[[ATTRS]]
; CCONV-DAG:    declare void @__sextant_region_enter_frame(i32, ptr) #[[ATTRS]]
; CCONV-DAG:    declare void @__sextant_region_exit(i32) #[[ATTRS]]
