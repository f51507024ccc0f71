//===- runtime/config/OptionVariables.h - The SEXTANT_* names -*- C++ -*-===//
//
// Part of Sextant. The variables of Options.def as a constant table for the
// code outside the runtime that sets them for a program (`sextant run`):
// each variable's name and, for an integer variable, its range. Header
// only: it needs none of the runtime's libraries.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_CONFIG_OPTIONVARIABLES_H
#define SEXTANT_RUNTIME_CONFIG_OPTIONVARIABLES_H

#include <cstdint>

namespace sextant {
namespace runtime {

/// Whether two strings are equal; usable in constant expressions.
constexpr bool sameOptionText(const char *A, const char *B) {
  while (*A && *A == *B) {
    ++A;
    ++B;
  }
  return *A == *B;
}

/// One variable of Options.def.
struct OptionVariable {
  const char *Name; ///< "SEXTANT_..."
  bool IsUnsigned;  ///< Kind Unsigned: a decimal integer within [Min, Max]
  uint64_t Min, Max;
};

/// Every variable, in the order of Options.def.
inline constexpr OptionVariable OptionVariables[] = {
#define SEXTANT_OPTION(Member, Variable, Kind, Default, Min, Max, Description) \
  {Variable, sameOptionText(#Kind, "Unsigned"), Min, Max},
#include "runtime/config/Options.def"
};

/// The variable called Name; null when Options.def has none.
constexpr const OptionVariable *findOptionVariable(const char *Name) {
  for (const OptionVariable &Variable : OptionVariables)
    if (sameOptionText(Variable.Name, Name))
      return &Variable;
  return nullptr;
}

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CONFIG_OPTIONVARIABLES_H
