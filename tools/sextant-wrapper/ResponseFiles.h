//===- tools/sextant-wrapper/ResponseFiles.h - @file arguments -*- C++ -*-===//
//
// Part of Sextant. The compiler wrappers classify a command line by what it
// says, including the arguments of response files (`@file`, as GCC and
// clang read them); the line itself is passed on unchanged. Tokenizing
// follows GCC's rules: blanks separate words, single and double quotes group,
// a backslash escapes the next character.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_WRAPPER_RESPONSEFILES_H
#define SEXTANT_TOOLS_WRAPPER_RESPONSEFILES_H

#include <cstddef>
#include <string>
#include <vector>

namespace sextant {
namespace wrapper {

/// The words of Text as GCC reads a response file.
std::vector<std::string> tokenizeResponseFile(const std::string &Text);

/// The bounds of an expansion: how deep response files may nest, and how
/// many words and bytes all of them together may give.
struct ResponseFileLimits {
  unsigned MaxDepth = 32;
  size_t MaxArguments = size_t(1) << 20; // 1,048,576 words
  size_t MaxBytes = size_t(64) << 20;    // 64 MiB read in all
};

struct ResponseFileExpansion {
  std::vector<std::string> Args;
  /// Empty, or why the expansion stopped (naming the file and the rule):
  /// Args is then incomplete and must not be used.
  std::string Error;
};

/// Args with every `@file` that names a readable file replaced by the
/// file's words, recursively. An `@word` that names no readable file stays
/// as it is, as the compilers keep it. A file that includes itself, directly
/// or through others (the same file by device and inode, whatever its
/// spelling), nesting deeper than Limits.MaxDepth, and more words or bytes
/// than the limits allow are errors.
ResponseFileExpansion
expandResponseFiles(const std::vector<std::string> &Args,
                    const ResponseFileLimits &Limits = ResponseFileLimits());

} // namespace wrapper
} // namespace sextant

#endif // SEXTANT_TOOLS_WRAPPER_RESPONSEFILES_H
