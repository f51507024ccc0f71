; RUN: %opt -passes=sextant-instrument -S %s | FileCheck %s
; RUN: %opt -passes=sextant-instrument -sextant-list=- -disable-output %s 2>&1 \
; RUN:   | tr '\t' '|' | FileCheck %s --check-prefix=LIST

;; Without debug information (no -g) the descriptor names the module's
;; source file name as given to the compiler, both lines are 0, and the
;; SEXTANT_REGION_HAS_DEBUG_INFO flag is clear; the inserted instructions
;; carry no debug location.

source_filename = "src/solver.c"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: @[[FILE:__sextant_str[.0-9]*]] = private unnamed_addr constant [13 x i8] c"src/solver.c\00", {{.*}}align 1
; CHECK: @__sextant_descr.solve = private constant %sextant.region_descriptor { ptr @__sextant_handle.solve, ptr @{{.*}}, ptr @{{.*}}, ptr @[[FILE]], i32 0, i32 0, i32 50331648 }, {{.*}}align 8

; LIST: instrumented|solve|solve|src/solver.c:0|default

define double @solve(double %x) nounwind {
; CHECK-LABEL: define double @solve(
; CHECK-NOT:   !dbg
; CHECK:       ret double
  %y = fmul double %x, %x
  ret double %y
}
