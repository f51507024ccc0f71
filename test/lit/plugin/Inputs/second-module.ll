; A second module for listing-file.ll: its lines are appended after the
; first module's.
source_filename = "second.c"

define i32 @second_module_fn(i32 %x) nounwind {
  %y = mul i32 %x, %x
  ret i32 %y
}
