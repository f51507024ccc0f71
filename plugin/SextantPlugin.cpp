//===- plugin/SextantPlugin.cpp - Registration of the Sextant pass -------===//
//
// Part of Sextant. The entry point of SextantPlugin.so for LLVM's new pass
// manager. It makes the pass available
//  - by name, for opt:   opt -load-pass-plugin=SextantPlugin.so
//                            -passes=sextant-instrument
//  - automatically, for clang -fpass-plugin=SextantPlugin.so, at the
//    OptimizerLast extension point of every pipeline, -O0 included.
//
//===----------------------------------------------------------------------===//

#include "SextantInstrumentation.h"

#include "llvm/IR/PassInstrumentation.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"

using namespace llvm;

#ifndef SEXTANT_VERSION_STRING
#error "SEXTANT_VERSION_STRING must be defined by the build"
#endif

static constexpr StringLiteral PassName = "sextant-instrument";

static void registerSextantPasses(PassBuilder &PB) {
  if (PassInstrumentationCallbacks *PIC = PB.getPassInstrumentationCallbacks())
    PIC->addClassToPassName(sextant::SextantInstrumentationPass::name(),
                            PassName);

  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != PassName)
          return false;
        MPM.addPass(sextant::SextantInstrumentationPass());
        return true;
      });

  // OptimizerLast: after inlining and all other optimizations, so functions
  // that were inlined everywhere are gone and never instrumented, and the
  // inserted calls do not hinder the optimizer. The pipelines of every
  // optimization level, -O0 included, run this extension point.
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(sextant::SextantInstrumentationPass());
      });
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "SextantPlugin", SEXTANT_VERSION_STRING,
          registerSextantPasses};
}
