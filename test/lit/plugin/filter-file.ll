; RUN: %opt -passes=sextant-instrument -sextant-filter=%S/Inputs/files.filt -S %s | FileCheck %s
; RUN: %opt -passes=sextant-instrument -sextant-filter=%S/Inputs/files.filt \
; RUN:   -sextant-list=- -disable-output %s 2>&1 \
; RUN:   | tr '\t' '|' | FileCheck %s --check-prefix=LIST

;; Score-P file rules (SCOREP_FILE_NAMES) match the source file of the
;; definition, which comes from the function's DISubprogram (directory and
;; file name joined), not from the translation unit: the inline function
;; defined in a third-party header is excluded although the module is
;; app/main.c.

source_filename = "app/main.c"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-NOT: @__sextant_descr.vendor_inline
; CHECK: @__sextant_descr.main = private constant
; CHECK-NOT: @__sextant_descr.vendor_inline

; LIST:      skipped|vendor_inline|vendor_inline|/src/third_party/include/lib.h:3|filter: excluded by {{.*}}files.filt:2:11 (file rule EXCLUDE */third_party/*)
; LIST-NEXT: instrumented|main|main|/src/app/main.c:10|default

define linkonce_odr i32 @vendor_inline(i32 %x) nounwind !dbg !10 {
  %y = mul i32 %x, 3, !dbg !14
  ret i32 %y, !dbg !14
}

define i32 @main() nounwind !dbg !15 {
  %r = call i32 @vendor_inline(i32 2), !dbg !17
  ret i32 %r, !dbg !17
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "app/main.c", directory: "/src")
!2 = !DIFile(filename: "third_party/include/lib.h", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!10 = distinct !DISubprogram(name: "vendor_inline", scope: !2, file: !2, line: 3, type: !11, scopeLine: 3, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !13}
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!14 = !DILocation(line: 4, column: 3, scope: !10)
!15 = distinct !DISubprogram(name: "main", scope: !1, file: !1, line: 10, type: !16, scopeLine: 10, spFlags: DISPFlagDefinition, unit: !0)
!16 = !DISubroutineType(types: !{!13})
!17 = !DILocation(line: 11, column: 3, scope: !15)
