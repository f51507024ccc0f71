; RUN: %opt -passes=sextant-instrument -sextant-version-max-instructions=0 -S %s | FileCheck %s

;; With debug information every inserted instruction has a location: the
;; entry code is at the function's scope line, an exit before a return has
;; the return's location, and the exit in the new cleanup landing pad (whose
;; resume has no location) is at line 0 of the function. The descriptor
;; takes the file from the DISubprogram (directory and file name joined),
;; the first line from the DISubprogram, and the last line from the
;; function's own debug locations: line 100 of an inlined callee counts as
;; its call site (line 8). Flags: ABI 3 | HAS_DEBUG_INFO | MAY_UNWIND |
;; DEMANGLED = 50331655.
;; (-sextant-version-max-instructions=0: the in-place form; versioning-debug-info.ll
;; covers the locations in a versioned function and its clone.)

source_filename = "kernel.cpp"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: @[[FILE:__sextant_str[.0-9]*]] = private unnamed_addr constant [26 x i8] c"/home/user/app/kernel.cpp\00"
; CHECK: @__sextant_descr._Z6kerneli = private constant %sextant.region_descriptor { ptr @__sextant_handle._Z6kerneli, ptr @{{.*}}, ptr @{{.*}}, ptr @[[FILE]], i32 5, i32 9, i32 50331655 }

define i32 @_Z6kerneli(i32 %n) personality ptr @__gxx_personality_v0 !dbg !10 {
; CHECK-LABEL: define i32 @_Z6kerneli(
; CHECK:         %sextant.handle = load atomic {{.*}}, !dbg ![[ENTRY:[0-9]+]]
; CHECK:         %sextant.id = call preserve_mostcc i32 @__sextant_region_register({{.*}}), !dbg ![[ENTRY]]
; CHECK:         %sextant.h = phi {{.*}}, !dbg ![[ENTRY]]
; CHECK:         call preserve_mostcc void @__sextant_region_enter_frame(i32 %sextant.h, ptr %sextant.frame), !dbg ![[ENTRY]]
; CHECK:         invoke void @may_throw(i32 %n)
; CHECK:         %sextant.armed.exit = icmp ne i32 %sextant.h, -1, !dbg ![[RET:[0-9]+]]
; CHECK:         call preserve_mostcc void @__sextant_region_exit(i32 %sextant.h), !dbg ![[RET]]
; CHECK:         ret i32 %r, !dbg ![[RET]]
; CHECK:       sextant.cleanup:
; CHECK:         call preserve_mostcc void @__sextant_region_exit(i32 %sextant.h), !dbg ![[LINE0:[0-9]+]]
; CHECK:         resume
entry:
  call void @may_throw(i32 %n), !dbg !14
  %r = add i32 %n, 1, !dbg !15
  %i = mul i32 %r, 2, !dbg !16
  ret i32 %r, !dbg !18
}

declare void @may_throw(i32)
declare i32 @__gxx_personality_v0(...)

; CHECK-DAG: ![[SP:[0-9]+]] = distinct !DISubprogram(name: "kernel", linkageName: "_Z6kerneli"
; CHECK-DAG: ![[ENTRY]] = !DILocation(line: 6, scope: ![[SP]])
; CHECK-DAG: ![[RET]] = !DILocation(line: 9, column: 3, scope: ![[SP]])
; CHECK-DAG: ![[LINE0]] = !DILocation(line: 0, scope: ![[SP]])

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "kernel.cpp", directory: "/home/user/app")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "kernel", linkageName: "_Z6kerneli", scope: !1, file: !1, line: 5, type: !11, scopeLine: 6, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !13}
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!14 = !DILocation(line: 7, column: 3, scope: !10)
!15 = !DILocation(line: 8, column: 11, scope: !10)
!16 = !DILocation(line: 100, column: 5, scope: !17, inlinedAt: !15)
!17 = distinct !DISubprogram(name: "callee", scope: !1, file: !1, line: 99, type: !11, scopeLine: 99, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!18 = !DILocation(line: 9, column: 3, scope: !10)
