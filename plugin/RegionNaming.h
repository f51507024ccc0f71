//===- plugin/RegionNaming.h - Names, file and lines ------------*- C++ -*-===//
//
// Part of Sextant. Computes what the region descriptor of a function says
// about it: the display name (demangled, clone suffixes stripped), the
// mangled name, the source file and the first and last source line. Debug
// information (the function's DISubprogram) is used when present; otherwise
// the module's source file name and line 0 are used.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_PLUGIN_REGIONNAMING_H
#define SEXTANT_PLUGIN_REGIONNAMING_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace llvm {
class Function;
} // namespace llvm

namespace sextant {

/// Everything the plugin says about one function in its region descriptor,
/// in its listing and to the compile-time filter.
struct RegionNames {
  /// Demangled linkage name without clone suffixes or template return
  /// type (see DisplayName.h), e.g. "ns::f<int>(double)"; Fortran names
  /// as Fortran writes them, e.g. "heat_mod::smooth", the PROGRAM
  /// statement's name for Flang's "_QQmain", "extsub" for "extsub_";
  /// the plain name for C functions.
  std::string DisplayName;
  /// Linkage name without clone suffixes, e.g. "_ZN2ns1fIiEEvd".
  std::string MangledName;
  /// Source file of the definition: from the DISubprogram (absolute when its
  /// directory is known), else the module's source file name (empty for
  /// Flang's modules, which all say "FIRModule").
  std::string File;
  /// First line of the definition (DISubprogram line), 0 when unknown.
  unsigned BeginLine = 0;
  /// Largest line among the function's own debug locations, 0 when unknown.
  unsigned EndLine = 0;
  /// Names, file and lines come from a DISubprogram.
  bool HasDebugInfo = false;
  /// DisplayName was produced by the demangler.
  bool Demangled = false;
};

/// The function's linkage name as written in the module, without the '\1'
/// prefix that marks names given with asm("...") labels.
llvm::StringRef linkageName(const llvm::Function &F);

/// Removes clone suffixes that optimizers append to a function's name
/// (".cold", ".cold.N", ".llvm.N", ".constprop.N", ".isra.N", ".part.N",
/// ".specialized.N", ".lto_priv.N", and chains of them such as
/// ".constprop.0.isra.0"). Other names are returned unchanged.
llvm::StringRef stripCloneSuffixes(llvm::StringRef Name);

/// Computes the display name, mangled name, file and lines of F.
RegionNames nameRegion(const llvm::Function &F);

} // namespace sextant

#endif // SEXTANT_PLUGIN_REGIONNAMING_H
