//===- plugin/SextantPlugin.cpp - Registration of the Sextant pass -------===//
//
// Part of Sextant. The entry point of SextantPlugin.so for LLVM's new pass
// manager. It makes the pass available
//  - by name, for opt:   opt -load-pass-plugin=SextantPlugin.so
//                            -passes=sextant-instrument
//  - automatically, for clang -fpass-plugin=SextantPlugin.so, at the
//    OptimizerLast extension point of every pipeline, -O0 included;
//  - at the end of link-time optimization, for a linker that loads it
//    (lld -Wl,--load-pass-plugin=SextantPlugin.so): full LTO runs
//    FullLinkTimeOptimizationLast, a ThinLTO backend runs OptimizerLast.
//
// The pass must know whether it runs in a compile step or after LTO (see
// LTODeferral.cpp). LLVM 19 does not tell the callbacks, but every compile
// pipeline (default<>, lto-pre-link<>, thinlto-pre-link<>, -O0) runs the
// PipelineStart extension point before OptimizerLast, while the ThinLTO
// backend pipeline (thinlto<>) runs no PipelineStart. The PipelineStart
// callback therefore notes "compile step" for the next OptimizerLast
// callback of the same PassBuilder, which consumes the note. (The native
// half of a -ffat-lto-objects compile runs a second OptimizerLast without a
// PipelineStart: it is treated as after LTO, which is what it is for that
// module.)
//
//===----------------------------------------------------------------------===//

#include "SextantInstrumentation.h"

#include "llvm/IR/PassInstrumentation.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"

#include <memory>

using namespace llvm;

#ifndef SEXTANT_VERSION_STRING
#error "SEXTANT_VERSION_STRING must be defined by the build"
#endif

static constexpr StringLiteral PassName = "sextant-instrument";

using sextant::PipelineStage;
using sextant::SextantInstrumentationPass;

static void registerSextantPasses(PassBuilder &PB) {
  if (PassInstrumentationCallbacks *PIC = PB.getPassInstrumentationCallbacks())
    PIC->addClassToPassName(SextantInstrumentationPass::name(), PassName);

  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != PassName)
          return false;
        MPM.addPass(SextantInstrumentationPass());
        return true;
      });

  // Set by PipelineStart, consumed by the next OptimizerLast of the
  // pipeline being built.
  auto InCompilePipeline = std::make_shared<bool>(false);
  PB.registerPipelineStartEPCallback(
      [InCompilePipeline](ModulePassManager &, OptimizationLevel) {
        *InCompilePipeline = true;
      });

  // OptimizerLast: after inlining and all other optimizations, so functions
  // that were inlined everywhere are gone and never instrumented, and the
  // inserted calls do not hinder the optimizer. The pipelines of every
  // optimization level, -O0 included, run this extension point.
  PB.registerOptimizerLastEPCallback(
      [InCompilePipeline](ModulePassManager &MPM, OptimizationLevel Level) {
        PipelineStage Stage = *InCompilePipeline ? PipelineStage::Compile
                                                 : PipelineStage::Link;
        *InCompilePipeline = false;
        MPM.addPass(SextantInstrumentationPass(
            Stage, Level == OptimizationLevel::O0));
      });

  // The end of full LTO, -O0 included; its pipeline runs no OptimizerLast.
  PB.registerFullLinkTimeOptimizationLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel Level) {
        MPM.addPass(SextantInstrumentationPass(
            PipelineStage::Link, Level == OptimizationLevel::O0));
      });
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "SextantPlugin", SEXTANT_VERSION_STRING,
          registerSextantPasses};
}
