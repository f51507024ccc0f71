// RUN: %clang -O2 %instrument -mllvm -sextant-version-max-instructions=0 -S -emit-llvm -o - %s | FileCheck %s

// The plugin runs after the optimization pipeline (OptimizerLast), so a
// function inlined into all its callers and then removed is never
// instrumented, and its body inside the caller carries no enter/exit
// calls of its own; a function kept out of line is instrumented.
// (-sextant-version-max-instructions=0: compute is small enough to be
// versioned; the in-place form keeps enter, call and exit in one function.)

// CHECK-NOT: @__sextant_descr.inlined_helper
// CHECK-NOT: @__sextant_handle.inlined_helper
// CHECK-DAG: @__sextant_descr.kept_helper = private constant
// CHECK-DAG: @__sextant_descr.compute = private constant
// CHECK-NOT: @__sextant_descr.inlined_helper

static int inlined_helper(int x) { return x * 3 + 1; }

__attribute__((noinline)) int kept_helper(int x) { return x * 5 + 2; }

int compute(int x) { return inlined_helper(x) + kept_helper(x); }
// CHECK-LABEL: define {{.*}}i32 @compute(
// CHECK-NOT:     call {{.*}}@inlined_helper
// CHECK:         call preserve_mostcc void @__sextant_region_enter_frame(
// CHECK-NOT:     call preserve_mostcc void @__sextant_region_enter_frame(
// CHECK:         call {{.*}}i32 @kept_helper(
// CHECK-NOT:     call preserve_mostcc void @__sextant_region_enter_frame(
// CHECK:         call preserve_mostcc void @__sextant_region_exit(
// CHECK-NOT:     call void @__sextant_region_
// CHECK:         ret i32
// CHECK-NOT: define {{.*}}@inlined_helper
