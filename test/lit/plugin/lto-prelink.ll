; RUN: %opt -passes='lto-pre-link<O2>' -S %s 2>%t.err | FileCheck --check-prefix=NOW %s
; RUN: FileCheck --check-prefix=WARN %s < %t.err
; RUN: %opt -passes='thinlto-pre-link<O2>' -S %s 2>&1 | FileCheck --check-prefix=WARN %s
; RUN: %opt -passes='lto-pre-link<O2>' -sextant-lto=link -stats -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=STATS %s

;; Without -sextant-lto=link, an LTO pre-link compile instruments now, as
;; any compile does, and says so in a warning: the object also works when
;; the link does not load the plugin. The link's run of the plugin (lto<O2>,
;; thinlto<O2>) then leaves the module alone: the plugin given at both
;; steps instruments once.
; RUN: %opt -passes='lto-pre-link<O2>' %s -o %t.now.bc 2>/dev/null
; RUN: %opt -passes='lto<O2>' %t.now.bc -o - | llvm-dis | FileCheck --check-prefix=NOW %s
; RUN: %opt -passes='thinlto<O2>' %t.now.bc -o - | llvm-dis | FileCheck --check-prefix=NOW %s

;; With -sextant-lto=link, the counter says how many functions wait for
;; the link.
; STATS: 1 sextant-instrument - Functions deferred to the LTO link (-sextant-lto=link)

; WARN: warning: sextant: '{{.*}}lto-prelink.ll': instrumenting before link-time optimization; functions that LTO inlines across modules stay instrumented. To instrument after it, compile with -mllvm -sextant-lto=link and link with -fuse-ld=lld -Wl,--load-pass-plugin=<path>/SextantPlugin.so (docs/compiler-plugin.md, LTO)
; WARN-NOT: warning

; NOW:     @__sextant_descr.work = private constant
; NOW-NOT: @__sextant_descr.work.
; NOW:     define {{.*}}@work(
; NOW:     call void @__sextant_region_enter_frame_c(
; NOW-NOT: call void @__sextant_region_enter_frame_c(
; NOW-NOT: sextant-deferred
; NOW:     !"sextant.instrumented"

target triple = "x86_64-unknown-linux-gnu"

define void @work(ptr %p, i32 %n) noinline {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  store volatile i32 %i, ptr %p
  %i.next = add i32 %i, 1
  %done = icmp sge i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"EnableSplitLTOUnit", i32 1}
