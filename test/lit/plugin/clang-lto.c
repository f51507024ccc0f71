// RUN: %clang -O2 -flto %instrument -mllvm -sextant-lto=link -S -emit-llvm -o - %s 2>%t.err \
// RUN:   | FileCheck --check-prefix=DEFER %s
// RUN: count 0 < %t.err
// RUN: %clang -O2 -flto=thin %instrument -mllvm -sextant-lto=link -S -emit-llvm -o - %s 2>%t.err \
// RUN:   | FileCheck --check-prefix=DEFER %s
// RUN: count 0 < %t.err
// RUN: %clang -O2 -flto %instrument -S -emit-llvm -o - %s 2>%t.err | FileCheck --check-prefix=NOW %s
// RUN: FileCheck --check-prefix=WARN %s < %t.err
// RUN: %clang -O2 -flto=thin %instrument -S -emit-llvm -o - %s 2>%t.err | FileCheck --check-prefix=NOW %s
// RUN: FileCheck --check-prefix=WARN %s < %t.err

// Without LTO, -sextant-lto=link changes nothing: the module is
// instrumented, without a warning.
// RUN: %clang -O2 %instrument -mllvm -sextant-lto=link -S -emit-llvm -o - %s 2>%t.err \
// RUN:   | FileCheck --check-prefix=NOW %s
// RUN: count 0 < %t.err

// A ThinLTO backend at -O0 runs no pass plugin: a -O0 -flto=thin compile
// instruments now, without a warning. Full LTO at -O0 defers.
// RUN: %clang -O0 -flto=thin %instrument -mllvm -sextant-lto=link -S -emit-llvm -o - %s 2>%t.err \
// RUN:   | FileCheck --check-prefix=NOW %s
// RUN: count 0 < %t.err
// RUN: %clang -O0 -flto %instrument -mllvm -sextant-lto=link -S -emit-llvm -o - %s \
// RUN:   | FileCheck --check-prefix=DEFER %s

// clang -flto and -flto=thin mark the module for LTO (module flags) before
// the pipeline runs; that is how the plugin tells an LTO pre-link compile
// from an ordinary one.

// DEFER-NOT: call {{.*}}@__sextant_region_
// DEFER:     define {{.*}}@twice({{.*}} #[[ATTRS:[0-9]+]]
// DEFER-NOT: call {{.*}}@__sextant_region_
// DEFER:     attributes #[[ATTRS]] = { {{.*}}"sextant-deferred"=
// DEFER:     !"sextant.deferred"

// NOW:     define {{.*}}@twice(
// NOW:     call preserve_mostcc {{.*}}@__sextant_region_
// NOW-NOT: "sextant-deferred"

// WARN: warning: sextant: '{{.*}}clang-lto.c': instrumenting before link-time optimization

__attribute__((noinline)) int twice(int x) { return 2 * x; }
