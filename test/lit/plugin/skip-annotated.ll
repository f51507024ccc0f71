; RUN: %opt -passes=sextant-instrument -S %s | FileCheck %s
; RUN: %opt -passes=sextant-instrument -sextant-list=- -disable-output %s 2>&1 \
; RUN:   | tr '\t' '|' | FileCheck %s --check-prefix=LIST

;; __attribute__((annotate("sextant_skip"))) keeps a function from being
;; instrumented; clang records it in @llvm.global.annotations, possibly
;; next to other annotations of the same function. Other annotations do not
;; skip.

target triple = "x86_64-unknown-linux-gnu"

@.str = private unnamed_addr constant [13 x i8] c"sextant_skip\00", section "llvm.metadata"
@.str.1 = private unnamed_addr constant [6 x i8] c"ann.c\00", section "llvm.metadata"
@.str.2 = private unnamed_addr constant [6 x i8] c"other\00", section "llvm.metadata"
@llvm.global.annotations = appending global [4 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @skipped_fn, ptr @.str, ptr @.str.1, i32 1, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @two_annotations, ptr @.str.2, ptr @.str.1, i32 2, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @two_annotations, ptr @.str, ptr @.str.1, i32 2, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @other_annotation, ptr @.str.2, ptr @.str.1, i32 3, ptr null }
], section "llvm.metadata"

; CHECK-NOT: @__sextant_descr.skipped_fn
; CHECK-NOT: @__sextant_descr.two_annotations
; CHECK: @__sextant_descr.other_annotation = private constant
; CHECK-NOT: @__sextant_descr.skipped_fn
; CHECK-NOT: @__sextant_descr.two_annotations

; LIST:      skipped|skipped_fn|skipped_fn|{{.*}}|annotated: sextant_skip
; LIST-NEXT: skipped|two_annotations|two_annotations|{{.*}}|annotated: sextant_skip
; LIST-NEXT: instrumented|other_annotation|other_annotation|{{.*}}|default

define i32 @skipped_fn(i32 %x) nounwind {
  %y = mul i32 %x, 5
  ret i32 %y
}

define i32 @two_annotations(i32 %x) nounwind {
  %y = mul i32 %x, 6
  ret i32 %y
}

define i32 @other_annotation(i32 %x) nounwind {
  %y = mul i32 %x, 7
  ret i32 %y
}
