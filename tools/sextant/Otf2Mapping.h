//===- tools/sextant/Otf2Mapping.h - Sextant records as OTF2 ----*- C++ -*-===//
//
// Part of Sextant. The parts of the OTF2 export that decide, without
// calling the OTF2 library, what a Sextant record becomes: the role and
// paradigm of a region (from its flags and name: MPI point-to-point and
// collective calls, OpenMP constructs, user regions, functions), the OTF2
// location id of a thread of a rank, and the OTF2 timestamp of a time on
// the job's common base. Only the OTF2 definitions' enumerations are used
// (headers of libotf2-trace-dev). docs/output-formats.md has the table.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_OTF2MAPPING_H
#define SEXTANT_TOOLS_OTF2MAPPING_H

#include "format/schema/ExperimentDescription.h"

#include <otf2/OTF2_Definitions.h>
#include <otf2/OTF2_GeneralDefinitions.h>

#include <cstdint>
#include <string>

namespace sextant {
namespace tool {

/// What a region is in OTF2.
struct Otf2RegionKind {
  OTF2_RegionRole Role = OTF2_REGION_ROLE_FUNCTION;
  OTF2_Paradigm Paradigm = OTF2_PARADIGM_COMPILER;
};

/// The role and paradigm of Region: MPI functions by their name
/// (point-to-point, the collectives by their data flow, barriers, else a
/// function), OpenMP constructs by the construct their name starts with,
/// user regions as code regions of the user paradigm, everything else a
/// compiler-instrumented function.
Otf2RegionKind otf2RegionKind(const format::RegionRecord &Region);

/// The OTF2 location of thread ThreadIndex of rank Rank (-1: a process
/// that is not part of a job, as rank 0): rank in the upper 32 bits, the
/// thread's index in the lower ones, so that ids are unique in a job and
/// sort by rank and thread.
inline uint64_t otf2LocationId(int Rank, uint32_t ThreadIndex) {
  return (uint64_t(Rank < 0 ? 0 : uint32_t(Rank)) << 32) | ThreadIndex;
}

/// The OTF2 timestamp (nanoseconds, timer resolution 1e9) of Nanoseconds
/// on the job's common time base, moved by Shift so that no timestamp is
/// negative; clamped to [0, 2^64 - 1] (NaN: 0, common/NumberRange.h).
uint64_t otf2Timestamp(double Nanoseconds, double Shift);

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_OTF2MAPPING_H
