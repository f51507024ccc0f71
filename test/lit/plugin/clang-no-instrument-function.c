// RUN: %clang -O1 -finstrument-functions-after-inlining %instrument -S -o - %s \
// RUN:   | FileCheck %s
// RUN: %clang -O0 -finstrument-functions-after-inlining %instrument -S -o - %s \
// RUN:   | FileCheck %s

// With -finstrument-functions-after-inlining, clang makes
// no_instrument_function visible to the plugin, which honours it; the
// plugin also keeps the code generator from inserting the
// __cyg_profile_func_enter/exit calls that this option would otherwise add.
// Checked on the generated assembly, after the code generator ran.

// CHECK-NOT: __cyg_profile_func

__attribute__((no_instrument_function)) int quiet(int x) { return x * 3; }
// CHECK-LABEL: quiet:
// CHECK-NOT:     __sextant_region
// CHECK:         ret

__attribute__((noinline)) int loud(int x) { return quiet(x) + 1; }
// CHECK-LABEL: loud:
// CHECK:         __sextant_region_enter
// CHECK:         __sextant_region_exit

// CHECK-NOT: __cyg_profile_func
