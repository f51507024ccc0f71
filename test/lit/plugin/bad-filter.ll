; RUN: not %opt -passes=sextant-instrument -sextant-filter=%S/Inputs/malformed.filt \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=MALFORMED
; RUN: not %opt -passes=sextant-instrument -sextant-filter=%S/Inputs/unclosed.filt \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=UNCLOSED
; RUN: not %opt -passes=sextant-instrument -sextant-filter=%t.does-not-exist.filt \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=MISSING
; RUN: not %opt -passes=sextant-instrument -sextant-filter=%S/Inputs/mangled.filt \
; RUN:   -sextant-filter=%S/Inputs/malformed.filt -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=MALFORMED

;; A filter file that cannot be read or is malformed stops the compilation
;; with an ordinary error diagnostic (non-zero exit status, no crash) that
;; names the file, the line and the column, and says what was expected;
;; also when it is the second of several -sextant-filter files.

; MALFORMED: error: sextant: {{.*}}Inputs/malformed.filt:5:3: 'EXCLUDE' outside a block; expected 'SCOREP_REGION_NAMES_BEGIN' or 'SCOREP_FILE_NAMES_BEGIN' before rules
; UNCLOSED:  error: sextant: {{.*}}Inputs/unclosed.filt:1:1: 'SCOREP_REGION_NAMES_BEGIN' is never closed; expected 'SCOREP_REGION_NAMES_END'
; MISSING:   error: sextant: {{.*}}does-not-exist.filt: cannot read filter file: No such file or directory
; CHECK-NOT: Stack dump
; MALFORMED-NOT: Stack dump
; UNCLOSED-NOT:  Stack dump
; MISSING-NOT:   Stack dump

define void @f() {
  ret void
}
