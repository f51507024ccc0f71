; RUN: rm -rf %t && mkdir %t && cd %t
; RUN: %opt -passes='thinlto-pre-link<O2>' -sextant-lto=link -sextant-version-max-instructions=0 \
; RUN:   -sextant-list=%t/list %s -o main.bc
; RUN: %opt -passes='thinlto-pre-link<O2>' -sextant-lto=link -sextant-version-max-instructions=0 \
; RUN:   -sextant-list=%t/list %S/Inputs/lto-helpers.ll -o helpers.bc
; RUN: not test -e list
; RUN: llvm-dis main.bc -o - | FileCheck --check-prefix=PRELINK %s
; RUN: llvm-link main.bc helpers.bc -o linked.bc
; RUN: %opt -passes='internalize,thinlto<O2>' -internalize-public-api-list=main,big,excluded \
; RUN:   linked.bc -o backend.bc
; RUN: llvm-dis backend.bc -o - | FileCheck %s
; RUN: tr '\t' '|' < list | FileCheck --check-prefix=LIST %s

;; Running the plugin again, at the link or in a compile, instruments
;; nothing more and lists nothing more:
; RUN: llvm-dis backend.bc -o - | grep -c __sextant_region_enter > calls
; RUN: %opt -passes='thinlto<O2>' backend.bc -o - \
; RUN:   | %opt -passes='thinlto-pre-link<O2>' -sextant-lto=link -o again.bc
; RUN: llvm-dis again.bc -o - | grep -c __sextant_region_enter | diff calls -
; RUN: tr '\t' '|' < list | FileCheck --check-prefix=LIST %s

;; ThinLTO with -sextant-lto=link: the pre-link compile
;; (thinlto-pre-link<O2>, a module with clang's -flto=thin module flag)
;; instruments nothing and writes no listing; the ThinLTO backend
;; (thinlto<O2>, whose pipeline runs OptimizerLast but no PipelineStart)
;; instruments after inlining, with the recorded options: the listing goes
;; to the recorded path, one line per deferred function. (Here the two
;; modules are linked into one and @small internalized, as if the backend
;; had imported it: inlined, it is gone.)

; PRELINK-NOT: call {{.*}}@__sextant_region_
; PRELINK:     "sextant-deferred"="min-instructions=0\0Aversion-max-instructions=0\0Alist={{.*}}/list\0A"
; PRELINK:     !{i32 7, !"sextant.deferred", i32 1}

; CHECK-NOT: @__sextant_descr.small
; CHECK-DAG: @__sextant_descr.main = private constant
; CHECK-DAG: @__sextant_descr.big = private constant
; CHECK-NOT: @__sextant_descr.main.
; CHECK-LABEL: define {{.*}}i32 @main(
; CHECK-NOT:     call {{.*}}@small
; CHECK:         call preserve_mostcc void @__sextant_region_enter_frame(
; CHECK-NOT:     call preserve_mostcc void @__sextant_region_enter_frame(
; CHECK:         call {{.*}}@big(
; CHECK-NOT:     call preserve_mostcc void @__sextant_region_enter_frame(
; CHECK:         call preserve_mostcc void @__sextant_region_exit(
; CHECK:         ret i32
; CHECK-NOT: "sextant-deferred"

; LIST-DAG:  instrumented|main|main|{{.*}}|default
; LIST-DAG:  instrumented|big|big|{{.*}}|default
; LIST-DAG:  instrumented|excluded|excluded|{{.*}}|default
; LIST-NOT:  small
; LIST-NOT:  sextant

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

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"EnableSplitLTOUnit", i32 1}
