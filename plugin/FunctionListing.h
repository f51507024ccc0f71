//===- plugin/FunctionListing.h - The function listing ----------*- C++ -*-===//
//
// Part of Sextant. The -sextant-list=<path> listing: one line per function
// the pass saw, saying whether it was instrumented and why:
//
//   <instrumented|skipped>\t<display name>\t<mangled
//   name>\t<file>:<line>\t<reason>
//
// The lines of one module are appended to the file with a single write on a
// descriptor opened with O_APPEND, so parallel compilations can share one
// listing file without interleaving their lines. "-" means standard error.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_PLUGIN_FUNCTIONLISTING_H
#define SEXTANT_PLUGIN_FUNCTIONLISTING_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace sextant {

struct RegionNames;

/// The listing lines of one module.
class FunctionListing {
public:
  /// Adds the line of one function. Reason is e.g. "default",
  /// "filter: excluded by f.filt:2:9 (EXCLUDE bar*)" or "declaration".
  void add(bool Instrumented, const RegionNames &Names, llvm::StringRef Reason);

  /// The lines added so far.
  const std::string &text() const { return Text; }

  /// Appends the lines to the file at Path ("-": standard error), creating
  /// it if needed.
  llvm::Error appendTo(llvm::StringRef Path) const;

private:
  std::string Text;
};

} // namespace sextant

#endif // SEXTANT_PLUGIN_FUNCTIONLISTING_H
