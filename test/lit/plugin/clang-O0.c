// RUN: %clang -O0 %instrument -S -emit-llvm -o - %s | FileCheck %s

// clang -O0 with the plugin loaded (-fplugin and -fpass-plugin): the pass
// runs at -O0 (OptimizerLast extension point, optnone functions included)
// and instruments every function defined here.

// CHECK-DAG: @__sextant_descr.square = private constant
// CHECK-DAG: @__sextant_descr.main = private constant

int square(int x) { return x * x; }
// CHECK-LABEL: define {{.*}}i32 @square(
// CHECK:         load atomic i32, ptr @__sextant_handle.square monotonic, align 4
// CHECK:         call preserve_mostcc i32 @__sextant_region_register(ptr @__sextant_descr.square)
// CHECK:         call preserve_mostcc void @__sextant_region_enter_frame(
// CHECK:         call preserve_mostcc void @__sextant_region_exit(
// CHECK:         ret i32

int main(void) { return square(3) - 9; }
// CHECK-LABEL: define {{.*}}i32 @main(
// CHECK:         call preserve_mostcc void @__sextant_region_enter_frame(
// CHECK:         call {{.*}}i32 @square(
// CHECK:         call preserve_mostcc void @__sextant_region_exit(
// CHECK:         ret i32
