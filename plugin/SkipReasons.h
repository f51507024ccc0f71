//===- plugin/SkipReasons.h - Automatic skips -------------------*- C++ -*-===//
//
// Part of Sextant. Decides which functions are skipped automatically,
// before any filter applies, and says why with a short reason the function
// listing shows: declarations, available_externally and naked functions,
// empty functions, compiler-generated functions (global initializers,
// thunks), OpenMP outlined bodies, the Sextant runtime's own functions,
// functions annotated "sextant_skip", functions declared
// no_instrument_function (visible only with
// -finstrument-functions-after-inlining), and, separately, functions below
// the size threshold.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_PLUGIN_SKIPREASONS_H
#define SEXTANT_PLUGIN_SKIPREASONS_H

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace sextant {

/// The kinds of automatic skips; the listing prints keywordOf(Kind).
enum class SkipKind {
  Declaration,
  AvailableExternally,
  Naked,
  Empty,
  CompilerGenerated,
  OpenMPOutlined,
  SextantRuntime,
  AnnotatedSkip,
  NoInstrumentFunction,
};

/// Why a function is skipped: the kind and the text the listing shows, e.g.
/// "compiler-generated: thunk".
struct SkipReason {
  SkipKind Kind;
  std::string Text;
};

/// The listing keyword of Kind, e.g. "openmp-outlined".
llvm::StringRef keywordOf(SkipKind Kind);

/// The automatic skip rules, prepared once per module (global constructor
/// lists, annotations and the no_instrument_function evidence are
/// module-wide).
class AutomaticSkips {
public:
  explicit AutomaticSkips(const llvm::Module &M);

  /// Why F must not be instrumented, or nothing if it may be.
  std::optional<SkipReason> reasonToSkip(const llvm::Function &F) const;

  /// True when the module was compiled with
  /// -finstrument-functions-after-inlining, so that functions lacking the
  /// "instrument-function-{entry,exit}-inlined" attributes are exactly those
  /// declared no_instrument_function.
  bool seesNoInstrumentFunction() const { return SeesNoInstrumentFunction; }

private:
  llvm::SmallPtrSet<const llvm::Function *, 16> GlobalCtorsAndDtors;
  llvm::SmallPtrSet<const llvm::Function *, 16> AnnotatedSkip;
  /// Definitions lacking the -finstrument-functions-after-inlining
  /// attributes, recorded before removeInlinedEntryExitAttributes runs.
  llvm::SmallPtrSet<const llvm::Function *, 16> NoInstrumentFunction;
  bool SeesNoInstrumentFunction = false;
};

/// Removes the "instrument-function-{entry,exit}-inlined" attributes from
/// every function of M, so that the code generator's post-inline
/// EntryExitInstrumenter inserts no __cyg_profile_func_* calls: Sextant's
/// instrumentation replaces them. Returns true if any attribute was removed.
bool removeInlinedEntryExitAttributes(llvm::Module &M);

/// The number of IR instructions of F, not counting debug intrinsics.
unsigned countInstructions(const llvm::Function &F);

} // namespace sextant

#endif // SEXTANT_PLUGIN_SKIPREASONS_H
