; RUN: %opt -passes=sextant-instrument -sextant-filter=%S/Inputs/mangled.filt -S %s | FileCheck %s
; RUN: %opt -passes=sextant-instrument -sextant-filter=%S/Inputs/mangled.filt \
; RUN:   -sextant-list=- -disable-output %s 2>&1 \
; RUN:   | tr '\t' '|' | FileCheck %s --check-prefix=LIST

;; A Score-P rule with the MANGLED keyword matches the linkage name, not the
;; demangled name: "_ZN2ns*" excludes ns::first() (_ZN2ns5firstEv) but not
;; the const member function ns::Widget::size() const, whose linkage name
;; starts with _ZNK2ns; C functions and other C++ functions are not
;; affected.

target triple = "x86_64-unknown-linux-gnu"

; CHECK-NOT: @__sextant_descr._ZN2ns
; CHECK: @__sextant_descr._ZNK2ns6Widget4sizeEv = private constant
; CHECK-NOT: @__sextant_descr._ZN2ns
; CHECK: @__sextant_descr._Z5otherv = private constant
; CHECK-NOT: @__sextant_descr._ZN2ns
; CHECK: @__sextant_descr.c_function = private constant
; CHECK-NOT: @__sextant_descr._ZN2ns

; LIST:      skipped|ns::first()|_ZN2ns5firstEv|{{.*}}filter-mangled.ll:0|filter: excluded by {{.*}}mangled.filt:2:19 (EXCLUDE MANGLED _ZN2ns*)
; LIST-NEXT: instrumented|ns::Widget::size() const|_ZNK2ns6Widget4sizeEv|{{.*}}filter-mangled.ll:0|default
; LIST-NEXT: instrumented|other()|_Z5otherv|{{.*}}filter-mangled.ll:0|default
; LIST-NEXT: instrumented|c_function|c_function|{{.*}}filter-mangled.ll:0|default
; LIST-NEXT: skipped|use|use|{{.*}}filter-mangled.ll:0|declaration

define void @_ZN2ns5firstEv() nounwind {
  call void @use()
  ret void
}

define i32 @_ZNK2ns6Widget4sizeEv(ptr %this) nounwind {
  %v = load i32, ptr %this
  ret i32 %v
}

define void @_Z5otherv() nounwind {
  call void @use()
  ret void
}

define void @c_function() nounwind {
  call void @use()
  ret void
}

declare void @use() nounwind
