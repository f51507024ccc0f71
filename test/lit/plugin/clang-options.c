// RUN: %clang -O1 -g %instrument -mllvm -sextant-filter=%S/Inputs/clang-options.filt \
// RUN:   -mllvm -sextant-min-instructions=4 -mllvm -sextant-list=- \
// RUN:   -S -emit-llvm -o %t.ll %s 2>&1 | tr '\t' '|' | FileCheck %s --check-prefix=LIST
// RUN: FileCheck %s < %t.ll

// The plugin's options reach it through clang's -mllvm when the plugin is
// also loaded with -fplugin (part of %instrument): the compile-time filter,
// the size threshold and the listing (here on standard error). With -g the
// listing shows the source file and line of each function.

// LIST-DAG: skipped|excluded_helper|excluded_helper|{{.*}}clang-options.c:[[@LINE+1]]|filter: excluded by {{.*}}clang-options.filt:2:11 (EXCLUDE excluded_*)
__attribute__((noinline)) int excluded_helper(int x) { return x * x + 3; }

// LIST-DAG: skipped|tiny|tiny|{{.*}}clang-options.c:[[@LINE+1]]|size: {{[0-9]}} instructions < 4, no loops
__attribute__((noinline)) int tiny(int x) { return x + 1; }

// LIST-DAG: instrumented|sum|sum|{{.*}}clang-options.c:[[@LINE+1]]|default
int sum(const int *v, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += v[i];
  return s + excluded_helper(n) + tiny(n);
}

// CHECK-NOT: @__sextant_descr.excluded_helper =
// CHECK-NOT: @__sextant_descr.tiny =
// CHECK: @__sextant_descr.sum = private constant
// CHECK-NOT: @__sextant_descr.excluded_helper =
// CHECK-NOT: @__sextant_descr.tiny =
