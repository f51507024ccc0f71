; RUN: %opt -passes=sextant-instrument -S %s | FileCheck %s
; RUN: %opt -passes=sextant-instrument -sextant-list=- -disable-output %s 2>&1 \
; RUN:   | tr '\t' '|' | FileCheck %s --check-prefix=LIST

;; Names in descriptors. The display name is the linkage name demangled by
;; LLVM's demangler after clone suffixes are stripped (.constprop.N, .isra.N,
;; .part.N, .cold, .cold.N, .llvm.N, .specialized.N, .lto_priv.N, and
;; chains of them); the mangled name is the linkage name without those
;; suffixes; function templates lose the return type the demangler prints
;; for them ("tmpl<int>(int)", not "void tmpl<int>(int)"), also when it is
;; a function pointer wrapped around the name ("h<int>(long)", not
;; "void (*h<int>(long))(int)"); C names stay as they are (a numbered name
;; such as "helper.5" is not a clone suffix); lambdas keep their demangled
;; form; an asm label loses its '\01' marker. The handle and descriptor
;; globals are named after the function's symbol. Flags: 50331652 = ABI 3 |
;; DEMANGLED, 50331648 = ABI 3.

target triple = "x86_64-unknown-linux-gnu"

; CHECK-DAG: @[[FOO:__sextant_str[.0-9]*]] = private unnamed_addr constant {{.*}} c"ns::foo(int)\00"
; CHECK-DAG: @[[FOOM:__sextant_str[.0-9]*]] = private unnamed_addr constant {{.*}} c"_ZN2ns3fooEi\00"
; CHECK-DAG: @__sextant_descr._ZN2ns3fooEi.constprop.0 = private constant %sextant.region_descriptor { ptr @__sextant_handle._ZN2ns3fooEi.constprop.0, ptr @[[FOO]], ptr @[[FOOM]], ptr @{{.*}}, i32 0, i32 0, i32 50331652 }
; CHECK-DAG: @__sextant_descr._ZN2ns3fooEi.isra.0.part.1 = private constant %sextant.region_descriptor { ptr @__sextant_handle._ZN2ns3fooEi.isra.0.part.1, ptr @[[FOO]], ptr @[[FOOM]],

; LIST:      instrumented|ns::foo(int)|_ZN2ns3fooEi|{{.*}}|default
; LIST-NEXT: instrumented|ns::foo(int)|_ZN2ns3fooEi|{{.*}}|default
; LIST-NEXT: instrumented|bar()|_Z3barv|{{.*}}|default
; LIST-NEXT: instrumented|bar()|_Z3barv|{{.*}}|default
; LIST-NEXT: instrumented|baz(double)|_Z3bazd|{{.*}}|default
; LIST-NEXT: instrumented|tmpl<int>(int)|_Z4tmplIiEvT_|{{.*}}|default
; LIST-NEXT: instrumented|h<int>(long)|_Z1hIiEPFviEl|{{.*}}|default
; LIST-NEXT: instrumented|main::$_0::operator()(int) const|_ZZ4mainENK3$_0clEi|{{.*}}|default
; LIST-NEXT: instrumented|c_kernel|c_kernel|{{.*}}|default
; LIST-NEXT: instrumented|helper.5|helper.5|{{.*}}|default
; LIST-NEXT: instrumented|labelled_name|labelled_name|{{.*}}|default

define void @_ZN2ns3fooEi.constprop.0() nounwind {
  call void @work()
  ret void
}

define void @_ZN2ns3fooEi.isra.0.part.1(i32 %x) nounwind {
  call void @work()
  ret void
}

define void @_Z3barv.cold() nounwind {
  call void @work()
  ret void
}

define void @_Z3barv.cold.1() nounwind {
  call void @work()
  ret void
}

define void @_Z3bazd.llvm.4223360193472812034() nounwind {
  call void @work()
  ret void
}

define void @_Z4tmplIiEvT_.specialized.2(i32 %x) nounwind {
  call void @work()
  ret void
}

define ptr @_Z1hIiEPFviEl(i64 %x) nounwind {
  call void @work()
  ret ptr null
}

define internal i32 @"_ZZ4mainENK3$_0clEi"(ptr %this, i32 %x) nounwind {
  call void @work()
  ret i32 %x
}

define void @c_kernel.lto_priv.0() nounwind {
  call void @work()
  ret void
}

define void @helper.5() nounwind {
  call void @work()
  ret void
}

define void @"\01labelled_name"() nounwind {
; CHECK-LABEL: define void @"\01labelled_name"()
; CHECK:         call preserve_mostcc i32 @__sextant_region_register(ptr @__sextant_descr.labelled_name)
  call void @work()
  ret void
}

declare void @work() nounwind
