; RUN: %opt -passes=sextant-instrument -S %s | FileCheck %s
; RUN: %opt -passes=sextant-instrument -sextant-list=- -disable-output %s 2>&1 \
; RUN:   | tr '\t' '|' | FileCheck %s --check-prefix=LIST

;; Declarations have no body to instrument; the listing shows them (with
;; their demangled name) as skipped for "declaration". LLVM intrinsics are
;; not listed at all.

target triple = "x86_64-unknown-linux-gnu"

declare void @_ZN2ns8externalEi(i32)
declare void @llvm.trap()

; CHECK-NOT: @__sextant_descr.{{.*}} = private constant
; CHECK: declare void @_ZN2ns8externalEi(i32)
; CHECK-NOT: __sextant_region

; LIST:     skipped|ns::external(int)|_ZN2ns8externalEi|{{.*}}skip-declaration.ll:0|declaration
; LIST-NOT: llvm.trap
