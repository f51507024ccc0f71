; RUN: rm -rf %t && mkdir %t && cd %t
; RUN: cp %S/Inputs/lto.filt lto.filt
; RUN: %opt -passes='lto-pre-link<O2>' -sextant-lto=link -sextant-filter=lto.filt -sextant-version-max-instructions=0 %s -o main.bc
; RUN: %opt -passes='lto-pre-link<O2>' -sextant-lto=link -sextant-filter=lto.filt -sextant-version-max-instructions=0 %S/Inputs/lto-helpers.ll -o helpers.bc
; RUN: llvm-dis main.bc -o - | FileCheck --check-prefix=PRELINK -DDIR=%t %s
; RUN: llvm-link main.bc helpers.bc -o linked.bc
; RUN: cd / && %opt -passes='internalize,lto<O2>' -internalize-public-api-list=main \
; RUN:   %t/linked.bc -o %t/lto.bc
; RUN: llvm-dis %t/lto.bc -o - | FileCheck %s

;; Full LTO with -sextant-lto=link: the pre-link compile (lto-pre-link<O2>,
;; a module with clang's -flto module flags) instruments nothing; it records
;; its options (the filter with its absolute path, since the link may run
;; elsewhere, as here from /) on every function and marks the module. The
;; link's run (FullLinkTimeOptimizationLast of lto<O2>) instruments after
;; link-time inlining: @small, inlined into @main from the other module and
;; removed, is not instrumented at all and @main carries only its own
;; enter/exit calls; @big is instrumented; the recorded filter excludes
;; @excluded, and its -sextant-version-max-instructions=0 instruments in
;; place.

; PRELINK-NOT: call {{.*}}@__sextant_region_
; PRELINK:     define {{.*}}i32 @main() {{.*}}#[[ATTRS:[0-9]+]]
; PRELINK-NOT: call {{.*}}@__sextant_region_
; PRELINK:     attributes #[[ATTRS]] = { {{.*}}"sextant-deferred"="filter=[[DIR]]/lto.filt\0Amin-instructions=0\0Aversion-max-instructions=0\0A"
; PRELINK:     !{i32 7, !"sextant.deferred", i32 1}

; CHECK-NOT: @__sextant_descr.small
; CHECK-NOT: @__sextant_descr.excluded
; CHECK-DAG: @__sextant_descr.main = private constant
; CHECK-DAG: @__sextant_descr.big = private constant
; CHECK-NOT: @__sextant_descr.small
; CHECK-NOT: @__sextant_descr.excluded

; CHECK-LABEL: define {{.*}}i32 @main(
; CHECK-NOT:     call {{.*}}@small
; CHECK:         call preserve_mostcc void @__sextant_region_enter_frame(
; CHECK-NOT:     call preserve_mostcc void @__sextant_region_enter_frame(
; CHECK:         call {{.*}}@big(
; CHECK-NOT:     call preserve_mostcc void @__sextant_region_enter_frame(
; CHECK:         call preserve_mostcc void @__sextant_region_exit(
; CHECK:         ret i32
; CHECK-NOT: define {{.*}}@small(
; CHECK-NOT: .sextant.armed
; CHECK-NOT: "sextant-deferred"
; CHECK:     !{i32 7, !"sextant.instrumented", i32 1}

target triple = "x86_64-unknown-linux-gnu"

declare i32 @small(i32)
declare i32 @big(i32)
declare i32 @excluded(i32)

define i32 @main() {
  %a = call i32 @small(i32 4)
  %b = call i32 @big(i32 %a)
  %c = call i32 @excluded(i32 %b)
  ret i32 %c
}

!llvm.module.flags = !{!0, !1}
!0 = !{i32 1, !"ThinLTO", i32 0}
!1 = !{i32 1, !"EnableSplitLTOUnit", i32 1}
