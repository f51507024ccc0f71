; RUN: %opt -passes=sextant-instrument -sextant-version-max-instructions=0 -S %s \
; RUN:   | FileCheck %s

;; A nounwind function with a single return. Verifies the whole contract on
;; the simplest case: the private handle (initially 0) and the private
;; constant descriptor (handle, display name, mangled name, file, lines,
;; flags = ABI version 3 << 24), all kept out of sanitizer instrumentation
;; (no_sanitize_address/hwaddress: no redzones); the handle loaded once,
;; atomically, after the static allocas; registration only while the handle
;; is 0 (an unlikely branch); enter and exit guarded by "handle != -1" on
;; the same loaded value; the runtime entry points declared once, nounwind
;; and nonlazybind (called through the GOT: a lazy PLT resolver would
;; clobber registers that preserve_most callers keep); the module flag that
;; marks the module as instrumented. Versioning is off here: this is the in-place form, which the armed clone
;; of a versioned function also gets (versioning.ll).

source_filename = "single-return.c"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: %sextant.region_descriptor = type { ptr, ptr, ptr, ptr, i32, i32, i32 }
; CHECK: @__sextant_handle.add = private global i32 0, no_sanitize_address, no_sanitize_hwaddress, align 4
; CHECK: @[[NAME:__sextant_str[.0-9]*]] = private unnamed_addr constant [4 x i8] c"add\00", no_sanitize_address, no_sanitize_hwaddress, align 1
; CHECK: @[[FILE:__sextant_str[.0-9]*]] = private unnamed_addr constant [16 x i8] c"single-return.c\00", no_sanitize_address, no_sanitize_hwaddress, align 1
; CHECK: @__sextant_descr.add = private constant %sextant.region_descriptor { ptr @__sextant_handle.add, ptr @[[NAME]], ptr @[[NAME]], ptr @[[FILE]], i32 0, i32 0, i32 50331648 }, no_sanitize_address, no_sanitize_hwaddress, align 8

define i32 @add(i32 %a, i32 %b) nounwind {
; CHECK-LABEL: define i32 @add(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %tmp = alloca i32, align 4
; CHECK-NEXT:    %sextant.handle = load atomic i32, ptr @__sextant_handle.add monotonic, align 4
; CHECK-NEXT:    %sextant.unregistered = icmp eq i32 %sextant.handle, 0
; CHECK-NEXT:    br i1 %sextant.unregistered, label %sextant.register, label %sextant.check, !prof ![[UNLIKELY:[0-9]+]]
; CHECK-EMPTY:
; CHECK-NEXT:  sextant.register:
; CHECK-NEXT:    %sextant.id = call preserve_mostcc i32 @__sextant_region_register(ptr @__sextant_descr.add)
; CHECK-NEXT:    br label %sextant.check
; CHECK-EMPTY:
; CHECK-NEXT:  sextant.check:
; CHECK-NEXT:    %sextant.h = phi i32 [ %sextant.handle, %entry ], [ %sextant.id, %sextant.register ]
; CHECK-NEXT:    %sextant.armed = icmp ne i32 %sextant.h, -1
; CHECK-NEXT:    br i1 %sextant.armed, label %sextant.enter, label %sextant.body
; CHECK-EMPTY:
; CHECK-NEXT:  sextant.enter:
; CHECK-NEXT:    %sextant.return_slot = call ptr @llvm.addressofreturnaddress.p0()
; CHECK-NEXT:    %sextant.frame = getelementptr inbounds i8, ptr %sextant.return_slot, i64 8
; CHECK-NEXT:    call preserve_mostcc void @__sextant_region_enter_frame(i32 %sextant.h, ptr %sextant.frame)
; CHECK-NEXT:    br label %sextant.body
; CHECK-EMPTY:
; CHECK-NEXT:  sextant.body:
; CHECK-NEXT:    %sum = add i32 %a, %b
; CHECK-NEXT:    store i32 %sum, ptr %tmp, align 4
; CHECK-NEXT:    %r = load i32, ptr %tmp, align 4
; CHECK-NEXT:    %sextant.armed.exit = icmp ne i32 %sextant.h, -1
; CHECK-NEXT:    br i1 %sextant.armed.exit, label %sextant.exit, label %sextant.exited
; CHECK-EMPTY:
; CHECK-NEXT:  sextant.exit:
; CHECK-NEXT:    call preserve_mostcc void @__sextant_region_exit(i32 %sextant.h)
; CHECK-NEXT:    br label %sextant.exited
; CHECK-EMPTY:
; CHECK-NEXT:  sextant.exited:
; CHECK-NEXT:    ret i32 %r
; CHECK-NEXT:  }
entry:
  %tmp = alloca i32, align 4
  %sum = add i32 %a, %b
  store i32 %sum, ptr %tmp, align 4
  %r = load i32, ptr %tmp, align 4
  ret i32 %r
}

; CHECK: declare preserve_mostcc i32 @__sextant_region_register(ptr) #[[RUNTIME:[0-9]+]]
; CHECK: declare preserve_mostcc void @__sextant_region_enter_frame(i32, ptr) #[[RUNTIME]]
; CHECK: declare preserve_mostcc void @__sextant_region_exit(i32) #[[RUNTIME]]
; CHECK: attributes #[[RUNTIME]] = { nounwind nonlazybind }
; CHECK: !llvm.module.flags = !{![[FLAG:[0-9]+]]}
; CHECK: ![[FLAG]] = !{i32 7, !"sextant.instrumented", i32 1}
; CHECK: ![[UNLIKELY]] = !{!"branch_weights", i32 1, i32 {{[0-9]+}}}
