; RUN: %opt -passes=sextant-instrument -S %s | FileCheck %s
; RUN: %opt -passes=sextant-instrument -sextant-list=- -disable-output %s 2>&1 \
; RUN:   | tr '\t' '|' | FileCheck %s --check-prefix=LIST

;; A function whose body is only a return (debug intrinsics aside) does no
;; work worth measuring and is skipped as "empty"; a function with one more
;; instruction is not empty.

target triple = "x86_64-unknown-linux-gnu"

define void @nothing() nounwind {
; CHECK-LABEL: define void @nothing(
; CHECK-NEXT:    ret void
  ret void
}

define i32 @constant() nounwind !dbg !4 {
; CHECK-LABEL: define i32 @constant(
; CHECK-NEXT:    #dbg_value
; CHECK-NEXT:    ret i32 42
  call void @llvm.dbg.value(metadata i32 42, metadata !8, metadata !DIExpression()), !dbg !9
  ret i32 42, !dbg !9
}

define i32 @one_add(i32 %x) nounwind {
; CHECK-LABEL: define i32 @one_add(
; CHECK:         call void @__sextant_region_enter_frame_c
  %y = add i32 %x, 1
  ret i32 %y
}

declare void @llvm.dbg.value(metadata, metadata, metadata)

; LIST:      skipped|nothing|nothing|{{.*}}|empty
; LIST-NEXT: skipped|constant|constant|/src/empty.c:3|empty
; LIST-NEXT: instrumented|one_add|one_add|{{.*}}|default

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "empty.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "constant", scope: !1, file: !1, line: 3, type: !5, scopeLine: 3, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !{!6})
!6 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILocalVariable(name: "k", scope: !4, file: !1, line: 4, type: !6)
!9 = !DILocation(line: 4, column: 3, scope: !4)
