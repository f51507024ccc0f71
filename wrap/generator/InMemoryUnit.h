//===- wrap/generator/InMemoryUnit.h - A libclang unit in memory -*- C++
//-*-===//
//
// Part of Sextant. The generator asks libclang about source it builds in
// memory: the headers included by one main file (HeaderParser.cpp) and the
// annotation expressions in functions after them (AnnotationExpression.cpp).
// InMemoryUnit parses such a main file as C11 or C++17 with the user's
// compiler arguments and disposes of it.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_WRAP_GENERATOR_INMEMORYUNIT_H
#define SEXTANT_WRAP_GENERATOR_INMEMORYUNIT_H

#include <clang-c/Index.h>

#include <string>
#include <vector>

namespace sextant {
namespace wrap {

/// Text as a std::string; disposes of Text.
std::string toString(CXString Text);

class InMemoryUnit {
public:
  /// Parses Main, named MainName, as C11 (AsC) or C++17 with
  /// CompilerArguments and the CXTranslationUnit_* flags Options.
  InMemoryUnit(const char *MainName, const std::string &Main, bool AsC,
               const std::vector<std::string> &CompilerArguments,
               unsigned Options);
  ~InMemoryUnit();
  InMemoryUnit(const InMemoryUnit &) = delete;
  InMemoryUnit &operator=(const InMemoryUnit &) = delete;

  /// The unit; null when libclang could not start parsing (see code()).
  CXTranslationUnit unit() const { return Unit; }
  CXErrorCode code() const { return Code; }

private:
  CXIndex Index;
  CXTranslationUnit Unit = nullptr;
  CXErrorCode Code;
};

} // namespace wrap
} // namespace sextant

#endif // SEXTANT_WRAP_GENERATOR_INMEMORYUNIT_H
