//===- test/lit/e2e/runtime/Inputs/abi_versions.c - Descriptor versions ---===//
//
// Part of Sextant. Registers hand-made region descriptors of ABI versions 1
// to 4, as code instrumented by plugins of those versions would, and enters
// and exits each region registered: a version-2 object calls
// __sextant_region_enter, a version-3 one __sextant_region_enter_frame or,
// from an armed copy, the _c pair. Compiled without the plugin.
//
//===----------------------------------------------------------------------===//

#include "sextant/instrumentation_abi.h"

#include <stdio.h>

#define DESCRIPTOR(Name, Version)                                              \
  static uint32_t Name##_handle;                                               \
  static const sextant_region_descriptor Name = {                              \
      &Name##_handle, #Name, #Name, "abi_versions.c", 0, 0,                    \
      (Version) << SEXTANT_ABI_VERSION_SHIFT}

DESCRIPTOR(version1, 1u);
DESCRIPTOR(version2, 2u);
DESCRIPTOR(version3, 3u);
DESCRIPTOR(version3_copy, 3u);
DESCRIPTOR(version4, 4u);

// Enters and exits a region as a version-3 function would, with its CFA on
// x86-64 (above the frame record: compiled with a frame pointer), elsewhere
// with none (null: the frame is not compared).
__attribute__((noinline)) static void version3_region(uint32_t Handle,
                                                      int Copy) {
#if defined(__x86_64__)
  const void *Frame = (const char *)__builtin_frame_address(0) + 16;
#else
  const void *Frame = NULL;
#endif
  if (Copy) {
    __sextant_region_enter_frame_c(Handle, Frame);
    __sextant_region_exit_c(Handle);
  } else {
    __sextant_region_enter_frame(Handle, Frame);
    __sextant_region_exit(Handle);
  }
}

int main(void) {
  uint32_t Rejected4 = __sextant_region_register(&version4);
  uint32_t Rejected1 = __sextant_region_register(&version1);
  uint32_t Handle2 = __sextant_region_register(&version2);
  uint32_t Handle3 = __sextant_region_register(&version3);
  uint32_t Handle3Copy = __sextant_region_register(&version3_copy);
  for (int I = 0; I < 5; ++I) {
    __sextant_region_enter(Handle2);
    __sextant_region_exit(Handle2);
    version3_region(Handle3, 0);
    version3_region(Handle3Copy, 1);
  }
  printf("abi_versions: filtered %d %d, measured %d %d %d\n",
         Rejected4 == SEXTANT_FILTERED, Rejected1 == SEXTANT_FILTERED,
         Handle2 != SEXTANT_FILTERED, Handle3 != SEXTANT_FILTERED,
         Handle3Copy != SEXTANT_FILTERED);
  return 0;
}
