//===- plugin/SextantInstrumentation.h - The pass ---------------*- C++ -*-===//
//
// Part of Sextant. The module pass "sextant-instrument": inserts guarded
// region enter/exit calls into the functions selected for measurement. See
// SextantInstrumentation.cpp and docs/compiler-plugin.md.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_PLUGIN_SEXTANTINSTRUMENTATION_H
#define SEXTANT_PLUGIN_SEXTANTINSTRUMENTATION_H

#include "llvm/IR/PassManager.h"

namespace sextant {

/// Instruments every function of a module that no automatic skip rule, no
/// compile-time filter rule and no size threshold excludes. Configured by
/// the -sextant-* command-line options.
class SextantInstrumentationPass
    : public llvm::PassInfoMixin<SextantInstrumentationPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);

  /// Runs at -O0 and on optnone functions too.
  static bool isRequired() { return true; }
};

} // namespace sextant

#endif // SEXTANT_PLUGIN_SEXTANTINSTRUMENTATION_H
