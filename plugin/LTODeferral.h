//===- plugin/LTODeferral.h - Instrumenting after LTO -----------*- C++ -*-===//
//
// Part of Sextant. How an LTO pre-link compile hands its functions to the
// link-time run of the plugin (-sextant-lto=link): see LTODeferral.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_PLUGIN_LTODEFERRAL_H
#define SEXTANT_PLUGIN_LTODEFERRAL_H

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace sextant {

class AutomaticSkips;
struct InstrumentationOptions;

/// True for a module that clang compiles for LTO (-flto, -flto=thin,
/// -funified-lto): clang gives such modules the module flags "ThinLTO",
/// "EnableSplitLTOUnit" or "UnifiedLTO" before it runs the pipeline.
bool isLTOPreLinkModule(const llvm::Module &M);

/// True for an LTO pre-link module of ThinLTO (not of full LTO, whose
/// modules clang marks with "ThinLTO" = 0).
bool isThinLTOPreLinkModule(const llvm::Module &M);

/// True if the module's instrumentation was deferred to the link.
bool isDeferredModule(const llvm::Module &M);

/// Defers the instrumentation of every function definition of M to the
/// link: records Options on each (except those that no_instrument_function
/// excludes, which only this compile can see) and marks the module. Returns
/// the number of functions deferred.
unsigned deferModule(llvm::Module &M, const InstrumentationOptions &Options,
                     const AutomaticSkips &Skips);

/// The recorded options of a deferred function, if F is one.
std::optional<llvm::StringRef> deferredOptions(const llvm::Function &F);

/// Makes F an ordinary function again, once it was handled at the link.
void clearDeferral(llvm::Function &F);

} // namespace sextant

#endif // SEXTANT_PLUGIN_LTODEFERRAL_H
