//===- plugin/DisplayName.cpp - Display names of mangled functions -------===//
//
// Part of Sextant. Itanium-mangled function templates encode their return
// type, and the demangler prints it ("void ns::f<int>(double)"), while
// other functions print without one ("ns::g(double)"). Filter patterns such
// as "ns::*" must see one shape, so the return type is removed when the
// demangled text starts with it. Function-pointer return types, which the
// demangler wraps around the name ("void (*ns::h<int>())(int)"), are left
// as they are.
//
//===----------------------------------------------------------------------===//

#include "DisplayName.h"

#include "llvm/Demangle/Demangle.h"

#include <cstdlib>
#include <cstring>

namespace sextant {

/// The return type of an Itanium-mangled function template, or "" for
/// anything else.
static std::string itaniumReturnType(const std::string &MangledName) {
  llvm::ItaniumPartialDemangler Demangler;
  if (Demangler.partialDemangle(MangledName.c_str()) ||
      !Demangler.isFunction())
    return std::string();
  size_t Size = 0;
  char *ReturnType = Demangler.getFunctionReturnType(nullptr, &Size);
  if (!ReturnType)
    return std::string();
  std::string Result(ReturnType);
  std::free(ReturnType);
  return Result;
}

std::string demangleForDisplay(std::string_view MangledName,
                               bool &Demangled) {
  std::string Display;
  Demangled = llvm::nonMicrosoftDemangle(MangledName, Display);
  if (!Demangled)
    return std::string(MangledName);
  std::string ReturnType = itaniumReturnType(std::string(MangledName));
  if (!ReturnType.empty() && Display.size() > ReturnType.size() + 1 &&
      Display.compare(0, ReturnType.size(), ReturnType) == 0 &&
      Display[ReturnType.size()] == ' ')
    Display.erase(0, ReturnType.size() + 1);
  return Display;
}

} // namespace sextant
