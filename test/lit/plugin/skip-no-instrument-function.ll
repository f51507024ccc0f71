; RUN: %opt -passes=sextant-instrument -S %s | FileCheck %s
; RUN: %opt -passes=sextant-instrument -sextant-list=- -disable-output %s 2>&1 \
; RUN:   | tr '\t' '|' | FileCheck %s --check-prefix=LIST

;; __attribute__((no_instrument_function)) leaves no trace in IR, except
;; under -finstrument-functions-after-inlining: then clang gives every
;; function NOT declared no_instrument_function the attributes
;; "instrument-function-entry-inlined" / "instrument-function-exit-inlined".
;; When a module carries them, definitions without them are skipped as
;; no_instrument_function, and the attributes are removed from all
;; functions so that the code generator's post-inline EntryExitInstrumenter
;; adds no __cyg_profile_func_* calls: Sextant's hooks replace them.

target triple = "x86_64-unknown-linux-gnu"

; CHECK-NOT: @__sextant_descr.quiet =
; CHECK: @__sextant_descr.loud = private constant
; CHECK-NOT: @__sextant_descr.quiet =

; LIST:      skipped|quiet|quiet|{{.*}}|no_instrument_function
; LIST-NEXT: instrumented|loud|loud|{{.*}}|default

define i32 @quiet(i32 %x) #0 {
; CHECK-LABEL: define i32 @quiet(
; CHECK-NOT:     __sextant_region
; CHECK:         ret i32
  %y = mul i32 %x, 3
  ret i32 %y
}

define i32 @loud(i32 %x) #1 {
; CHECK-LABEL: define i32 @loud(
; CHECK:         call void @__sextant_region_enter_frame_c
; CHECK:         call void @__sextant_region_exit_c
  %q = call i32 @quiet(i32 %x)
  %y = add i32 %q, 1
  ret i32 %y
}

; CHECK-NOT: instrument-function-entry-inlined
; CHECK-NOT: instrument-function-exit-inlined
; CHECK-NOT: __cyg_profile_func

attributes #0 = { nounwind }
attributes #1 = { nounwind "instrument-function-entry-inlined"="__cyg_profile_func_enter" "instrument-function-exit-inlined"="__cyg_profile_func_exit" }
