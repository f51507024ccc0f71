; RUN: sed 's|@INPUTS@|%S/Inputs|' %s | %opt -passes=sextant-instrument -S \
; RUN:   | FileCheck %s
; RUN: sed 's|@INPUTS@|%S/Inputs|' %s \
; RUN:   | %opt -passes=sextant-instrument -sextant-list=- -disable-output 2>&1 \
; RUN:   | tr '\t' '|' | FileCheck %s --check-prefix=LIST
;; Without the source file, the main program is "MAIN".
; RUN: sed 's|@INPUTS@|%t.missing|' %s \
; RUN:   | %opt -passes=sextant-instrument -sextant-list=- -disable-output 2>&1 \
; RUN:   | tr '\t' '|' | FileCheck %s --check-prefix=NOSOURCE

;; Flang's names of Fortran procedures (as flang-new-19 -g emits them) in
;; descriptors and the listing: module procedures "module::procedure",
;; submodule procedures "module::submodule::procedure", internal procedures
;; under their host, the main program (_QQmain) by the name of its PROGRAM
;; statement, read from the source at its DISubprogram's line, and its
;; internal procedures under that name; external procedures ("extsub_",
;; Fortran compile unit) by their Fortran name. Names of OpenMPIRBuilder's
;; outlined bodies and C functions stay as they are. The mangled name is
;; always the linkage name. Flags: 50331653 = ABI 3 | DEMANGLED | DEBUG_INFO.

target triple = "x86_64-unknown-linux-gnu"

; CHECK-DAG: @[[SMOOTH:__sextant_str[.0-9]*]] = private unnamed_addr constant {{.*}} c"heat_mod::smooth\00"
; CHECK-DAG: @[[SMOOTHM:__sextant_str[.0-9]*]] = private unnamed_addr constant {{.*}} c"_QMheat_modPsmooth\00"
; CHECK-DAG: @__sextant_descr._QMheat_modPsmooth = private constant %sextant.region_descriptor { ptr @__sextant_handle._QMheat_modPsmooth, ptr @[[SMOOTH]], ptr @[[SMOOTHM]], ptr @{{.*}}, i32 9, i32 9, i32 50331653 }

; LIST-DAG: instrumented|heat_mod::smooth|_QMheat_modPsmooth|{{.*}}/Inputs/heat.f90:9|default
; LIST-DAG: instrumented|heat_mod::smooth::helper|_QMheat_modFsmoothPhelper|{{.*}}/Inputs/heat.f90:17|default
; LIST-DAG: instrumented|heat_mod::parts::split|_QMheat_modSpartsPsplit|{{.*}}/Inputs/heat.f90:50|default
; LIST-DAG: instrumented|heat|_QQmain|{{.*}}/Inputs/heat.f90:4|default
; LIST-DAG: instrumented|heat::local|_QFPlocal|{{.*}}/Inputs/heat.f90:39|default
; LIST-DAG: instrumented|extsub|extsub_|{{.*}}/Inputs/heat.f90:44|default
; LIST-DAG: skipped|_QQmain..omp_par|_QQmain..omp_par|{{.*}}|openmp-outlined
; LIST-DAG: instrumented|c_kernel_|c_kernel_|{{.*}}|default

; NOSOURCE-DAG: instrumented|MAIN|_QQmain|{{.*}}.missing/heat.f90:4|default
; NOSOURCE-DAG: instrumented|MAIN::local|_QFPlocal|{{.*}}.missing/heat.f90:39|default
; NOSOURCE-DAG: instrumented|heat_mod::smooth|_QMheat_modPsmooth|{{.*}}

define void @_QMheat_modPsmooth() nounwind !dbg !10 {
  call void @work(), !dbg !30
  ret void, !dbg !30
}

define internal void @_QMheat_modFsmoothPhelper() nounwind !dbg !11 {
  call void @work(), !dbg !31
  ret void, !dbg !31
}

define void @_QMheat_modSpartsPsplit() nounwind !dbg !16 {
  call void @work(), !dbg !35
  ret void, !dbg !35
}

define void @_QQmain() nounwind !dbg !12 {
  call void @work(), !dbg !32
  ret void, !dbg !32
}

define internal void @_QFPlocal() nounwind !dbg !13 {
  call void @work(), !dbg !33
  ret void, !dbg !33
}

define void @extsub_() nounwind !dbg !14 {
  call void @work(), !dbg !34
  ret void, !dbg !34
}

define internal void @_QQmain..omp_par(ptr %tid, ptr %zero) nounwind {
  call void @work()
  ret void
}

;; A C function of the same module (no DISubprogram): not a Fortran name.
define void @c_kernel_() nounwind {
  call void @work()
  ret void
}

declare void @work()

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}

!0 = distinct !DICompileUnit(language: DW_LANG_Fortran95, file: !1, producer: "flang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "heat.f90", directory: "@INPUTS@")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !DISubroutineType(types: !{})
!10 = distinct !DISubprogram(name: "smooth", linkageName: "_QMheat_modPsmooth", scope: !1, file: !1, line: 9, type: !3, scopeLine: 9, spFlags: DISPFlagDefinition, unit: !0)
!11 = distinct !DISubprogram(name: "helper", linkageName: "_QMheat_modFsmoothPhelper", scope: !10, file: !1, line: 17, type: !3, scopeLine: 17, spFlags: DISPFlagDefinition, unit: !0)
!12 = distinct !DISubprogram(name: "_QQmain", linkageName: "_QQmain", scope: !1, file: !1, line: 4, type: !3, scopeLine: 4, spFlags: DISPFlagDefinition, unit: !0)
!13 = distinct !DISubprogram(name: "local", linkageName: "_QFPlocal", scope: !12, file: !1, line: 39, type: !3, scopeLine: 39, spFlags: DISPFlagDefinition, unit: !0)
!14 = distinct !DISubprogram(name: "extsub", linkageName: "extsub_", scope: !1, file: !1, line: 44, type: !3, scopeLine: 44, spFlags: DISPFlagDefinition, unit: !0)
!16 = distinct !DISubprogram(name: "split", linkageName: "_QMheat_modSpartsPsplit", scope: !1, file: !1, line: 50, type: !3, scopeLine: 50, spFlags: DISPFlagDefinition, unit: !0)
!30 = !DILocation(line: 9, scope: !10)
!31 = !DILocation(line: 17, scope: !11)
!32 = !DILocation(line: 4, scope: !12)
!33 = !DILocation(line: 39, scope: !13)
!34 = !DILocation(line: 44, scope: !14)
!35 = !DILocation(line: 50, scope: !16)
