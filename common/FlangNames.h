//===- common/FlangNames.h - Display names of Flang procedures ------------===//
//
// Part of Sextant. Decodes the internal names that Flang (flang-new) gives
// Fortran procedures ("_QMheat_modPsmooth", "_QQmain"; Flang's "bijective
// internal name uniquing") into the names users know ("heat_mod::smooth",
// the PROGRAM statement's name). Used by the plugin and the tool through
// DisplayName.h and by the runtime's code symbolizer, so it depends on the
// C++ standard library only.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_COMMON_FLANGNAMES_H
#define SEXTANT_COMMON_FLANGNAMES_H

#include <string>
#include <string_view>

namespace sextant {

/// The display name of a main program whose name is not known (no PROGRAM
/// statement, or a name taken from the mangled name alone). Upper case:
/// Flang lower-cases every Fortran name, so no procedure is called this.
inline constexpr std::string_view UnnamedFortranProgram = "MAIN";

/// Decodes Flang's internal name of a procedure. Scopes are joined with
/// "::", outermost first:
///   _QMmodPproc           mod::proc           module procedure (also the
///                                             procedure of a type-bound
///                                             binding)
///   _QMmodSsubPproc       mod::sub::proc      submodule procedure
///   _QMmodFhostPinner     mod::host::inner    internal procedure of a
///                                             module procedure
///   _QFhostPinner         host::inner         internal procedure of an
///                                             external procedure
///   _QFPinner             prog::inner         internal procedure of the
///                                             main program
///   _QPproc               proc                external procedure (before
///                                             Flang's external-name pass)
///   _QQmain               prog                the main program
/// where prog is ProgramName, or UnnamedFortranProgram when it is empty.
/// Returns false, leaving Display untouched, for every other name: non-Flang
/// names, Flang's names of data (variables, common blocks, types, ...),
/// compiler-generated "_QQ" names other than _QQmain, and malformed ones.
bool demangleFlangName(std::string_view Mangled, std::string &Display,
                       std::string_view ProgramName = {});

/// The name a Fortran PROGRAM statement gives, lower-cased as Flang does,
/// from the source line that holds it ("program Heat ! solver" -> "heat");
/// empty when Line is no PROGRAM statement. Accepts leading blanks (free
/// and fixed form) and a statement label.
std::string fortranProgramStatementName(std::string_view Line);

} // namespace sextant

#endif // SEXTANT_COMMON_FLANGNAMES_H
