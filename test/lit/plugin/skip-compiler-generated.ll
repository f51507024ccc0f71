; RUN: %opt -passes=sextant-instrument -S %s | FileCheck %s
; RUN: %opt -passes=sextant-instrument -sextant-list=- -disable-output %s 2>&1 \
; RUN:   | tr '\t' '|' | FileCheck %s --check-prefix=LIST

;; Functions the compiler writes on its own are skipped as
;; "compiler-generated", with the kind in the listing: global initializers
;; and destructors (by clang's names, and every function listed in
;; llvm.global_ctors / llvm.global_dtors), thread-local init and wrapper
;; functions, thunks (by the "thunk" attribute or the _ZTh/_ZTv/_ZTc
;; names), and __clang_call_terminate. An ordinary function is instrumented.

target triple = "x86_64-unknown-linux-gnu"

@llvm.global_ctors = appending global [2 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_app.cpp, ptr null }, { i32, ptr, ptr } { i32 101, ptr @early_setup, ptr null }]
@llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @late_teardown, ptr null }]

; CHECK-NOT: @__sextant_descr.{{.*}} = private constant
; CHECK: @__sextant_descr._Z8ordinaryv = private constant
; CHECK-NOT: @__sextant_descr.{{.*}} = private constant

; LIST:      skipped|__cxx_global_var_init|__cxx_global_var_init|{{.*}}|compiler-generated: global initializer
; LIST-NEXT: skipped|__cxx_global_var_init.1|__cxx_global_var_init.1|{{.*}}|compiler-generated: global initializer
; LIST-NEXT: skipped|_GLOBAL__sub_I_app.cpp|_GLOBAL__sub_I_app.cpp|{{.*}}|compiler-generated: global initializer
; LIST-NEXT: skipped|__cxx_global_array_dtor|__cxx_global_array_dtor|{{.*}}|compiler-generated: global destructor
; LIST-NEXT: skipped|__dtor__ZL5table|__dtor__ZL5table|{{.*}}|compiler-generated: global destructor
; LIST-NEXT: skipped|early_setup|early_setup|{{.*}}|compiler-generated: listed in llvm.global_ctors/llvm.global_dtors
; LIST-NEXT: skipped|late_teardown|late_teardown|{{.*}}|compiler-generated: listed in llvm.global_ctors/llvm.global_dtors
; LIST-NEXT: skipped|__tls_init|__tls_init|{{.*}}|compiler-generated: thread-local initializer
; LIST-NEXT: skipped|thread-local initialization routine for counter|_ZTH7counter|{{.*}}|compiler-generated: thread-local initializer
; LIST-NEXT: skipped|thread-local wrapper routine for counter|_ZTW7counter|{{.*}}|compiler-generated: thread-local initializer
; LIST-NEXT: skipped|non-virtual thunk to Derived::get()|_ZThn8_N7Derived3getEv|{{.*}}|compiler-generated: thunk
; LIST-NEXT: skipped|virtual thunk to Derived::get()|_ZTv0_n24_N7Derived3getEv|{{.*}}|compiler-generated: thunk
; LIST-NEXT: skipped|covariant return thunk to Derived::clone()|_ZTch0_h8_N7Derived5cloneEv|{{.*}}|compiler-generated: thunk
; LIST-NEXT: skipped|adjustor|adjustor|{{.*}}|compiler-generated: thunk
; LIST-NEXT: skipped|__clang_call_terminate|__clang_call_terminate|{{.*}}|compiler-generated: __clang_call_terminate
; LIST-NEXT: instrumented|ordinary()|_Z8ordinaryv|{{.*}}|default

define internal void @__cxx_global_var_init() nounwind {
  call void @work()
  ret void
}

define internal void @__cxx_global_var_init.1() nounwind {
  call void @work()
  ret void
}

define internal void @_GLOBAL__sub_I_app.cpp() nounwind {
  call void @__cxx_global_var_init()
  call void @__cxx_global_var_init.1()
  ret void
}

define internal void @__cxx_global_array_dtor(ptr %p) nounwind {
  call void @work()
  ret void
}

define internal void @__dtor__ZL5table() nounwind {
  call void @work()
  ret void
}

define void @early_setup() nounwind {
  call void @work()
  ret void
}

define void @late_teardown() nounwind {
  call void @work()
  ret void
}

define internal void @__tls_init() nounwind {
  call void @work()
  ret void
}

define void @_ZTH7counter() nounwind {
  call void @work()
  ret void
}

define weak_odr hidden ptr @_ZTW7counter() nounwind {
  call void @_ZTH7counter()
  ret ptr null
}

define linkonce_odr i32 @_ZThn8_N7Derived3getEv(ptr %this) nounwind {
  %r = call i32 @get(ptr %this)
  ret i32 %r
}

define linkonce_odr i32 @_ZTv0_n24_N7Derived3getEv(ptr %this) nounwind {
  %r = call i32 @get(ptr %this)
  ret i32 %r
}

define linkonce_odr ptr @_ZTch0_h8_N7Derived5cloneEv(ptr %this) nounwind {
  %r = call ptr @clone(ptr %this)
  ret ptr %r
}

define internal i32 @adjustor(ptr %this) nounwind "thunk" {
  %r = call i32 @get(ptr %this)
  ret i32 %r
}

define linkonce_odr hidden void @__clang_call_terminate(ptr %exn) noreturn nounwind {
  call void @work()
  unreachable
}

define void @_Z8ordinaryv() nounwind {
; CHECK-LABEL: define void @_Z8ordinaryv(
; CHECK:         call void @__sextant_region_enter_frame_c
  call void @work()
  ret void
}

declare void @work() nounwind
declare i32 @get(ptr) nounwind
declare ptr @clone(ptr) nounwind
