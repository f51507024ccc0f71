//===- common/DisplayName.h - Display names of mangled functions ----------===//
//
// Part of Sextant. The one rule that turns a linkage name into the display
// name users see in profiles and match with filter rules. Shared by the
// plugin (region descriptors, listing, compile-time filter) and the
// `sextant` tool (`filter explain`), so both always agree. Depends only on
// LLVM's Demangle library (and FlangNames.h for Flang's Fortran names).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_COMMON_DISPLAYNAME_H
#define SEXTANT_COMMON_DISPLAYNAME_H

#include <string>
#include <string_view>

namespace sextant {

/// Demangles MangledName. Flang's internal names of Fortran procedures are
/// decoded by FlangNames.h ("_QMheat_modPsmooth" reads "heat_mod::smooth";
/// "_QQmain" reads ProgramName, or "MAIN" when it is empty). Other names go
/// through LLVM's demangler (Itanium, Rust, D), without the return type that
/// the Itanium demangler prints for function templates, so that
/// "_ZN2ns1fIiEEvd" reads "ns::f<int>(double)" like every other function (a
/// function returning a function pointer reads "ns::h<int>(long)"). Sets Demangled and returns the display name when
/// MangledName is a mangled name; returns it unchanged (e.g. for C functions)
/// otherwise.
std::string demangleForDisplay(std::string_view MangledName, bool &Demangled,
                               std::string_view ProgramName = {});

} // namespace sextant

#endif // SEXTANT_COMMON_DISPLAYNAME_H
