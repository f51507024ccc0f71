//===- plugin/FastPathVersioning.h - Disarmed fast path ---------*- C++ -*-===//
//
// Part of Sextant. Versioning of small instrumented functions: the function
// keeps its original, uninstrumented body as the path a disarmed region
// takes, and the instrumented body moves into a private clone that the
// function tail-calls when the region is armed or not registered yet. See
// FastPathVersioning.cpp and docs/compiler-plugin.md.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_PLUGIN_FASTPATHVERSIONING_H
#define SEXTANT_PLUGIN_FASTPATHVERSIONING_H

#include "sextant/instrumentation_abi.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DebugLoc.h"

namespace llvm {
class Function;
} // namespace llvm

namespace sextant {

class InstrumentationABI;
struct RegionGlobals;

/// The suffix of the armed clone of a versioned function.
inline constexpr llvm::StringLiteral ArmedCloneSuffix =
    SEXTANT_ARMED_CLONE_SUFFIX;

/// The location of code inserted at F's entry: F's scope line in F's
/// DISubprogram; none without debug information.
llvm::DebugLoc entryLocation(const llvm::Function &F);

/// True if F, already selected for instrumentation, is versioned: it has
/// fewer than MaxInstructions IR instructions (0: never), is not optnone
/// (-O0 code, where a copy would only double the code), takes no variable
/// arguments, contains no musttail call, has only static allocas in its
/// entry block (they move into the dispatch block; a dynamic one may depend
/// on values computed there), passes no argument in memory (byval,
/// inalloca, preallocated) or swifterror, and has no block whose address is
/// taken.
bool shouldVersion(const llvm::Function &F, unsigned MaxInstructions);

/// Copies F's body into a new internal clone "<F>.sextant.armed" whose last
/// parameter is the handle value, and gives F a new entry block that loads
/// F's handle once and, unless it holds SEXTANT_FILTERED (the likely case),
/// returns what a tail call of the clone with F's arguments and that value
/// returns; otherwise F runs its original body. Returns the clone, which
/// the caller instruments in place with the handle from its last
/// parameter.
llvm::Function *versionFunction(llvm::Function &F, const RegionGlobals &Region,
                                const InstrumentationABI &ABI);

} // namespace sextant

#endif // SEXTANT_PLUGIN_FASTPATHVERSIONING_H
