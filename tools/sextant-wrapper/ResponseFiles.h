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

#include <string>
#include <vector>

namespace sextant {
namespace wrapper {

/// The words of Text as GCC reads a response file.
std::vector<std::string> tokenizeResponseFile(const std::string &Text);

/// Args with every `@file` that names a readable file replaced by the
/// file's words, recursively (at most 32 levels, so that a file including
/// itself ends). An `@word` that names no readable file stays as it is, as
/// the compilers keep it.
std::vector<std::string> expandResponseFiles(const std::vector<std::string> &Args);

} // namespace wrapper
} // namespace sextant

#endif // SEXTANT_TOOLS_WRAPPER_RESPONSEFILES_H
