//===- plugin/SkipReasons.cpp - Functions Sextant never instruments ------===//
//
// Part of Sextant. The automatic skip rules. Each rule matches what clang 19
// actually emits:
//  - global initializers are "__cxx_global_var_init*", "_GLOBAL__sub_I_*",
//    "__cxx_global_array_dtor*", "__dtor_*" (atexit destructors), thread-local
//    init/wrapper functions "__tls_init", "_ZTH*", "_ZTW*", and every member of
//    llvm.global_ctors / llvm.global_dtors;
//  - thunks carry the "thunk" attribute or are named _ZTh*, _ZTv*, _ZTc*;
//  - OpenMP outlined bodies are "<fn>.omp_outlined*", "*omp_outlined_debug__*",
//    "<fn>..omp_par*" (OpenMPIRBuilder), reduction helpers ".omp.reduction*",
//    ".red_*", task helpers ".omp_task_entry.", ".omp_task_privates_map.",
//    ".omp_task_destructor.", ".omp_task_dup.", ".omp_combiner.",
//    ".omp_initializer.", ".omp_mapper.", and "__omp_offloading_*" kernels;
//  - __attribute__((annotate("sextant_skip"))) appears in
//    @llvm.global.annotations;
//  - no_instrument_function leaves no trace in IR, except that with
//    -finstrument-functions-after-inlining every other function carries the
//    "instrument-function-{entry,exit}-inlined" attributes.
//
//===----------------------------------------------------------------------===//

#include "SkipReasons.h"

#include "RegionNaming.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace sextant {

/// Attributes clang's -finstrument-functions-after-inlining puts on every
/// function not declared no_instrument_function.
static constexpr StringLiteral InlinedEntryAttribute =
    "instrument-function-entry-inlined";
static constexpr StringLiteral InlinedExitAttribute =
    "instrument-function-exit-inlined";

/// The annotation string of __attribute__((annotate("sextant_skip"))).
static constexpr StringLiteral SkipAnnotation = "sextant_skip";

StringRef keywordOf(SkipKind Kind) {
  switch (Kind) {
  case SkipKind::Declaration:
    return "declaration";
  case SkipKind::AvailableExternally:
    return "available_externally";
  case SkipKind::Naked:
    return "naked";
  case SkipKind::Empty:
    return "empty";
  case SkipKind::CompilerGenerated:
    return "compiler-generated";
  case SkipKind::OpenMPOutlined:
    return "openmp-outlined";
  case SkipKind::SextantRuntime:
    return "sextant-runtime";
  case SkipKind::AnnotatedSkip:
    return "annotated";
  case SkipKind::NoInstrumentFunction:
    return "no_instrument_function";
  }
  llvm_unreachable("unknown SkipKind");
}

static bool hasInlinedEntryExitAttribute(const Function &F) {
  return F.hasFnAttribute(InlinedEntryAttribute) ||
         F.hasFnAttribute(InlinedExitAttribute);
}

/// Adds the functions listed in the llvm.global_ctors or llvm.global_dtors
/// array GlobalName (entries { i32 priority, ptr function, ptr data }).
static void collectStructors(const Module &M, StringRef GlobalName,
                             SmallPtrSetImpl<const Function *> &Functions) {
  const GlobalVariable *List = M.getNamedGlobal(GlobalName);
  if (!List || !List->hasInitializer())
    return;
  const auto *Entries = dyn_cast<ConstantArray>(List->getInitializer());
  if (!Entries)
    return;
  for (const Use &Entry : Entries->operands()) {
    const auto *Fields = dyn_cast<ConstantStruct>(Entry.get());
    if (!Fields || Fields->getNumOperands() < 2)
      continue;
    if (const auto *F =
            dyn_cast<Function>(Fields->getOperand(1)->stripPointerCasts()))
      Functions.insert(F);
  }
}

/// The string of a global such as @.str = c"sextant_skip\00".
static StringRef annotationString(const Constant *C) {
  const auto *GV = dyn_cast<GlobalVariable>(C->stripPointerCasts());
  if (!GV || !GV->hasInitializer())
    return StringRef();
  const auto *Data = dyn_cast<ConstantDataSequential>(GV->getInitializer());
  if (!Data || !Data->isCString())
    return StringRef();
  return Data->getAsCString();
}

/// Adds the functions annotated "sextant_skip" in @llvm.global.annotations
/// (entries { ptr value, ptr annotation, ptr file, i32 line, ptr args }).
static void
collectAnnotatedSkips(const Module &M,
                      SmallPtrSetImpl<const Function *> &Functions) {
  const GlobalVariable *List = M.getNamedGlobal("llvm.global.annotations");
  if (!List || !List->hasInitializer())
    return;
  const auto *Entries = dyn_cast<ConstantArray>(List->getInitializer());
  if (!Entries)
    return;
  for (const Use &Entry : Entries->operands()) {
    const auto *Fields = dyn_cast<ConstantStruct>(Entry.get());
    if (!Fields || Fields->getNumOperands() < 2)
      continue;
    const auto *F =
        dyn_cast<Function>(Fields->getOperand(0)->stripPointerCasts());
    if (F && annotationString(Fields->getOperand(1)) == SkipAnnotation)
      Functions.insert(F);
  }
}

AutomaticSkips::AutomaticSkips(const Module &M) {
  collectStructors(M, "llvm.global_ctors", GlobalCtorsAndDtors);
  collectStructors(M, "llvm.global_dtors", GlobalCtorsAndDtors);
  collectAnnotatedSkips(M, AnnotatedSkip);
  SeesNoInstrumentFunction = any_of(M, [](const Function &F) {
    return !F.isDeclaration() && hasInlinedEntryExitAttribute(F);
  });
  if (SeesNoInstrumentFunction)
    for (const Function &F : M)
      if (!F.isDeclaration() && !hasInlinedEntryExitAttribute(F))
        NoInstrumentFunction.insert(&F);
}

/// What kind of compiler-generated function Name is, or an empty string.
static StringRef compilerGeneratedKind(const Function &F, StringRef Name) {
  if (F.hasFnAttribute("thunk") || Name.starts_with("_ZTh") ||
      Name.starts_with("_ZTv") || Name.starts_with("_ZTc"))
    return "thunk";
  if (Name.starts_with("__cxx_global_var_init") ||
      Name.starts_with("_GLOBAL__sub_I_") || Name.starts_with("_GLOBAL__I_") ||
      Name.starts_with("_GLOBAL__D_"))
    return "global initializer";
  if (Name.starts_with("__cxx_global_array_dtor") ||
      Name.starts_with("__dtor_"))
    return "global destructor";
  if (Name == "__tls_init" || Name.starts_with("_ZTH") ||
      Name.starts_with("_ZTW"))
    return "thread-local initializer";
  if (Name == "__clang_call_terminate")
    return "__clang_call_terminate";
  return StringRef();
}

static bool isOpenMPOutlined(StringRef Name) {
  return Name.contains("omp_outlined") || Name.contains(".omp.reduction") ||
         Name.contains(".omp_par") || Name.starts_with(".omp_") ||
         Name.starts_with(".red_") || Name.starts_with("__omp_offloading");
}

static bool isSextantRuntime(StringRef Name) {
  return Name.starts_with("__sextant_") || Name.starts_with("sextant_") ||
         Name.starts_with("_ZN7sextant") || Name.starts_with("_ZNK7sextant");
}

/// True when the body of F is a single return instruction.
static bool isEmpty(const Function &F) {
  if (F.size() != 1)
    return false;
  auto Body = F.getEntryBlock().instructionsWithoutDebug();
  return std::distance(Body.begin(), Body.end()) == 1 &&
         isa<ReturnInst>(*Body.begin());
}

std::optional<SkipReason>
AutomaticSkips::reasonToSkip(const Function &F) const {
  auto Skip = [](SkipKind Kind, StringRef Detail = StringRef()) {
    std::string Text = keywordOf(Kind).str();
    if (!Detail.empty())
      Text += (": " + Detail).str();
    return SkipReason{Kind, std::move(Text)};
  };
  StringRef Name = linkageName(F);

  if (F.isDeclaration())
    return Skip(SkipKind::Declaration);
  if (F.hasAvailableExternallyLinkage())
    return Skip(SkipKind::AvailableExternally);
  if (F.hasFnAttribute(Attribute::Naked))
    return Skip(SkipKind::Naked);
  if (isSextantRuntime(Name))
    return Skip(SkipKind::SextantRuntime);
  StringRef Generated = compilerGeneratedKind(F, Name);
  if (!Generated.empty())
    return Skip(SkipKind::CompilerGenerated, Generated);
  if (GlobalCtorsAndDtors.contains(&F))
    return Skip(SkipKind::CompilerGenerated,
                "listed in llvm.global_ctors/llvm.global_dtors");
  if (isOpenMPOutlined(Name))
    return Skip(SkipKind::OpenMPOutlined);
  if (AnnotatedSkip.contains(&F))
    return Skip(SkipKind::AnnotatedSkip, SkipAnnotation);
  if (NoInstrumentFunction.contains(&F))
    return Skip(SkipKind::NoInstrumentFunction);
  if (isEmpty(F))
    return Skip(SkipKind::Empty);
  return std::nullopt;
}

bool removeInlinedEntryExitAttributes(Module &M) {
  bool Removed = false;
  for (Function &F : M) {
    if (!hasInlinedEntryExitAttribute(F))
      continue;
    F.removeFnAttr(InlinedEntryAttribute);
    F.removeFnAttr(InlinedExitAttribute);
    Removed = true;
  }
  return Removed;
}

unsigned countInstructions(const Function &F) {
  unsigned Count = 0;
  for (const BasicBlock &BB : F) {
    auto Instructions = BB.instructionsWithoutDebug();
    Count += std::distance(Instructions.begin(), Instructions.end());
  }
  return Count;
}

} // namespace sextant
