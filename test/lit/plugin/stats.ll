; RUN: %opt -passes=sextant-instrument -stats -disable-output %s 2>&1 \
; RUN:   | FileCheck %s

;; -stats prints the plugin's counters (also with a release build of LLVM,
;; whose own counters are compiled out): functions instrumented, function
;; definitions skipped automatically (declarations are not counted),
;; exit points (the return and the cleanup landing pad of @unwinds, the two
;; returns of @two_returns) and cleanup landing pads.

target triple = "x86_64-unknown-linux-gnu"

; CHECK: Statistics Collected
; CHECK-DAG: 1 sextant-instrument - Cleanup landing pads added
; CHECK-DAG: 4 sextant-instrument - Exit points instrumented
; CHECK-DAG: 2 sextant-instrument - Functions instrumented
; CHECK-DAG: 1 sextant-instrument - Function definitions skipped by an automatic rule

define void @unwinds() {
  call void @may_throw()
  ret void
}

define i32 @two_returns(i1 %c) nounwind {
  br i1 %c, label %a, label %b
a:
  ret i32 1
b:
  ret i32 2
}

define void @empty() {
  ret void
}

declare void @may_throw()
