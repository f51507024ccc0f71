//===- runtime/openmp/OpenMPTool.h - OpenMP constructs through OMPT -------===//
//
// Part of Sextant. libsextant is an OMPT tool: it defines ompt_start_tool,
// which an OpenMP runtime with OMPT support (LLVM's libomp) calls at its
// start-up, and records OpenMP constructs as regions of the call-path
// profile (docs/user-guide.md, "OpenMP"):
//
//   omp parallel @<file>:<line>      the parallel region (encountering
//                                         thread, from fork to join)
//   omp implicit task                    each thread's share of it
//   omp for / sections / single / ... @<file>:<line>   worksharing
//   omp barrier / omp implicit barrier / omp taskwait / omp taskgroup /
//   omp reduction [@<file>:<line>]   synchronization regions
//   omp task create / omp task @<file>:<line>   explicit tasks (full)
//   omp critical / omp ordered @<file>:<line> with a child "... wait",
//   omp lock wait @<file>:<line>     mutual exclusion (full)
//
// <file> and <line> come from the construct's code address (OMPT's
// codeptr_ra) through CodeSymbolizer, the line table (so a construct in an
// inlined function names its own source line, and a call site of line 0
// the next line of its function, CodeSymbolizer.h); without debug
// information the construct is named after the enclosing function; see
// openMPRegionName. A construct the program reaches through a tail call
// (a barrier ending a parallel region's body) has no call site left on the
// stack: it has no location ("omp barrier").
//
// Worker threads adopt the call path of the thread that encountered the
// parallel region as context frames (CallPathRecorder.h), so their trees
// hang beneath "omp parallel"; a worker keeps them open from one implicit
// task to the next of the same path (OpenMPEvent.h, endAdoption). libomp
// reports a worker's end of the
// implicit barrier and of its implicit task only when the worker is woken
// for the next parallel region (or never, at shutdown); these frames end
// at the primary thread's parallel-end time instead.
//
// A parallel region visited very often for very little time each
// (SEXTANT_THROTTLE's threshold, on the encountering thread) is counted
// only: its own frame stays exact, nothing inside it is recorded any more
// (OpenMPCallbacks.cpp).
//
// The pieces: OpenMPConstructs.h (the constructs), OpenMPRegionTable.h
// (their regions), ParallelInfo.h (a parallel region's shared data),
// OpenConstructStack.h (a thread's open constructs), OpenMPEvent.h (one
// callback as an event), OpenMPCallbacks.cpp (the callbacks and libomp's
// quirks), OpenMPTool.cpp (the start-up), OpenMPNames.cpp (names).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_OPENMP_OPENMPTOOL_H
#define SEXTANT_RUNTIME_OPENMP_OPENMPTOOL_H

#include "runtime/clock/Clock.h"
#include "runtime/symbols/CodeSymbolizer.h"

#include <string>
#include <string_view>

namespace sextant {
namespace runtime {

struct ThreadState;

/// The region name of an OpenMP construct ("omp parallel") at Where:
/// "<construct> @<file>:<line>" (the file without directories) when the
/// line is known, else "<construct> @<function>", else "<construct>".
std::string openMPRegionName(std::string_view Construct,
                             const CodeLocation &Where);

/// The name of an OpenMP worker thread in the output: "omp thread <n>" for
/// thread number n of the first team it joined at nesting level 1,
/// "omp thread <n> L<l>" for a team at level l > 1 (short: trace files keep
/// 15 bytes of a thread's name).
std::string openMPThreadName(unsigned ThreadNumber, unsigned Level);

/// Closes the OpenMP frames still open on State's thread (ending late
/// implicit tasks at their region's end) at most at Now, and frees
/// State.OpenMP. Called with the thread idle (it is the calling thread, or
/// the finalizer holds it, see ThreadState.h) before its closeAll().
void finishOpenMPThread(ThreadState &State, Ticks Now) noexcept;

/// Defined beside ompt_start_tool. libomp finds the tool only by that name,
/// so in a program linked with libsextant.a nothing would pull the tool's
/// object file in: the instrumentation entry points refer to this anchor.
extern const char OpenMPToolAnchor;

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_OPENMP_OPENMPTOOL_H
