// RUN: not %clang -c %instrument -mllvm -sextant-filter=%S/Inputs/malformed.filt \
// RUN:   %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %clang -c %instrument -mllvm -sextant-filter=%t.does-not-exist.filt \
// RUN:   %s -o %t.o 2>&1 | FileCheck %s --check-prefix=MISSING

// Under clang a bad filter file is an ordinary compile error: clang prints
// "error: ..." with file, line and column, counts it, and fails; no crash.

// CHECK:     error: sextant: {{.*}}Inputs/malformed.filt:5:3: 'EXCLUDE' outside a block
// CHECK:     1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit a bug report

// MISSING:     error: sextant: {{.*}}does-not-exist.filt: cannot read filter file
// MISSING:     1 error generated.
// MISSING-NOT: Stack dump

int add(int a, int b) { return a + b; }
