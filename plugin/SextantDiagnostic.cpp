//===- plugin/SextantDiagnostic.cpp - Errors and warnings of the plugin --===//
//
// Part of Sextant. A DiagnosticInfo of a plugin-allocated kind: clang's
// backend diagnostic handler prints such diagnostics as "error: <text>" (or
// "warning: <text> [-Wbackend-plugin]") and counts errors; opt and other
// tools without a handler print them and exit on errors.
//
//===----------------------------------------------------------------------===//

#include "SextantDiagnostic.h"

#include "llvm/ADT/Twine.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"

using namespace llvm;

namespace sextant {

SextantDiagnostic::SextantDiagnostic(const Twine &Message,
                                     DiagnosticSeverity Severity)
    : DiagnosticInfo(kind(), Severity), Message(Message.str()) {}

int SextantDiagnostic::kind() {
  static const int Kind = getNextAvailablePluginDiagnosticKind();
  return Kind;
}

void SextantDiagnostic::print(DiagnosticPrinter &Printer) const {
  Printer << "sextant: " << Message;
}

void reportError(LLVMContext &Context, const Twine &Message) {
  Context.diagnose(SextantDiagnostic(Message, DS_Error));
}

void reportWarning(LLVMContext &Context, const Twine &Message) {
  Context.diagnose(SextantDiagnostic(Message, DS_Warning));
}

} // namespace sextant
