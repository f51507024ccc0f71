; RUN: %opt -passes=sextant-instrument -S %s | FileCheck %s
; RUN: %opt -passes=sextant-instrument -sextant-list=- -disable-output %s 2>&1 \
; RUN:   | tr '\t' '|' | FileCheck %s --check-prefix=LIST

;; The bodies clang 19 outlines for OpenMP constructs are skipped as
;; "openmp-outlined" (the runtime's OpenMP adapter measures parallel regions
;; and tasks instead): parallel bodies (<fn>.omp_outlined, also numbered and
;; the _debug__ variants of -g builds, <fn>..omp_par of the OpenMPIRBuilder),
;; reduction helpers, task entry/privates/destructor/dup helpers, declare
;; reduction combiners and initializers, and offloading entry points. The
;; function containing the construct is instrumented.

target triple = "x86_64-unknown-linux-gnu"

; CHECK-NOT: @__sextant_descr.{{.*}} = private constant
; CHECK: @__sextant_descr._Z4workPdi = private constant
; CHECK-NOT: @__sextant_descr.{{.*}} = private constant

; LIST:      instrumented|work(double*, int)|_Z4workPdi|{{.*}}|default
; LIST-NEXT: skipped|work(double*, int) (.omp_outlined)|_Z4workPdi.omp_outlined|{{.*}}|openmp-outlined
; LIST-NEXT: skipped|work(double*, int) (.omp_outlined.5)|_Z4workPdi.omp_outlined.5|{{.*}}|openmp-outlined
; LIST-NEXT: skipped|work(double*, int) (.omp_outlined_debug__)|_Z4workPdi.omp_outlined_debug__|{{.*}}|openmp-outlined
; LIST-NEXT: skipped|work(double*, int) (.omp_outlined.omp.reduction.reduction_func)|_Z4workPdi.omp_outlined.omp.reduction.reduction_func|{{.*}}|openmp-outlined
; LIST-NEXT: skipped|work..omp_par|work..omp_par|{{.*}}|openmp-outlined
; LIST-NEXT: skipped|.omp_task_entry.|.omp_task_entry.|{{.*}}|openmp-outlined
; LIST-NEXT: skipped|.omp_task_privates_map.|.omp_task_privates_map.|{{.*}}|openmp-outlined
; LIST-NEXT: skipped|.omp_task_destructor.|.omp_task_destructor.|{{.*}}|openmp-outlined
; LIST-NEXT: skipped|.omp_task_dup.|.omp_task_dup.|{{.*}}|openmp-outlined
; LIST-NEXT: skipped|.omp_combiner.|.omp_combiner.|{{.*}}|openmp-outlined
; LIST-NEXT: skipped|.omp_initializer.|.omp_initializer.|{{.*}}|openmp-outlined
; LIST-NEXT: skipped|.red_init.|.red_init.|{{.*}}|openmp-outlined
; LIST-NEXT: skipped|__omp_offloading_fe00_a72124__Z4workPdi_l11|__omp_offloading_fe00_a72124__Z4workPdi_l11|{{.*}}|openmp-outlined

define void @_Z4workPdi(ptr %a, i32 %n) nounwind {
  call void @work(ptr %a)
  ret void
}

define internal void @_Z4workPdi.omp_outlined(ptr %gtid, ptr %btid, ptr %a) nounwind {
  call void @work(ptr %a)
  ret void
}

define internal void @_Z4workPdi.omp_outlined.5(ptr %gtid, ptr %btid, ptr %a) nounwind {
  call void @work(ptr %a)
  ret void
}

define internal void @_Z4workPdi.omp_outlined_debug__(ptr %gtid, ptr %btid, ptr %a) nounwind {
  call void @work(ptr %a)
  ret void
}

define internal void @_Z4workPdi.omp_outlined.omp.reduction.reduction_func(ptr %a, ptr %b) nounwind {
  call void @work(ptr %a)
  ret void
}

define internal void @work..omp_par(ptr %gtid, ptr %btid, ptr %a) nounwind {
  call void @work(ptr %a)
  ret void
}

define internal i32 @.omp_task_entry.(i32 %gtid, ptr %task) nounwind {
  call void @work(ptr %task)
  ret i32 0
}

define internal void @.omp_task_privates_map.(ptr %a, ptr %b) nounwind {
  call void @work(ptr %a)
  ret void
}

define internal i32 @.omp_task_destructor.(i32 %gtid, ptr %task) nounwind {
  call void @work(ptr %task)
  ret i32 0
}

define internal void @.omp_task_dup.(ptr %dst, ptr %src, i32 %last) nounwind {
  call void @work(ptr %dst)
  ret void
}

define internal void @.omp_combiner.(ptr %out, ptr %in) nounwind {
  call void @work(ptr %out)
  ret void
}

define internal void @.omp_initializer.(ptr %priv, ptr %orig) nounwind {
  call void @work(ptr %priv)
  ret void
}

define internal void @.red_init.(ptr %a, ptr %b) nounwind {
  call void @work(ptr %a)
  ret void
}

define internal void @__omp_offloading_fe00_a72124__Z4workPdi_l11(ptr %a) nounwind {
  call void @work(ptr %a)
  ret void
}

declare void @work(ptr) nounwind
