; RUN: %opt -passes=sextant-instrument -S %s | FileCheck %s

;; On ELF, the handle and the descriptor of a function in a comdat (inline
;; functions, template instantiations) join the function's comdat, so the
;; linker discards them together with the copies of the function it drops.
;; Functions without a comdat keep their globals outside any comdat.

target triple = "x86_64-unknown-linux-gnu"

$_Z6inlinei = comdat any

; CHECK: @__sextant_handle._Z6inlinei = private global i32 0, {{.*}}comdat($_Z6inlinei), align 4
; CHECK: @__sextant_descr._Z6inlinei = private constant %sextant.region_descriptor {{.*}}, comdat($_Z6inlinei), align 8
; CHECK: @__sextant_handle.standalone = private global i32 0,
; CHECK-NOT: comdat
; CHECK-SAME: align 4
; CHECK: @__sextant_descr.standalone = private constant %sextant.region_descriptor { {{.*}} },
; CHECK-NOT: comdat
; CHECK-SAME: align 8

define linkonce_odr i32 @_Z6inlinei(i32 %x) nounwind comdat {
  %y = mul i32 %x, 3
  ret i32 %y
}

define i32 @standalone(i32 %x) nounwind {
  %y = call i32 @_Z6inlinei(i32 %x)
  ret i32 %y
}
