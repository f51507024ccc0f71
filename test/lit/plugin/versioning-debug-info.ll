; RUN: %opt -passes=sextant-instrument -S %s | FileCheck %s
; RUN: %opt -passes=sextant-instrument,verify -disable-output %s
; RUN: %opt -passes=sextant-instrument %s -o %t.bc
; RUN: llc -O2 -filetype=obj %t.bc -o %t.o
; RUN: llvm-dwarfdump --debug-info %t.o | FileCheck %s --check-prefix=DWARF

;; The armed clone of a versioned function has its own distinct
;; DISubprogram (no two functions may share one), a copy of the original's
;; with the same name, line and scope line, and every instruction of the
;; clone, the inserted calls included, is located in the clone's
;; subprogram; the dispatch code of the original function is located at its
;; scope line. In the object file both show up as subprograms "scale".

source_filename = "scale.c"
target triple = "x86_64-unknown-linux-gnu"

define i32 @scale(i32 %x) nounwind !dbg !10 {
; CHECK-LABEL: define i32 @scale(i32 %x)
; CHECK-SAME:  !dbg ![[SP:[0-9]+]] {
; CHECK-NEXT:  sextant.dispatch:
; CHECK-NEXT:    %sextant.handle = load atomic {{.*}}, !dbg ![[DISPATCH:[0-9]+]]
; CHECK-NEXT:    %sextant.armed = icmp {{.*}}, !dbg ![[DISPATCH]]
; CHECK-NEXT:    br i1 %sextant.armed, {{.*}}, !dbg ![[DISPATCH]]
; CHECK:         %sextant.result = tail call i32 @scale.sextant.armed({{.*}}), !dbg ![[DISPATCH]]
; CHECK-NEXT:    ret i32 %sextant.result, !dbg ![[DISPATCH]]
; CHECK:         %r = mul i32 %x, 3, !dbg ![[MUL:[0-9]+]]
; CHECK-NEXT:    ret i32 %r, !dbg ![[RET:[0-9]+]]
entry:
  call void @llvm.dbg.value(metadata i32 %x, metadata !15, metadata !DIExpression()), !dbg !14
  %r = mul i32 %x, 3, !dbg !14
  ret i32 %r, !dbg !16
}

; CHECK-LABEL: define internal i32 @scale.sextant.armed(i32 %sextant.handle, i32 %x)
; CHECK-SAME:  !dbg ![[CLONE_SP:[0-9]+]] {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    #dbg_value(i32 %x, ![[CLONE_VAR:[0-9]+]], !DIExpression(), ![[CLONE_MUL:[0-9]+]])
; CHECK:         %sextant.id = call preserve_mostcc i32 @__sextant_region_register({{.*}}), !dbg ![[CLONE_ENTRY:[0-9]+]]
; CHECK:         call preserve_mostcc void @__sextant_region_enter(i32 %sextant.h), !dbg ![[CLONE_ENTRY]]
; CHECK:         %r = mul i32 %x, 3, !dbg ![[CLONE_MUL]]
; CHECK:         call preserve_mostcc void @__sextant_region_exit(i32 %sextant.h), !dbg ![[CLONE_RET:[0-9]+]]
; CHECK:         ret i32 %r, !dbg ![[CLONE_RET]]

declare void @llvm.dbg.value(metadata, metadata, metadata)

; CHECK-DAG: ![[SP]] = distinct !DISubprogram(name: "scale", scope: ![[FILE:[0-9]+]], file: ![[FILE]], line: 2, type: ![[TYPE:[0-9]+]], scopeLine: 3,
; CHECK-DAG: ![[CLONE_SP]] = distinct !DISubprogram(name: "scale", scope: ![[FILE]], file: ![[FILE]], line: 2, type: ![[TYPE]], scopeLine: 3,
; CHECK-DAG: ![[DISPATCH]] = !DILocation(line: 3, scope: ![[SP]])
; CHECK-DAG: ![[MUL]] = !DILocation(line: 4, column: 10, scope: ![[SP]])
; CHECK-DAG: ![[RET]] = !DILocation(line: 4, column: 3, scope: ![[SP]])
; CHECK-DAG: ![[CLONE_ENTRY]] = !DILocation(line: 3, scope: ![[CLONE_SP]])
; CHECK-DAG: ![[CLONE_MUL]] = !DILocation(line: 4, column: 10, scope: ![[CLONE_SP]])
; CHECK-DAG: ![[CLONE_RET]] = !DILocation(line: 4, column: 3, scope: ![[CLONE_SP]])
; CHECK-DAG: ![[CLONE_VAR]] = !DILocalVariable(name: "x", arg: 1, scope: ![[CLONE_SP]]

; DWARF:      DW_TAG_subprogram
; DWARF:        DW_AT_name ("scale")
; DWARF:      DW_TAG_subprogram
; DWARF:        DW_AT_name ("scale")

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "scale.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "scale", scope: !1, file: !1, line: 2, type: !11, scopeLine: 3, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !17)
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !13}
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!14 = !DILocation(line: 4, column: 10, scope: !10)
!15 = !DILocalVariable(name: "x", arg: 1, scope: !10, file: !1, line: 2, type: !13)
!16 = !DILocation(line: 4, column: 3, scope: !10)
!17 = !{!15}
