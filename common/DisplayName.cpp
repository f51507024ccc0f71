//===- common/DisplayName.cpp - Display names of mangled functions --------===//
//
// Part of Sextant. Itanium-mangled function templates encode their return
// type, and the demangler prints it ("void ns::f<int>(double)"), while
// other functions print without one ("ns::g(double)"). Filter patterns such
// as "ns::*" must see one shape, so the return type is removed when the
// demangled text starts with it. A function-pointer return type is wrapped
// around the name ("void (*ns::h<int>(long))(int)"); such names are composed
// from the function's name and parameter list ("ns::h<int>(long)"), which
// drops the rare cv- and ref-qualifiers of such member functions.
//
//===----------------------------------------------------------------------===//

#include "common/DisplayName.h"
#include "common/FlangNames.h"

#include "llvm/Demangle/Demangle.h"

#include <cstdlib>
#include <cstring>

namespace sextant {

/// Copies a string the partial demangler allocated, and frees it.
static std::string takeDemanglerString(char *Text) {
  if (!Text)
    return std::string();
  std::string Result(Text);
  std::free(Text);
  return Result;
}

std::string demangleForDisplay(std::string_view MangledName, bool &Demangled,
                               std::string_view ProgramName) {
  std::string Display;
  Demangled = demangleFlangName(MangledName, Display, ProgramName);
  if (Demangled)
    return Display;
  Demangled = llvm::nonMicrosoftDemangle(MangledName, Display);
  if (!Demangled)
    return std::string(MangledName);

  llvm::ItaniumPartialDemangler Parts;
  std::string Mangled(MangledName);
  if (Parts.partialDemangle(Mangled.c_str()) || !Parts.isFunction())
    return Display;
  size_t Size = 0;
  std::string ReturnType =
      takeDemanglerString(Parts.getFunctionReturnType(nullptr, &Size));
  if (ReturnType.empty())
    return Display;
  // The common case: "<return type> <name>(<parameters>)[ qualifiers]".
  if (Display.size() > ReturnType.size() + 1 &&
      Display.compare(0, ReturnType.size(), ReturnType) == 0 &&
      Display[ReturnType.size()] == ' ')
    return Display.erase(0, ReturnType.size() + 1);
  // A function-pointer return type is wrapped around the name
  // ("void (*ns::h<int>(long))(int)"): compose "<name>(<parameters>)".
  std::string Name = takeDemanglerString(Parts.getFunctionName(nullptr, &Size));
  std::string Parameters =
      takeDemanglerString(Parts.getFunctionParameters(nullptr, &Size));
  if (Name.empty() || Parameters.empty())
    return Display;
  return Name + Parameters;
}

} // namespace sextant
