//===- tools/sextant/RegionOrigin.h - Who measures a region -----*- C++ -*-===//
//
// Part of Sextant. Where a region of an experiment comes from (its
// regions.json "flags", docs/output-formats.md): a function the compiler
// instrumented, or a region the runtime creates while the program runs (an
// OpenMP construct, an MPI function, a function of a wrapped library, a
// region of the user API). This decides where a filter rule for the region
// can act: the compile-time filter only ever sees the functions the compiler
// instruments; the runtime filter (SEXTANT_FILTER) sees every region.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_REGIONORIGIN_H
#define SEXTANT_TOOLS_REGIONORIGIN_H

#include "format/schema/ExperimentDescription.h"

namespace sextant {
namespace tool {

enum class RegionOrigin {
  /// A function with enter/exit hooks compiled in: by the plugin, or by
  /// GCC's -finstrument-functions (no flag of the others is set).
  CompiledFunction,
  /// An OpenMP construct the runtime records through OMPT (flags.openmp).
  OpenMPConstruct,
  /// An MPI function the PMPI adapter measures (flags.mpi).
  MpiFunction,
  /// A function of a library a generated wrapper measures (flags.library).
  LibraryFunction,
  /// A region of the user API, sextant_region_begin (flags.user).
  UserRegion,
};

/// The origin the flags of a region record say.
RegionOrigin regionOrigin(const format::RegionFlags &Flags);

/// Whether a compile-time filter (the plugin's -sextant-filter) can remove
/// the region by recompiling: only for functions the compiler instrumented.
/// A runtime filter (SEXTANT_FILTER) applies to regions of every origin.
bool compileTimeFilterApplies(RegionOrigin Origin);

/// What the region is, for a comment: "OpenMP construct", "MPI function"...
const char *regionOriginText(RegionOrigin Origin);

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_REGIONORIGIN_H
