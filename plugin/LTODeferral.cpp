//===- plugin/LTODeferral.cpp - Instrumenting after LTO ------------------===//
//
// Part of Sextant. With -flto or -flto=thin, clang's compile step runs a
// pre-link pipeline and writes bitcode; the linker's LTO step links the
// modules, inlines across them and generates code. The plugin runs at the
// end of the compile step's pipeline (OptimizerLast). Instrumenting there
// is always correct, but a function that LTO later inlines into another
// module keeps its enter/exit calls. Instrumenting at the link instead
// needs the linker to load the plugin, which the compile step cannot know.
//
// So the user (or a wrapper) says so: with -sextant-lto=link, a pre-link
// compile instruments nothing. It gives each function definition the
// string attribute "sextant-deferred", whose value is the compile's
// -sextant-* options (InstrumentationOptions::serialize: lld and gold pass
// no -mllvm options to a plugin they load late, and in a full LTO link the
// modules may have been compiled with different filters), and the module
// the flag "sextant.deferred". The link-time run of the plugin
// (FullLinkTimeOptimizationLast for full LTO, OptimizerLast of the ThinLTO
// backend) instruments exactly the functions that still carry the
// attribute, with their own options, after link-time inlining, and removes
// the attribute: a function is instrumented once, whichever of the two
// steps load the plugin. Without -sextant-lto=link (the default), a
// pre-link compile instruments as any compile does and says in a warning
// that functions inlined at the link stay instrumented; such an object
// works with any linker, and the link-time run leaves its functions alone.
//
// The choice between "pre-link" and "not LTO" cannot be made from the
// PassBuilder callback: LLVM 19's OptimizerLast callback gets only the
// optimization level (the LTO phase argument came in LLVM 20), and
// lto-pre-link<> runs the same extension points as default<>. clang's module
// flags for LTO tell it instead (isLTOPreLinkModule).
//
//===----------------------------------------------------------------------===//

#include "LTODeferral.h"

#include "InstrumentationOptions.h"
#include "SkipReasons.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace sextant {

static constexpr StringLiteral DeferredAttribute = "sextant-deferred";
static constexpr StringLiteral DeferredModuleFlag = "sextant.deferred";

bool isLTOPreLinkModule(const Module &M) {
  return M.getModuleFlag("ThinLTO") || M.getModuleFlag("EnableSplitLTOUnit") ||
         M.getModuleFlag("UnifiedLTO");
}

bool isThinLTOPreLinkModule(const Module &M) {
  if (!isLTOPreLinkModule(M))
    return false;
  auto *ThinLTO = mdconst::extract_or_null<ConstantInt>(M.getModuleFlag("ThinLTO"));
  return !ThinLTO || !ThinLTO->isZero();
}

bool isDeferredModule(const Module &M) {
  return M.getModuleFlag(DeferredModuleFlag) != nullptr;
}

unsigned deferModule(Module &M, const InstrumentationOptions &Options,
                     const AutomaticSkips &Skips) {
  std::string Recorded = Options.serialize();
  unsigned Deferred = 0;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    std::optional<SkipReason> Skip = Skips.reasonToSkip(F);
    if (Skip && Skip->Kind == SkipKind::NoInstrumentFunction)
      continue;
    F.addFnAttr(DeferredAttribute, Recorded);
    ++Deferred;
  }
  // Their job is done: the attributes that told no_instrument_function
  // apart must not reach the link's code generator, which would insert
  // __cyg_profile_func_* calls for them.
  removeInlinedEntryExitAttributes(M);
  M.addModuleFlag(Module::Max, DeferredModuleFlag, 1);
  return Deferred;
}

std::optional<StringRef> deferredOptions(const Function &F) {
  Attribute A = F.getFnAttribute(DeferredAttribute);
  if (!A.isStringAttribute())
    return std::nullopt;
  return A.getValueAsString();
}

void clearDeferral(Function &F) { F.removeFnAttr(DeferredAttribute); }

} // namespace sextant
