//===- plugin/SextantInstrumentation.cpp - The instrumentation pass ------===//
//
// Part of Sextant. The module pass "sextant-instrument".
//
// For every function it selects, the pass emits a private handle and a
// private constant region descriptor (InstrumentationABI) and rewrites the
// function to
//
//   entry:                                 ; static allocas stay here
//     %sextant.handle = load atomic i32, ptr @__sextant_handle.f monotonic
//     br (%sextant.handle == SEXTANT_INVALID), %sextant.register (unlikely),
//        %sextant.check
//   sextant.register:
//     %sextant.id = call i32 @__sextant_region_register(ptr @__sextant_descr.f)
//   sextant.check:
//     %sextant.h = phi [%sextant.handle, %entry], [%sextant.id, ...]
//     if (%sextant.h != SEXTANT_FILTERED)
//       call @__sextant_region_enter_frame(%h, %sextant.frame)
//         ; the function's CFA; __sextant_region_enter(%h) on targets other
//         ; than x86-64 and AArch64 (InstrumentationABI)
//   ... body; before every exit point:
//     if (%sextant.h != SEXTANT_FILTERED) call @__sextant_region_exit(%h)
//
// The handle is loaded once and the exit guard reuses it, so the runtime may
// arm or disarm the region at any moment without unbalancing a pair. Exit
// points are found by EscapeEnumerator: every ret (before a musttail call if
// there is one), every resume, and, for functions that may unwind, a new
// cleanup landing pad to which all calls that may throw are redirected.
//
// Small functions (-sextant-version-max-instructions) are versioned instead
// (FastPathVersioning): the function keeps its original body for disarmed
// regions and tail-calls an armed clone, which gets the code above with the
// handle value it receives as its last parameter in place of the load and
// without the two SEXTANT_FILTERED guards: the value it receives is never
// SEXTANT_FILTERED, only its registration may return it, once, and the
// runtime's enter and exit ignore that value (docs/design.md).
//
// Functions are selected in this order: the automatic skip rules
// (SkipReasons), the compile-time filter (-sextant-filter), the size
// threshold (-sextant-min-instructions; an explicit INCLUDE rule overrides
// it), as the -sextant-* options say (InstrumentationOptions). A module flag
// marks instrumented modules: running the pass again changes nothing.
// Offloading device modules (GPU targets) are left alone.
//
// With LTO the pass may run twice, in the compile step and after link-time
// optimization (PipelineStage); an LTO pre-link compile either instruments
// with a warning or, with -sextant-lto=link, defers each function with its
// options to the link's run, which instruments only deferred functions
// (LTODeferral.cpp explains the design).
//
//===----------------------------------------------------------------------===//

#include "SextantInstrumentation.h"

#include "CompileTimeFilter.h"
#include "FastPathVersioning.h"
#include "FunctionListing.h"
#include "InstrumentationOptions.h"
#include "LTODeferral.h"
#include "InstrumentationABI.h"
#include "RegionNaming.h"
#include "SextantDiagnostic.h"
#include "SkipReasons.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Timer.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/EscapeEnumerator.h"

#include <map>
#include <optional>

using namespace llvm;

#define DEBUG_TYPE "sextant-instrument"

ALWAYS_ENABLED_STATISTIC(NumInstrumented, "Functions instrumented");
ALWAYS_ENABLED_STATISTIC(NumSkippedAutomatically,
                         "Function definitions skipped by an automatic rule");
ALWAYS_ENABLED_STATISTIC(NumSkippedByFilter,
                         "Functions excluded by the compile-time filter");
ALWAYS_ENABLED_STATISTIC(NumSkippedBySize,
                         "Functions skipped by the size threshold");
ALWAYS_ENABLED_STATISTIC(NumVersioned,
                         "Functions versioned (disarmed fast path + clone)");
ALWAYS_ENABLED_STATISTIC(NumExitPoints, "Exit points instrumented");
ALWAYS_ENABLED_STATISTIC(NumCleanupLandingPads, "Cleanup landing pads added");
ALWAYS_ENABLED_STATISTIC(NumDeferred,
                         "Functions deferred to the LTO link (-sextant-lto=link)");

namespace sextant {

/// The module flag that marks instrumented modules.
static constexpr StringLiteral InstrumentedModuleFlag = "sextant.instrumented";

namespace {

/// Whether one function gets instrumented, and the reason the listing shows.
struct Selection {
  bool Instrument;
  std::string Reason;
};

} // namespace

/// With -stats, prints the counters now. A release build of LLVM (such as
/// Debian's) prints only "Statistics are disabled" at exit: its own
/// counters are compiled out, and so would be the plugin's STATISTICs. They
/// are ALWAYS_ENABLED_STATISTICs instead (defining LLVM_FORCE_ENABLE_STATS
/// does not help: llvm/Config/llvm-config.h redefines it to 0), and the
/// plugin prints them itself.
static void printStatisticsIfEnabled() {
  if (AreStatisticsEnabled())
    PrintStatistics(*CreateInfoOutputFile());
}

/// "file:line:column: message", leaving out what is unknown.
static std::string formatFilterDiagnostic(const filter::Diagnostic &D) {
  std::string Text = D.File;
  if (D.Line != 0) {
    Text += ":" + std::to_string(D.Line);
    if (D.Column != 0)
      Text += ":" + std::to_string(D.Column);
  }
  return Text + ": " + D.Message;
}

/// Reports the problems found in the filter files; returns false if any of
/// them is an error.
static bool reportFilterDiagnostics(LLVMContext &Ctx,
                                    const CompileTimeFilter &Filter) {
  for (const filter::Diagnostic &D : Filter.diagnostics()) {
    std::string Text = formatFilterDiagnostic(D);
    if (D.isError())
      reportError(Ctx, Text);
    else
      reportWarning(Ctx, Text);
  }
  return Filter.valid();
}

static Selection selectFunction(Function &F, const RegionNames &Names,
                                const AutomaticSkips &Skips,
                                const filter::FilterSet &Rules,
                                unsigned MinInstructions,
                                FunctionAnalysisManager &FAM) {
  if (std::optional<SkipReason> Skip = Skips.reasonToSkip(F)) {
    if (Skip->Kind != SkipKind::Declaration)
      ++NumSkippedAutomatically;
    return {false, std::move(Skip->Text)};
  }

  std::string Reason = "default";
  bool IncludedByRule = false;
  if (!Rules.empty()) {
    filter::Decision Decision =
        Rules.decide({Names.DisplayName, Names.MangledName, Names.File});
    if (!Decision.Included) {
      ++NumSkippedByFilter;
      return {false, "filter: " + Decision.Reason};
    }
    if (Decision.Matched) {
      IncludedByRule = true;
      Reason = "filter: " + Decision.Reason;
    }
  }

  if (MinInstructions > 0 && !IncludedByRule) {
    unsigned Count = countInstructions(F);
    if (Count < MinInstructions && FAM.getResult<LoopAnalysis>(F).empty()) {
      ++NumSkippedBySize;
      return {false,
              formatv("size: {0} instruction{1} < {2}, no loops", Count,
                      Count == 1 ? "" : "s", MinInstructions)
                  .str()};
    }
  }
  return {true, std::move(Reason)};
}

/// Inserts the entry code after the static allocas of the entry block and
/// returns the handle value %sextant.h that the exits must reuse. The handle
/// is Loaded if given (the value a versioned function loaded and passed to
/// its armed clone; then the enter is not guarded), otherwise loaded here.
/// All inserted instructions are located at the function's scope line.
static Value *insertEntry(Function &F, const RegionGlobals &Region,
                          const InstrumentationABI &ABI,
                          Value *Loaded = nullptr) {
  bool Guarded = !Loaded;
  LLVMContext &Ctx = F.getContext();
  BasicBlock &Entry = F.getEntryBlock();
  BasicBlock::iterator Body = Entry.getFirstNonPHIOrDbgOrAlloca();
  DebugLoc EntryLoc = entryLocation(F);

  IRBuilder<> IRB(&Entry, Body);
  IRB.SetCurrentDebugLocation(EntryLoc);
  if (!Loaded)
    Loaded = ABI.loadHandle(IRB, Region);
  Value *Unregistered =
      IRB.CreateICmpEQ(Loaded, ABI.invalidHandle(), "sextant.unregistered");
  Instruction *RegisterTerm =
      SplitBlockAndInsertIfThen(Unregistered, Body, /*Unreachable=*/false,
                                MDBuilder(Ctx).createUnlikelyBranchWeights());
  Entry.getTerminator()->setDebugLoc(EntryLoc);
  RegisterTerm->setDebugLoc(EntryLoc);
  BasicBlock *RegisterBlock = RegisterTerm->getParent();
  RegisterBlock->setName("sextant.register");
  IRB.SetInsertPoint(RegisterTerm);
  IRB.SetCurrentDebugLocation(EntryLoc);
  CallInst *Registered =
      ABI.emitCall(IRB, ABI.registerRegion(), {Region.Descriptor}, "sextant.id");

  BasicBlock *Check = Body->getParent();
  Check->setName("sextant.check");
  IRB.SetInsertPoint(Check, Check->begin());
  IRB.SetCurrentDebugLocation(EntryLoc);
  PHINode *Handle = IRB.CreatePHI(ABI.handleType(), 2, "sextant.h");
  Handle->addIncoming(Loaded, &Entry);
  Handle->addIncoming(Registered, RegisterBlock);
  IRB.SetInsertPoint(Check, Body);
  IRB.SetCurrentDebugLocation(EntryLoc);
  if (!Guarded) {
    Check->setName("sextant.enter");
    ABI.emitEnter(IRB, Handle, /*ArmedCopy=*/true);
    return Handle;
  }
  Value *Armed =
      IRB.CreateICmpNE(Handle, ABI.filteredHandle(), "sextant.armed");
  Instruction *EnterTerm =
      SplitBlockAndInsertIfThen(Armed, Body, /*Unreachable=*/false);
  Check->getTerminator()->setDebugLoc(EntryLoc);
  EnterTerm->setDebugLoc(EntryLoc);
  EnterTerm->getParent()->setName("sextant.enter");
  Body->getParent()->setName("sextant.body");
  IRB.SetInsertPoint(EnterTerm);
  IRB.SetCurrentDebugLocation(EntryLoc);
  ABI.emitEnter(IRB, Handle, /*ArmedCopy=*/false);
  return Handle;
}

/// Inserts the exit code before every exit point of F, guarded unless
/// Guarded is false (an armed clone, see insertEntry). Returns the number of
/// exit points.
static unsigned insertExits(Function &F, Value *Handle,
                            const InstrumentationABI &ABI, bool Guarded) {
  SmallPtrSet<const Instruction *, 4> ExistingResumes;
  for (BasicBlock &BB : F)
    if (auto *Resume = dyn_cast<ResumeInst>(BB.getTerminator()))
      ExistingResumes.insert(Resume);

  // Collect first: EscapeEnumerator walks the blocks of F, which must not be
  // split while it does.
  SmallVector<Instruction *, 8> ExitPoints;
  EscapeEnumerator Escapes(F, "sextant.cleanup", /*HandleExceptions=*/true);
  while (IRBuilder<> *AtExit = Escapes.Next()) {
    Instruction *ExitPoint = &*AtExit->GetInsertPoint();
    ExitPoints.push_back(ExitPoint);
    if (isa<ResumeInst>(ExitPoint) && !ExistingResumes.contains(ExitPoint))
      ++NumCleanupLandingPads;
  }

  DISubprogram *SP = F.getSubprogram();
  for (Instruction *ExitPoint : ExitPoints) {
    DebugLoc Loc = ExitPoint->getDebugLoc();
    if (!Loc && SP)
      Loc = DILocation::get(F.getContext(), 0, 0, SP);
    IRBuilder<> IRB(ExitPoint);
    IRB.SetCurrentDebugLocation(Loc);
    if (!Guarded) {
      ABI.emitExit(IRB, Handle, /*ArmedCopy=*/true);
      continue;
    }
    Value *Armed =
        IRB.CreateICmpNE(Handle, ABI.filteredHandle(), "sextant.armed.exit");
    Instruction *ExitTerm =
        SplitBlockAndInsertIfThen(Armed, ExitPoint, /*Unreachable=*/false);
    ExitTerm->setDebugLoc(Loc);
    cast<Instruction>(Armed)->getParent()->getTerminator()->setDebugLoc(Loc);
    ExitTerm->getParent()->setName("sextant.exit");
    ExitPoint->getParent()->setName("sextant.exited");
    IRB.SetInsertPoint(ExitTerm);
    IRB.SetCurrentDebugLocation(Loc);
    ABI.emitExit(IRB, Handle, /*ArmedCopy=*/false);
  }
  return ExitPoints.size();
}

/// An instrumented function now calls the runtime, which reads and writes
/// memory, synchronizes with other threads and allocates: attributes that
/// the optimizer inferred from the body before instrumentation no longer
/// hold, and LTO or the code generator must not act on them.
static void dropInferredAttributes(Function &F) {
  F.removeFnAttr(Attribute::Memory);
  F.removeFnAttr(Attribute::NoSync);
  F.removeFnAttr(Attribute::NoFree);
}

/// Instruments F in place, or, if it is versioned, its armed clone with the
/// handle value that F loaded and passed. Returns the function whose body
/// was instrumented.
static Function *instrumentFunction(Function &F, const RegionNames &Names,
                                    unsigned VersionMaxInstructions,
                                    InstrumentationABI &ABI) {
  dropInferredAttributes(F);
  RegionGlobals Region = ABI.emitRegion(F, Names);
  if (shouldVersion(F, VersionMaxInstructions)) {
    Function *Clone = versionFunction(F, Region, ABI);
    Value *Handle =
        insertEntry(*Clone, Region, ABI, Clone->getArg(Clone->arg_size() - 1));
    NumExitPoints += insertExits(*Clone, Handle, ABI, /*Guarded=*/false);
    ++NumVersioned;
    return Clone;
  }
  Value *Handle = insertEntry(F, Region, ABI);
  NumExitPoints += insertExits(F, Handle, ABI, /*Guarded=*/true);
  return &F;
}

/// True for modules compiled for a GPU (OpenMP or CUDA/HIP offloading
/// device code): the runtime exists only on the host.
static bool isDeviceModule(const Module &M) {
  Triple Target(M.getTargetTriple());
  return Target.isNVPTX() || Target.isAMDGPU() || Target.isSPIRV();
}

/// Instruments those of Functions that Options select; writes the listing
/// that Options ask for. Returns false if the filter files have errors.
static bool instrumentFunctions(Module &M, ArrayRef<Function *> Functions,
                                const InstrumentationOptions &Options,
                                const AutomaticSkips &Skips,
                                ModuleAnalysisManager &MAM) {
  LLVMContext &Ctx = M.getContext();
  const CompileTimeFilter &Filter = CompileTimeFilter::get(Options.FilterFiles);
  if (!reportFilterDiagnostics(Ctx, Filter))
    return false;

  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  std::optional<InstrumentationABI> ABI;
  FunctionListing Listing;
  for (Function *F : Functions) {
    RegionNames Names = nameRegion(*F);
    Selection Selected = selectFunction(*F, Names, Skips, Filter.rules(),
                                        Options.MinInstructions, FAM);
    Listing.add(Selected.Instrument, Names, Selected.Reason);
    if (!Selected.Instrument)
      continue;
    if (!ABI)
      ABI.emplace(M);
    Function *Instrumented =
        instrumentFunction(*F, Names, Options.VersionMaxInstructions, *ABI);
    FAM.invalidate(*F, PreservedAnalyses::none());
    if (Instrumented != F)
      FAM.invalidate(*Instrumented, PreservedAnalyses::none());
    ++NumInstrumented;
  }

  if (!Options.ListPath.empty())
    if (Error E = Listing.appendTo(Options.ListPath))
      reportError(Ctx, "cannot write the function listing (-sextant-list): " +
                           toString(std::move(E)));
  return true;
}

static void markInstrumented(Module &M) {
  if (!M.getModuleFlag(InstrumentedModuleFlag))
    M.addModuleFlag(Module::Max, InstrumentedModuleFlag, 1);
}

/// The link-time run: instruments the functions whose compile deferred
/// them, each group with the options its compile recorded.
static PreservedAnalyses instrumentDeferred(Module &M,
                                            ModuleAnalysisManager &MAM) {
  // Grouped by recorded options, in module order within a group.
  std::map<std::string, SmallVector<Function *, 16>> Groups;
  for (Function &F : M)
    if (std::optional<StringRef> Recorded = deferredOptions(F))
      Groups[Recorded->str()].push_back(&F);
  if (Groups.empty())
    return PreservedAnalyses::all();

  AutomaticSkips Skips(M);
  removeInlinedEntryExitAttributes(M);
  for (auto &[Recorded, Functions] : Groups) {
    for (Function *F : Functions)
      clearDeferral(*F);
    std::optional<InstrumentationOptions> Options =
        InstrumentationOptions::parse(Recorded);
    if (!Options) {
      reportError(M.getContext(),
                  "malformed options recorded by -sextant-lto=link in '" +
                      M.getModuleIdentifier() + "'");
      continue;
    }
    instrumentFunctions(M, Functions, *Options, Skips, MAM);
  }
  markInstrumented(M);
  printStatisticsIfEnabled();
  return PreservedAnalyses::none();
}

/// Says that an LTO pre-link compile instruments now.
static void warnPreLinkInstrumentation(Module &M) {
  reportWarning(M.getContext(),
                "'" + M.getModuleIdentifier() +
                    "': instrumenting before link-time optimization; "
                    "functions that LTO inlines across modules stay "
                    "instrumented. To instrument after it, compile with "
                    "-mllvm -sextant-lto=link and link with -fuse-ld=lld "
                    "-Wl,--load-pass-plugin=<path>/SextantPlugin.so "
                    "(docs/compiler-plugin.md, LTO)");
}

PreservedAnalyses SextantInstrumentationPass::run(Module &M,
                                                  ModuleAnalysisManager &MAM) {
  if (isDeviceModule(M))
    return PreservedAnalyses::all();
  if (Stage == PipelineStage::Link)
    return instrumentDeferred(M, MAM);
  if (M.getModuleFlag(InstrumentedModuleFlag) || isDeferredModule(M))
    return PreservedAnalyses::all();

  InstrumentationOptions Options = InstrumentationOptions::fromCommandLine();
  AutomaticSkips Skips(M);
  if (isLTOPreLinkModule(M)) {
    // A ThinLTO backend at -O0 runs no plugin pass (and inlines nothing),
    // so a -O0 ThinLTO compile instruments now, without a warning.
    bool ThinAtO0 = OptimizesNothing && isThinLTOPreLinkModule(M);
    if (ltoModeFromCommandLine() == LTOMode::Link && !ThinAtO0) {
      NumDeferred += deferModule(M, Options, Skips);
      printStatisticsIfEnabled();
      return PreservedAnalyses::none();
    }
    if (ltoModeFromCommandLine() == LTOMode::PreLink)
      warnPreLinkInstrumentation(M);
  }
  removeInlinedEntryExitAttributes(M);

  // The runtime declarations added below are not among the functions seen.
  SmallVector<Function *, 64> Functions;
  for (Function &F : M)
    if (!F.isIntrinsic())
      Functions.push_back(&F);
  if (!instrumentFunctions(M, Functions, Options, Skips, MAM))
    return PreservedAnalyses::all();

  markInstrumented(M);
  printStatisticsIfEnabled();
  return PreservedAnalyses::none();
}

} // namespace sextant
