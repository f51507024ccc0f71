//===- wrap/generator/LibrarySymbols.h - What a library exports -*- C++ -*-===//
//
// Part of Sextant. The symbols a library really defines, read from its ELF
// symbol tables with llvm::object (no test link per function): the dynamic
// symbol table of a shared library, the symbol tables of the members of a
// static archive (or of an object file). Only defined global and weak
// symbols count.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_WRAP_GENERATOR_LIBRARYSYMBOLS_H
#define SEXTANT_WRAP_GENERATOR_LIBRARYSYMBOLS_H

#include <set>
#include <string>

namespace sextant {
namespace wrap {

/// Adds the symbols that the library at Path defines to Symbols; false with
/// Error when it cannot be read (not ELF, a linker script, missing).
bool readLibrarySymbols(const std::string &Path, std::set<std::string> &Symbols,
                        std::string &Error);

} // namespace wrap
} // namespace sextant

#endif // SEXTANT_WRAP_GENERATOR_LIBRARYSYMBOLS_H
