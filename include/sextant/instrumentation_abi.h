/*===- sextant/instrumentation_abi.h - Plugin/runtime contract -*- C -*-===*\
 *
 * The binary interface between code instrumented by SextantPlugin.so and the
 * Sextant runtime (libsextant). The plugin emits, for every instrumented
 * function, one private constant sextant_region_descriptor and one private
 * 32-bit handle, and rewrites the function to:
 *
 *   uint32_t h = atomic_load_relaxed(&handle);         // loaded once
 *   if (h == SEXTANT_INVALID) h = __sextant_region_register(&descriptor);
 *   if (h != SEXTANT_FILTERED) __sextant_region_enter_frame(h, cfa);
 *   ... body ...  // on every return and every unwind:
 *   if (h != SEXTANT_FILTERED) __sextant_region_exit(h);
 *
 * The runtime stores the region id (or SEXTANT_FILTERED) into *handle with a
 * relaxed atomic store. Because the exit guard reuses the value loaded at
 * entry, the runtime may re-arm or disarm a region at any moment without
 * unbalancing an enter/exit pair. cfa is the function's canonical frame
 * address (the stack pointer before the call that entered it); on targets
 * other than x86-64 and AArch64 the plugin calls __sextant_region_enter(h)
 * instead, and the runtime estimates the address.
 *
 * Changing this header is an ABI break: bump SEXTANT_ABI_VERSION.
\*===----------------------------------------------------------------------===*/

#ifndef SEXTANT_INSTRUMENTATION_ABI_H
#define SEXTANT_INSTRUMENTATION_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Version of this interface; stored in the top 8 bits of descriptor flags.
 *  Version 2: the entry points use the preserve_most calling convention on
 *  x86-64 and AArch64. Version 3: __sextant_region_enter_frame, with which
 *  the instrumented function passes its own frame address, and the C
 *  convention's __sextant_region_enter_frame_c and __sextant_region_exit_c
 *  for the plugin's armed copies. The runtime
 *  accepts descriptors of versions 2 and 3 (SEXTANT_ABI_OLDEST_VERSION):
 *  version 2's calls are still implemented. */
#define SEXTANT_ABI_VERSION 3u
#define SEXTANT_ABI_OLDEST_VERSION 2u
#define SEXTANT_ABI_VERSION_SHIFT 24u

/** Handle value of a region that has not been registered yet. */
#define SEXTANT_INVALID 0u
/** Handle value of a region that is disarmed (filtered, throttled, off). */
#define SEXTANT_FILTERED 0xFFFFFFFFu

/** The plugin versions small functions: f keeps its original code for a
 *  disarmed region and tail-calls an internal instrumented copy named f
 *  followed by this suffix otherwise. The runtime names code in such a copy
 *  after f (symbol-table names of OpenMP constructs' locations). Not part of
 *  the binary interface: changing it needs no new SEXTANT_ABI_VERSION. */
#define SEXTANT_ARMED_CLONE_SUFFIX ".sextant.armed"

/** Descriptor flag bits (low 24 bits; the top 8 hold the ABI version). */
enum sextant_region_flags {
  /** Names, file and lines come from a DISubprogram (compiled with -g). */
  SEXTANT_REGION_HAS_DEBUG_INFO = 1u << 0,
  /** The function may unwind; exits are also emitted on cleanup paths. */
  SEXTANT_REGION_MAY_UNWIND = 1u << 1,
  /** The display name was produced by demangling the mangled name. */
  SEXTANT_REGION_DEMANGLED = 1u << 2,
  /** A user region created through the public API, not by the plugin. */
  SEXTANT_REGION_USER = 1u << 3,
  /** An OpenMP construct recorded through OMPT by the runtime. */
  SEXTANT_REGION_OPENMP = 1u << 4,
  /** An MPI function measured by the PMPI adapter (libsextant-mpi). */
  SEXTANT_REGION_MPI = 1u << 5,
  /** A function of a library measured by a wrapper that `sextant wrap`
   *  generated (wrapper_abi.h). */
  SEXTANT_REGION_LIBRARY = 1u << 6
};

/** One per instrumented function; emitted by the plugin as a private
 *  constant. All strings are NUL-terminated and never NULL (possibly ""). */
typedef struct sextant_region_descriptor {
  uint32_t *handle;         /**< the function's private handle variable */
  const char *display_name; /**< demangled, clone suffixes stripped */
  const char *mangled_name; /**< linkage name (== display name for C) */
  const char *file;         /**< source file of the definition */
  uint32_t begin_line;      /**< first line, 0 when unknown */
  uint32_t end_line;        /**< last line, 0 when unknown */
  uint32_t flags;           /**< sextant_region_flags | ABI version << 24 */
} sextant_region_descriptor;

/* The plugin emits descriptors with exactly this layout (64-bit targets):
 * any change to it must fail to compile here, not corrupt names at run time. */
#ifdef __cplusplus
#define SEXTANT_ABI_STATIC_ASSERT(Condition, Message)                          \
  static_assert(Condition, Message)
#else
#define SEXTANT_ABI_STATIC_ASSERT(Condition, Message)                          \
  _Static_assert(Condition, Message)
#endif
#if defined(__LP64__)
SEXTANT_ABI_STATIC_ASSERT(sizeof(sextant_region_descriptor) == 48,
                          "sextant_region_descriptor is 48 bytes");
SEXTANT_ABI_STATIC_ASSERT(offsetof(sextant_region_descriptor, handle) == 0,
                          "descriptor.handle at offset 0");
SEXTANT_ABI_STATIC_ASSERT(offsetof(sextant_region_descriptor, display_name) ==
                              8,
                          "descriptor.display_name at offset 8");
SEXTANT_ABI_STATIC_ASSERT(offsetof(sextant_region_descriptor, mangled_name) ==
                              16,
                          "descriptor.mangled_name at offset 16");
SEXTANT_ABI_STATIC_ASSERT(offsetof(sextant_region_descriptor, file) == 24,
                          "descriptor.file at offset 24");
SEXTANT_ABI_STATIC_ASSERT(offsetof(sextant_region_descriptor, begin_line) == 32,
                          "descriptor.begin_line at offset 32");
SEXTANT_ABI_STATIC_ASSERT(offsetof(sextant_region_descriptor, end_line) == 36,
                          "descriptor.end_line at offset 36");
SEXTANT_ABI_STATIC_ASSERT(offsetof(sextant_region_descriptor, flags) == 40,
                          "descriptor.flags at offset 40");
#endif
#undef SEXTANT_ABI_STATIC_ASSERT

/** The calling convention of the entry points above (the _c ones below
 *  excepted). With clang on x86-64
 *  and AArch64 they preserve nearly all registers (preserve_most), so that
 *  an instrumented function needs no spills around its guarded calls and its
 *  disarmed path stays a load and a branch; the plugin emits its calls with
 *  the same convention. A caller using the C convention (another compiler)
 *  is compatible: the callee merely saves more than such a caller needs.
 *  A libsextant built by a compiler without preserve_most (GCC) provides
 *  these functions as assembly trampolines that keep the same
 *  registers, so clang-instrumented code may use either runtime. */
#if defined(__clang__) && (defined(__x86_64__) || defined(__aarch64__))
#define SEXTANT_ABI_CALL __attribute__((preserve_most))
#else
#define SEXTANT_ABI_CALL
#endif

/** Registers the region described by descriptor (thread-safe, idempotent
 *  per descriptor). Applies the runtime filter. Stores the result into
 *  *descriptor->handle and returns it: a region id, or SEXTANT_FILTERED. */
SEXTANT_ABI_CALL uint32_t
__sextant_region_register(const sextant_region_descriptor *descriptor);

/** Records entry into / exit from an armed region. Never throws. A handle
 *  that is SEXTANT_INVALID or SEXTANT_FILTERED records nothing, so a caller
 *  that knows its handle is armed (the plugin's armed copy of a versioned
 *  function) may call them without the guard. */
SEXTANT_ABI_CALL void __sextant_region_enter(uint32_t handle);
SEXTANT_ABI_CALL void __sextant_region_exit(uint32_t handle);

/** __sextant_region_enter(handle) called by the instrumented function whose
 *  canonical frame address (CFA: the value of the stack pointer before the
 *  call instruction that entered it, as DWARF defines it) is frame_address.
 *  The runtime compares it with the frames still open on the thread's
 *  shadow stack to notice those that longjmp or an exception abandoned
 *  (docs/design.md); with the exact address passed, it needs neither an
 *  estimate nor the unwinder. handle is a region id or SEXTANT_FILTERED
 *  (which records nothing), never SEXTANT_INVALID: the plugin calls it
 *  with the value registration returned. Version 3. */
SEXTANT_ABI_CALL void __sextant_region_enter_frame(uint32_t handle,
                                                   const void *frame_address);

/** __sextant_region_enter_frame and __sextant_region_exit with the C
 *  calling convention (the caller keeps its values itself), for the plugin's
 *  armed copies of small functions (SEXTANT_ARMED_CLONE_SUFFIX) on x86-64
 *  and AArch64: such a copy saves its few values more cheaply than the
 *  runtime saves every register it uses. Version 3. */
void __sextant_region_enter_frame_c(uint32_t handle, const void *frame_address);
void __sextant_region_exit_c(uint32_t handle);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SEXTANT_INSTRUMENTATION_ABI_H */
