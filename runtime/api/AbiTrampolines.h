/*===- runtime/api/AbiTrampolines.h - When the entry points are assembly -===*\
 *
 * Part of Sextant. Clang-instrumented code calls the three entry points of
 * include/sextant/instrumentation_abi.h with the preserve_most calling
 * convention on x86-64 and AArch64, keeping values in registers that the C
 * convention lets a callee clobber. A compiler without preserve_most (GCC)
 * cannot build such functions, so there SEXTANT_ABI_TRAMPOLINES is 1: the
 * exported functions are the trampolines of AbiTrampolines.S, which save
 * those registers around a call of the C++ implementation
 * (__sextant_region_*_impl in RegionEntryPoints.cpp). Included by C++ and
 * by the assembly file, so it holds preprocessor definitions only.
\*===----------------------------------------------------------------------===*/

#ifndef SEXTANT_RUNTIME_API_ABITRAMPOLINES_H
#define SEXTANT_RUNTIME_API_ABITRAMPOLINES_H

#if !defined(__clang__) && (defined(__x86_64__) || defined(__aarch64__))
#define SEXTANT_ABI_TRAMPOLINES 1
#else
#define SEXTANT_ABI_TRAMPOLINES 0
#endif

#endif /* SEXTANT_RUNTIME_API_ABITRAMPOLINES_H */
