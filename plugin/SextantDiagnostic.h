//===- plugin/SextantDiagnostic.h - Plugin diagnostics ----------*- C++ -*-===//
//
// Part of Sextant. The plugin reports problems (an unreadable or malformed
// filter file, an unwritable listing) through the LLVMContext's diagnostic
// machinery, so that clang prints them as ordinary "error:" / "warning:"
// lines and fails the compilation on errors, and opt does the same.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_PLUGIN_SEXTANTDIAGNOSTIC_H
#define SEXTANT_PLUGIN_SEXTANTDIAGNOSTIC_H

#include "llvm/IR/DiagnosticInfo.h"

#include <string>

namespace llvm {
class LLVMContext;
class Twine;
} // namespace llvm

namespace sextant {

/// A diagnostic of the Sextant plugin; printed as "sextant: <message>".
class SextantDiagnostic : public llvm::DiagnosticInfo {
public:
  SextantDiagnostic(const llvm::Twine &Message,
                    llvm::DiagnosticSeverity Severity);

  void print(llvm::DiagnosticPrinter &Printer) const override;

  static bool classof(const llvm::DiagnosticInfo *Info) {
    return Info->getKind() == kind();
  }

private:
  /// The plugin diagnostic kind, allocated once per process.
  static int kind();

  std::string Message;
};

/// Reports an error; the compilation fails once the pass returns.
void reportError(llvm::LLVMContext &Context, const llvm::Twine &Message);

/// Reports a warning.
void reportWarning(llvm::LLVMContext &Context, const llvm::Twine &Message);

} // namespace sextant

#endif // SEXTANT_PLUGIN_SEXTANTDIAGNOSTIC_H
