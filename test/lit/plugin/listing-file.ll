; RUN: rm -f %t.list
; RUN: %opt -passes=sextant-instrument -sextant-list=%t.list -disable-output %s
; RUN: %opt -passes=sextant-instrument -sextant-list=%t.list -disable-output %S/Inputs/second-module.ll
; RUN: tr '\t' '|' < %t.list | FileCheck %s
; RUN: not %opt -passes=sextant-instrument -sextant-list=%t.missing-dir/x.list \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=UNWRITABLE

;; -sextant-list=<path> appends (O_APPEND, one write per module) to the
;; file, creating it if needed, so that several compilations (also parallel
;; ones) can share one listing; one line per function:
;;   <instrumented|skipped> TAB <display> TAB <mangled> TAB <file>:<line> TAB <reason>
;; A listing that cannot be written is an error.

; CHECK:      instrumented|first_module_fn|first_module_fn|first.c:0|default
; CHECK-NEXT: skipped|external|external|first.c:0|declaration
; CHECK-NEXT: instrumented|second_module_fn|second_module_fn|second.c:0|default
; CHECK-NOT:  {{.}}

; UNWRITABLE: error: sextant: cannot write the function listing (-sextant-list): '{{.*}}x.list': No such file or directory

source_filename = "first.c"

define void @first_module_fn() {
  call void @external()
  ret void
}

declare void @external()
