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

;; A stack slot described by a dbg.declare moves into the dispatch block;
;; the declaration stays in the original body and still names the slot, and
;; the clone declares its own copy in its own subprogram.
define i32 @accumulate(i32 %x) nounwind !dbg !20 {
; CHECK-LABEL: define i32 @accumulate(i32 %x)
; CHECK-NEXT:  sextant.dispatch:
; CHECK-NEXT:    %acc = alloca i32, align 4
; CHECK-NEXT:    %sextant.handle = load atomic
; CHECK:       entry:
; CHECK-NEXT:    #dbg_declare(ptr %acc, ![[ACC:[0-9]+]], !DIExpression(), ![[ACC_LOC:[0-9]+]])
; CHECK-NEXT:    store i32 %x, ptr %acc, align 4
entry:
  %acc = alloca i32, align 4
  call void @llvm.dbg.declare(metadata ptr %acc, metadata !22, metadata !DIExpression()), !dbg !23
  store i32 %x, ptr %acc, align 4, !dbg !23
  call void @use(ptr %acc), !dbg !23
  %r = load i32, ptr %acc, align 4, !dbg !23
  ret i32 %r, !dbg !23
}

; CHECK-LABEL: define internal i32 @scale.sextant.armed(i32 %x, i32 %sextant.handle)
; CHECK-SAME:  !dbg ![[CLONE_SP:[0-9]+]] {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    #dbg_value(i32 %x, ![[CLONE_VAR:[0-9]+]], !DIExpression(), ![[CLONE_MUL:[0-9]+]])
; CHECK:         %sextant.id = call preserve_mostcc i32 @__sextant_region_register({{.*}}), !dbg ![[CLONE_ENTRY:[0-9]+]]
; CHECK:         call void @__sextant_region_enter_frame_c(i32 %sextant.h, ptr %sextant.frame), !dbg ![[CLONE_ENTRY]]
; CHECK:         %r = mul i32 %x, 3, !dbg ![[CLONE_MUL]]
; CHECK:         call void @__sextant_region_exit_c(i32 %sextant.h), !dbg ![[CLONE_RET:[0-9]+]]
; CHECK:         ret i32 %r, !dbg ![[CLONE_RET]]

;; The clone of accumulate declares its own copy of the slot.
; CHECK-LABEL: define internal i32 @accumulate.sextant.armed(i32 %x, i32 %sextant.handle)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %acc = alloca i32, align 4
; CHECK:         #dbg_declare(ptr %acc, ![[CLONE_ACC:[0-9]+]], !DIExpression(), ![[CLONE_ACC_LOC:[0-9]+]])

declare void @use(ptr)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)

; CHECK-DAG: ![[SP]] = distinct !DISubprogram(name: "scale", scope: ![[FILE:[0-9]+]], file: ![[FILE]], line: 2, type: ![[TYPE:[0-9]+]], scopeLine: 3,
; CHECK-DAG: ![[CLONE_SP]] = distinct !DISubprogram(name: "scale", scope: ![[FILE]], file: ![[FILE]], line: 2, type: ![[TYPE]], scopeLine: 3,
; CHECK-DAG: ![[DISPATCH]] = !DILocation(line: 3, scope: ![[SP]])
; CHECK-DAG: ![[MUL]] = !DILocation(line: 4, column: 10, scope: ![[SP]])
; CHECK-DAG: ![[RET]] = !DILocation(line: 4, column: 3, scope: ![[SP]])
; CHECK-DAG: ![[CLONE_ENTRY]] = !DILocation(line: 3, scope: ![[CLONE_SP]])
; CHECK-DAG: ![[CLONE_MUL]] = !DILocation(line: 4, column: 10, scope: ![[CLONE_SP]])
; CHECK-DAG: ![[CLONE_RET]] = !DILocation(line: 4, column: 3, scope: ![[CLONE_SP]])
; CHECK-DAG: ![[CLONE_VAR]] = !DILocalVariable(name: "x", arg: 1, scope: ![[CLONE_SP]]
; CHECK-DAG: ![[ACC]] = !DILocalVariable(name: "acc", scope: ![[ACC_SP:[0-9]+]],
; CHECK-DAG: ![[ACC_LOC]] = !DILocation(line: 8, column: 7, scope: ![[ACC_SP]])
; CHECK-DAG: ![[CLONE_ACC]] = !DILocalVariable(name: "acc", scope: ![[CLONE_ACC_SP:[0-9]+]],
; CHECK-DAG: ![[CLONE_ACC_LOC]] = !DILocation(line: 8, column: 7, scope: ![[CLONE_ACC_SP]])
; CHECK-DAG: ![[ACC_SP]] = distinct !DISubprogram(name: "accumulate",
; CHECK-DAG: ![[CLONE_ACC_SP]] = distinct !DISubprogram(name: "accumulate",

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
!20 = distinct !DISubprogram(name: "accumulate", scope: !1, file: !1, line: 7, type: !11, scopeLine: 7, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !21)
!21 = !{!22}
!22 = !DILocalVariable(name: "acc", scope: !20, file: !1, line: 8, type: !13)
!23 = !DILocation(line: 8, column: 7, scope: !20)
