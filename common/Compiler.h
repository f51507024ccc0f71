//===- common/Compiler.h - Attributes and machine constants -----*- C++ -*-===//
//
// Part of Sextant. The few compiler attributes and machine constants that
// several parts of Sextant need, defined once:
//
//   SEXTANT_EXPORT         gives a function default visibility, for the C
//                          entry points of libraries built with hidden
//                          visibility (libsextant's version script decides
//                          what is finally exported);
//   SEXTANT_ALWAYS_INLINE  forces inlining of a hot-path helper;
//   CacheLineSize          the alignment that keeps per-thread state apart.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_COMMON_COMPILER_H
#define SEXTANT_COMMON_COMPILER_H

#include <cstddef>

#define SEXTANT_EXPORT __attribute__((visibility("default")))
#define SEXTANT_ALWAYS_INLINE inline __attribute__((always_inline))

namespace sextant {

/// The cache-line size of the x86-64 and AArch64 machines Sextant runs on.
constexpr std::size_t CacheLineSize = 64;

} // namespace sextant

#endif // SEXTANT_COMMON_COMPILER_H
