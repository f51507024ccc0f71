; RUN: %opt -passes=sextant-instrument -sextant-version-max-instructions=0 -sextant-min-instructions=10 -S %s \
; RUN:   | FileCheck %s --check-prefixes=CHECK,THRESHOLD
; RUN: %opt -passes=sextant-instrument -sextant-version-max-instructions=0 -sextant-min-instructions=10 \
; RUN:   -sextant-list=- -disable-output %s 2>&1 \
; RUN:   | tr '\t' '|' | FileCheck %s --check-prefix=LIST
; RUN: %opt -passes=sextant-instrument -sextant-version-max-instructions=0 -S %s \
; RUN:   | FileCheck %s --check-prefixes=CHECK,NOTHRESHOLD
; RUN: %opt -passes=sextant-instrument -sextant-version-max-instructions=0 -sextant-min-instructions=10 \
; RUN:   -sextant-filter=%S/Inputs/include-tiny.filt -S %s \
; RUN:   | FileCheck %s --check-prefixes=CHECK,INCLUDED
; RUN: %opt -passes=sextant-instrument -sextant-version-max-instructions=0 -sextant-min-instructions=10 \
; RUN:   -sextant-filter=%S/Inputs/include-tiny.filt -sextant-list=- \
; RUN:   -disable-output %s 2>&1 | tr '\t' '|' \
; RUN:   | FileCheck %s --check-prefix=INCLUDED-LIST

;; -sextant-min-instructions=N skips functions with fewer than N IR
;; instructions (debug intrinsics not counted) that contain no loop. The
;; two-instruction @tiny is skipped; @small_loop is as small but loops, so
;; it is kept; @large has enough instructions. Without the option (default
;; 0) everything is instrumented. An explicit INCLUDE rule of the
;; compile-time filter overrides the threshold.
;; (-sextant-version-max-instructions=0: the in-place form, see versioning.ll.)

target triple = "x86_64-unknown-linux-gnu"

; THRESHOLD-NOT:   @__sextant_descr.tiny =
; NOTHRESHOLD:     @__sextant_descr.tiny = private constant
; INCLUDED:        @__sextant_descr.tiny = private constant
; CHECK:           @__sextant_descr.small_loop = private constant
; CHECK:           @__sextant_descr.large = private constant
; THRESHOLD-NOT:   @__sextant_descr.tiny =

; LIST:      skipped|tiny|tiny|/src/size.c:1|size: 2 instructions < 10, no loops
; LIST-NEXT: instrumented|small_loop|small_loop|{{.*}}|default
; LIST-NEXT: instrumented|large|large|{{.*}}|default

; INCLUDED-LIST:      instrumented|tiny|tiny|{{.*}}|filter: included by {{.*}}include-tiny.filt:2:11 (INCLUDE tiny)
; INCLUDED-LIST-NEXT: instrumented|small_loop|small_loop|{{.*}}|default

define i32 @tiny(i32 %x) nounwind !dbg !11 {
; CHECK-LABEL:       define i32 @tiny(
; THRESHOLD-NOT:       __sextant_region
; NOTHRESHOLD:         call preserve_mostcc void @__sextant_region_enter_frame
; INCLUDED:            call preserve_mostcc void @__sextant_region_enter_frame
; CHECK:               ret i32
  %y = add i32 %x, 1
  call void @llvm.dbg.value(metadata i32 %y, metadata !10, metadata !DIExpression()), !dbg !12
  ret i32 %y
}

define i32 @small_loop(i32 %n) nounwind {
; CHECK-LABEL: define i32 @small_loop(
; CHECK:         call preserve_mostcc void @__sextant_region_enter_frame
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add i32 %i, 1
  %done = icmp sge i32 %next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %next
}

define i32 @large(i32 %a, i32 %b) nounwind {
; CHECK-LABEL: define i32 @large(
; CHECK:         call preserve_mostcc void @__sextant_region_enter_frame
  %1 = add i32 %a, %b
  %2 = mul i32 %1, %a
  %3 = sub i32 %2, %b
  %4 = xor i32 %3, %1
  %5 = shl i32 %4, 2
  %6 = or i32 %5, %2
  %7 = and i32 %6, %3
  %8 = add i32 %7, %4
  %9 = mul i32 %8, %5
  ret i32 %9
}

declare void @llvm.dbg.value(metadata, metadata, metadata)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "size.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!10 = !DILocalVariable(name: "y", scope: !11, file: !1, line: 2, type: !13)
!11 = distinct !DISubprogram(name: "tiny", scope: !1, file: !1, line: 1, type: !14, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!12 = !DILocation(line: 2, column: 3, scope: !11)
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!14 = !DISubroutineType(types: !{!13, !13})
