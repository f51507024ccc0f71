; RUN: %opt -passes=sextant-instrument -sextant-filter=%S/Inputs/instrument-section.filt \
; RUN:   -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARNING < %t.err

;; A filter-file warning (here a TAU instrument section, which does not
;; apply to function-level instrumentation) is printed as a warning naming
;; file, line and column; the compilation goes on and the file's other rules
;; apply.

target triple = "x86_64-unknown-linux-gnu"

; WARNING: warning: sextant: {{.*}}instrument-section.filt:1:1: 'BEGIN_INSTRUMENT_SECTION' does not apply to function-level instrumentation
; WARNING-NOT: error

; CHECK-NOT: @__sextant_descr.skipped_by_tau =
; CHECK: @__sextant_descr.kept = private constant
; CHECK-NOT: @__sextant_descr.skipped_by_tau =

define void @skipped_by_tau() nounwind {
  call void @work()
  ret void
}

define void @kept() nounwind {
  call void @work()
  ret void
}

declare void @work() nounwind
