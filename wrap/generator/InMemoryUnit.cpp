//===- wrap/generator/InMemoryUnit.cpp - A libclang unit in memory --------===//
//
// Part of Sextant. See InMemoryUnit.h.
//
//===----------------------------------------------------------------------===//

#include "wrap/generator/InMemoryUnit.h"

namespace sextant {
namespace wrap {

std::string toString(CXString Text) {
  const char *Chars = clang_getCString(Text);
  std::string Result = Chars ? Chars : "";
  clang_disposeString(Text);
  return Result;
}

InMemoryUnit::InMemoryUnit(const char *MainName, const std::string &Main,
                           bool AsC,
                           const std::vector<std::string> &CompilerArguments,
                           unsigned Options)
    : Index(clang_createIndex(0, 0)) {
  std::vector<const char *> Arguments = {"-x", AsC ? "c" : "c++",
                                         AsC ? "-std=c11" : "-std=c++17"};
  for (const std::string &Argument : CompilerArguments)
    Arguments.push_back(Argument.c_str());
  CXUnsavedFile Unsaved{MainName, Main.c_str(),
                        static_cast<unsigned long>(Main.size())};
  Code = clang_parseTranslationUnit2(Index, MainName, Arguments.data(),
                                     static_cast<int>(Arguments.size()),
                                     &Unsaved, 1, Options, &Unit);
  if (Code != CXError_Success && Unit) {
    clang_disposeTranslationUnit(Unit);
    Unit = nullptr;
  }
}

InMemoryUnit::~InMemoryUnit() {
  if (Unit)
    clang_disposeTranslationUnit(Unit);
  clang_disposeIndex(Index);
}

} // namespace wrap
} // namespace sextant
