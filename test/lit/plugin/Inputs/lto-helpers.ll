;; The second module of the LTO tests (lto-full.ll, lto-thin.ll): a small
;; function that link-time optimization inlines into the other module, a
;; noinline function with a loop, and one the filter excludes.

target triple = "x86_64-unknown-linux-gnu"

define i32 @small(i32 %x) {
  %y = mul i32 %x, 3
  %z = add i32 %y, 1
  ret i32 %z
}

define i32 @big(i32 %n) noinline {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %s.next = add i32 %s, %i
  %i.next = add i32 %i, 1
  %done = icmp sge i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %s.next
}

define i32 @excluded(i32 %n) noinline {
  %r = call i32 @big(i32 %n)
  ret i32 %r
}

; The module flag clang gives to -flto=thin modules (and, with "ThinLTO"
; = 0, to -flto ones).
!llvm.module.flags = !{!0}
!0 = !{i32 1, !"EnableSplitLTOUnit", i32 1}
