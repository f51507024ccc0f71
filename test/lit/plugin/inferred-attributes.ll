; RUN: %opt -passes=sextant-instrument -S %s | FileCheck %s
; RUN: %opt -passes=sextant-instrument -sextant-version-max-instructions=0 -S %s | FileCheck %s

;; The optimizer inferred memory(none), nosync and nofree from the body of
;; @square before instrumentation. An instrumented function calls the
;; runtime, which writes memory, synchronizes and allocates, so those
;; attributes are dropped, in the versioned form (first RUN line) and in the
;; in-place form (second); attributes that still hold (nounwind, willreturn)
;; stay. A function that is not instrumented (@tiny_skipped is a declaration
;; here) keeps its attributes.

target triple = "x86_64-unknown-linux-gnu"

define i32 @square(i32 %x) #0 {
; CHECK: define i32 @square(i32 %x) #[[SQUARE:[0-9]+]]
  %y = mul i32 %x, %x
  ret i32 %y
}

declare i32 @tiny_skipped(i32) #0

; CHECK: declare i32 @tiny_skipped(i32) #[[KEPT:[0-9]+]]
; CHECK-DAG: attributes #[[SQUARE]] = { nounwind willreturn }
; CHECK-DAG: attributes #[[KEPT]] = { nofree nosync nounwind willreturn memory(none) }

attributes #0 = { nofree nosync nounwind willreturn memory(none) }
