; RUN: %opt -passes=sextant-instrument -S %s | FileCheck %s
; RUN: %opt -passes=sextant-instrument -S %s | opt -passes=verify -disable-output
; RUN: %opt -passes=sextant-instrument -sextant-version-max-instructions=0 -S %s \
; RUN:   | FileCheck %s --check-prefix=OFF
; RUN: %opt -passes=sextant-instrument -sextant-version-max-instructions=4 -S %s \
; RUN:   | FileCheck %s --check-prefix=MAX4
; RUN: %opt -passes=sextant-instrument -sextant-version-max-instructions=5 -S %s \
; RUN:   | FileCheck %s --check-prefix=MAX5
; RUN: %opt -passes=sextant-instrument,sextant-instrument -S %s \
; RUN:   | FileCheck %s --check-prefix=TWICE
; RUN: %opt -passes=sextant-instrument -sextant-list=- -disable-output %s 2>&1 \
; RUN:   | tr '\t' '|' | FileCheck %s --check-prefix=LIST
; RUN: %opt -passes=sextant-instrument -stats -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=STATS

;; Small functions are versioned: the function keeps its original body as
;; the fast path of a disarmed region (one load of the handle, one branch;
;; f's arguments stay where they are), and an armed or unregistered region
;; tail-calls the internal clone "<f>.sextant.armed" with f's arguments and
;; the loaded handle value as an extra last parameter; the clone carries the
;; usual instrumentation using that value: the handle is still loaded once
;; per call. The descriptor and the handle are the original function's. The
;; static stack slots of f's entry block move into the dispatch block.
;; Varargs functions, functions with a musttail call, with a stack slot of
;; variable size in their entry block or with byval arguments keep the
;; in-place form. -sextant-version-max-instructions=N versions functions
;; with fewer than N instructions (leaf has 4: versioned with N=5, not with
;; N=4); 0 turns versioning off.

target triple = "x86_64-unknown-linux-gnu"

; CHECK: @__sextant_handle.leaf = private global i32 0
; CHECK: @__sextant_descr.leaf = private constant %sextant.region_descriptor { ptr @__sextant_handle.leaf,
; CHECK-NOT: @__sextant_handle.leaf.sextant.armed
; CHECK-NOT: @__sextant_descr.leaf.sextant.armed

define zeroext i16 @leaf(ptr nonnull %p, i16 zeroext %x) nounwind memory(argmem: read) {
; CHECK-LABEL: define zeroext i16 @leaf(ptr nonnull %p, i16 zeroext %x)
; CHECK-SAME:  #[[LEAF_ATTRS:[0-9]+]] {
; CHECK-NEXT:  sextant.dispatch:
; CHECK-NEXT:    %sextant.handle = load atomic i32, ptr @__sextant_handle.leaf monotonic, align 4
; CHECK-NEXT:    %sextant.armed = icmp ne i32 %sextant.handle, -1
; CHECK-NEXT:    br i1 %sextant.armed, label %sextant.call.armed, label %entry, !prof ![[UNLIKELY:[0-9]+]]
; CHECK-EMPTY:
; CHECK-NEXT:  sextant.call.armed:
; CHECK-NEXT:    %sextant.result = tail call zeroext i16 @leaf.sextant.armed(ptr nonnull %p, i16 zeroext %x, i32 %sextant.handle)
; CHECK-NEXT:    ret i16 %sextant.result
; CHECK-EMPTY:
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %v = load i16, ptr %p, align 2
; CHECK-NEXT:    %s = add i16 %v, %x
; CHECK-NEXT:    %r = mul i16 %s, 3
; CHECK-NEXT:    ret i16 %r
; CHECK-NEXT:  }
entry:
  %v = load i16, ptr %p, align 2
  %s = add i16 %v, %x
  %r = mul i16 %s, 3
  ret i16 %r
}

;; A function that may unwind: the fast path keeps its plain call (no
;; landing pad, no personality needed), the clone gets the cleanup landing
;; pad that calls the exit hook with the same value and resumes.
declare void @may_throw()

define void @calls_out() personality ptr @__gxx_personality_v0 {
; CHECK-LABEL: define void @calls_out()
; CHECK-NEXT:  sextant.dispatch:
; CHECK-NEXT:    %sextant.handle = load atomic i32, ptr @__sextant_handle.calls_out monotonic, align 4
; CHECK-NEXT:    %sextant.armed = icmp ne i32 %sextant.handle, -1
; CHECK-NEXT:    br i1 %sextant.armed, label %sextant.call.armed, label %entry, !prof ![[UNLIKELY]]
; CHECK-EMPTY:
; CHECK-NEXT:  sextant.call.armed:
; CHECK-NEXT:    tail call void @calls_out.sextant.armed(i32 %sextant.handle)
; CHECK-NEXT:    ret void
; CHECK-EMPTY:
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @may_throw()
; CHECK-NEXT:    ret void
; CHECK-NEXT:  }
entry:
  call void @may_throw()
  ret void
}

declare i32 @__gxx_personality_v0(...)

;; The variadic, musttail, variable-size alloca and byval functions are
;; instrumented in place.
define i32 @variadic(i32 %n, ...) nounwind {
; CHECK-LABEL: define i32 @variadic(i32 %n, ...)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %sextant.handle = load atomic i32, ptr @__sextant_handle.variadic monotonic
entry:
  %r = add i32 %n, 1
  ret i32 %r
}

declare i32 @target(i32)

define i32 @forwards(i32 %x) nounwind {
; CHECK-LABEL: define i32 @forwards(i32 %x)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %sextant.handle = load atomic i32, ptr @__sextant_handle.forwards monotonic
; CHECK:         call preserve_mostcc void @__sextant_region_exit(
; CHECK:         %r = musttail call i32 @target(i32 %x)
; CHECK-NEXT:    ret i32 %r
entry:
  %r = musttail call i32 @target(i32 %x)
  ret i32 %r
}

declare void @use(ptr)

define void @with_dynamic_slot(i64 %n) nounwind {
; CHECK-LABEL: define void @with_dynamic_slot(i64 %n)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %sextant.handle = load atomic i32, ptr @__sextant_handle.with_dynamic_slot monotonic
; CHECK:       sextant.body:
; CHECK-NEXT:    %size = mul i64 %n, 4
; CHECK-NEXT:    %slot = alloca i8, i64 %size, align 4
entry:
  %size = mul i64 %n, 4
  %slot = alloca i8, i64 %size, align 4
  call void @use(ptr %slot)
  ret void
}

;; Static stack slots of the entry block move into the dispatch block, in
;; their order, so that they stay static; the original body uses them.
define void @with_slots() nounwind {
; CHECK-LABEL: define void @with_slots()
; CHECK-NEXT:  sextant.dispatch:
; CHECK-NEXT:    %slot = alloca i32, align 4
; CHECK-NEXT:    %pair = alloca [2 x i64], align 8
; CHECK-NEXT:    %sextant.handle = load atomic i32, ptr @__sextant_handle.with_slots monotonic, align 4
; CHECK-NEXT:    %sextant.armed = icmp ne i32 %sextant.handle, -1
; CHECK-NEXT:    br i1 %sextant.armed, label %sextant.call.armed, label %entry, !prof ![[UNLIKELY]]
; CHECK-EMPTY:
; CHECK-NEXT:  sextant.call.armed:
; CHECK-NEXT:    tail call void @with_slots.sextant.armed(i32 %sextant.handle)
; CHECK-NEXT:    ret void
; CHECK-EMPTY:
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @use(ptr %slot)
; CHECK-NEXT:    call void @use(ptr %pair)
; CHECK-NEXT:    ret void
; CHECK-NEXT:  }
entry:
  %slot = alloca i32, align 4
  %pair = alloca [2 x i64], align 8
  call void @use(ptr %slot)
  call void @use(ptr %pair)
  ret void
}

%struct.pair = type { i64, i64 }

define i64 @by_value(ptr byval(%struct.pair) align 8 %p) nounwind {
; CHECK-LABEL: define i64 @by_value(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %sextant.handle = load atomic i32, ptr @__sextant_handle.by_value monotonic
entry:
  %v = load i64, ptr %p, align 8
  ret i64 %v
}

;; The clone: internal, noinline, F's parameters and their attributes, the
;; handle value last, no memory attribute (it calls the runtime);
;; registration while the value is 0, enter and exit with the same value and
;; without SEXTANT_FILTERED guards (the runtime ignores that value, which
;; only the registration may return).
; CHECK-LABEL: define internal zeroext i16 @leaf.sextant.armed(ptr nonnull %p, i16 zeroext %x, i32 %sextant.handle)
; CHECK-SAME:  unnamed_addr #[[CLONE_ATTRS:[0-9]+]] {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %sextant.unregistered = icmp eq i32 %sextant.handle, 0
; CHECK-NEXT:    br i1 %sextant.unregistered, label %sextant.register, label %sextant.enter, !prof ![[UNLIKELY]]
; CHECK-EMPTY:
; CHECK-NEXT:  sextant.register:
; CHECK-NEXT:    %sextant.id = call preserve_mostcc i32 @__sextant_region_register(ptr @__sextant_descr.leaf)
; CHECK-NEXT:    br label %sextant.enter
; CHECK-EMPTY:
; CHECK-NEXT:  sextant.enter:
; CHECK-NEXT:    %sextant.h = phi i32 [ %sextant.handle, %entry ], [ %sextant.id, %sextant.register ]
; CHECK-NEXT:    %sextant.return_slot = call ptr @llvm.addressofreturnaddress.p0()
; CHECK-NEXT:    %sextant.frame = getelementptr inbounds i8, ptr %sextant.return_slot, i64 8
; CHECK-NEXT:    call void @__sextant_region_enter_frame_c(i32 %sextant.h, ptr %sextant.frame)
; CHECK-NEXT:    %v = load i16, ptr %p, align 2
; CHECK-NEXT:    %s = add i16 %v, %x
; CHECK-NEXT:    %r = mul i16 %s, 3
; CHECK-NEXT:    call void @__sextant_region_exit_c(i32 %sextant.h)
; CHECK-NEXT:    ret i16 %r
; CHECK-NEXT:  }

; CHECK-LABEL: define internal void @calls_out.sextant.armed(i32 %sextant.handle)
; CHECK-SAME:  personality ptr @__gxx_personality_v0 {
; CHECK:         call void @__sextant_region_enter_frame_c(i32 %sextant.h, ptr %sextant.frame)
; CHECK:         invoke void @may_throw()
; CHECK-NEXT:            to label %[[CONT:.*]] unwind label %sextant.cleanup
; CHECK:         call void @__sextant_region_exit_c(i32 %sextant.h)
; CHECK:         ret void
; CHECK:       sextant.cleanup:
; CHECK-NEXT:    %[[LP:.*]] = landingpad { ptr, i32 }
; CHECK-NEXT:            cleanup
; CHECK:         call void @__sextant_region_exit_c(i32 %sextant.h)
; CHECK:         resume { ptr, i32 } %[[LP]]

;; The clone of with_slots has its own stack slots, in its entry block in
;; front of the entry code.
; CHECK-LABEL: define internal void @with_slots.sextant.armed(i32 %sextant.handle)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %slot = alloca i32, align 4
; CHECK-NEXT:    %pair = alloca [2 x i64], align 8
; CHECK-NEXT:    %sextant.unregistered = icmp eq i32 %sextant.handle, 0
; CHECK:         call void @use(ptr %slot)
; CHECK-NEXT:    call void @use(ptr %pair)

;; Only leaf, calls_out and with_slots are versioned: no other clone exists.
; CHECK-NOT: .sextant.armed(

; CHECK-DAG: attributes #[[LEAF_ATTRS]] = { nounwind }
; CHECK-DAG: attributes #[[CLONE_ATTRS]] = { noinline nounwind }
; CHECK-DAG: ![[UNLIKELY]] = !{!"branch_weights", i32 1, i32 1048575}

; OFF-LABEL: define zeroext i16 @leaf(
; OFF-NEXT:  entry:
; OFF-NEXT:    %sextant.handle = load atomic i32, ptr @__sextant_handle.leaf monotonic
; OFF-NOT:   sextant.armed(

; MAX4-LABEL: define zeroext i16 @leaf(
; MAX4-NEXT:  entry:
; MAX4-NEXT:    %sextant.handle = load atomic i32, ptr @__sextant_handle.leaf monotonic
; MAX4-NOT:   @leaf.sextant.armed(

; MAX5-LABEL: define zeroext i16 @leaf(
; MAX5-NEXT:  sextant.dispatch:
; MAX5:       define internal zeroext i16 @leaf.sextant.armed(

; TWICE-COUNT-1: define internal zeroext i16 @leaf.sextant.armed(
; TWICE-NOT:     define internal {{.*}}.sextant.armed
; TWICE-NOT:     sextant.armed.sextant.armed
; TWICE-COUNT-1: call preserve_mostcc i32 @__sextant_region_register(ptr @__sextant_descr.leaf)
; TWICE-NOT:     @__sextant_region_register(ptr @__sextant_descr.leaf)

;; The listing shows each function once, under its own name.
; LIST:     instrumented|leaf|leaf|
; LIST-NOT: sextant.armed

; STATS-DAG: 7 sextant-instrument - Functions instrumented
; STATS-DAG: 3 sextant-instrument - Functions versioned
