//===- wrap/generator/HeaderParser.h - Functions of headers -----*- C++ -*-===//
//
// Part of Sextant. Parses a library's headers with libclang (as C++17, the
// language of the generated wrappers, or as C11 for C headers that do not
// parse as C++, such as mpi.h with its C++ bindings) and lists every function
// they declare with external linkage: C free functions, C++ free and member
// functions (with a typed `this`), constructors and destructors once per
// mangling the compiler emits (C1/C2, D0/D1/D2), overloads told apart by their
// mangled names. Inline functions, functions defined in the header, templates,
// deleted, virtual and non-public members are listed with the reason they
// cannot be wrapped. A header that does not parse gives libclang's
// diagnostics (file:line:column) and a sentence on what to change.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_WRAP_GENERATOR_HEADERPARSER_H
#define SEXTANT_WRAP_GENERATOR_HEADERPARSER_H

#include "wrap/generator/WrappedFunction.h"

#include <string>
#include <vector>

namespace sextant {
namespace wrap {

struct ParsedHeaders {
  /// Every function declared anywhere in the translation unit (also in the
  /// headers the given ones include), in declaration order; the filter
  /// decides which files count.
  std::vector<WrappedFunction> Functions;
  /// The given headers as the compiler found them (absolute paths).
  std::vector<std::string> Headers;
};

enum class HeaderLanguage { Cxx17, C11 };

/// Parses Headers (paths, or names found through the include path, as in
/// #include <...>) with the compiler arguments CompilerArguments (-I, -D,
/// ...) as Language. Returns false with Error set (diagnostics and advice,
/// several lines) when they do not parse.
bool parseHeaders(const std::vector<std::string> &Headers,
                  const std::vector<std::string> &CompilerArguments,
                  ParsedHeaders &Result, std::string &Error,
                  HeaderLanguage Language = HeaderLanguage::Cxx17);

/// A declaration of a parameter named Name of type Type, from the type's
/// spelling: "T *" gives "T * Name", "int[][3]" gives "int Name[][3]" and
/// "int (*)(int)" gives "int (*Name)(int)".
std::string declareParameter(const std::string &Type, const std::string &Name);

} // namespace wrap
} // namespace sextant

#endif // SEXTANT_WRAP_GENERATOR_HEADERPARSER_H
