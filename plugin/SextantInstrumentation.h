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

/// Where in the build the pass runs (see LTODeferral.cpp).
enum class PipelineStage {
  /// A compile step: an ordinary compile, or an LTO pre-link compile, which
  /// may defer the instrumentation to the link (-sextant-lto=link).
  Compile,
  /// After link-time optimization (full LTO, or a ThinLTO backend): only the
  /// functions that their compile deferred are instrumented.
  Link,
};

/// Instruments every function of a module that no automatic skip rule, no
/// compile-time filter rule and no size threshold excludes. Configured by
/// the -sextant-* command-line options, or at the link by the options that
/// the compile recorded.
class SextantInstrumentationPass
    : public llvm::PassInfoMixin<SextantInstrumentationPass> {
public:
  /// OptimizesNothing: the pipeline is -O0's.
  explicit SextantInstrumentationPass(
      PipelineStage Stage = PipelineStage::Compile,
      bool OptimizesNothing = false)
      : Stage(Stage), OptimizesNothing(OptimizesNothing) {}

  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);

  /// Runs at -O0 and on optnone functions too.
  static bool isRequired() { return true; }

private:
  PipelineStage Stage;
  bool OptimizesNothing;
};

} // namespace sextant

#endif // SEXTANT_PLUGIN_SEXTANTINSTRUMENTATION_H
