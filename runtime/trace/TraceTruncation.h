//===- runtime/trace/TraceTruncation.h - Making room on a full disk -*- C++
//-*-===//
//
// Part of Sextant. When the final files of the experiment do not fit on the
// file system (the trace filled it, and the reserve of SpaceReserve.h was
// not enough or could not be made), the runtime cuts the last chunks of the
// trace files and writes the final files again: the profile and the
// experiment description matter more than the end of the trace. A file is
// cut at a chunk boundary, so it stays a valid trace; what was cut is
// counted as dropped.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_TRACE_TRACETRUNCATION_H
#define SEXTANT_RUNTIME_TRACE_TRACETRUNCATION_H

#include <cstdint>
#include <string>

namespace sextant {
namespace runtime {

/// What cutting trace files removed.
struct TraceCut {
  uint64_t Chunks = 0;
  uint64_t Events = 0;
  uint64_t Bytes = 0;
};

/// Cuts whole chunks from the end of the trace file open (for reading and
/// writing) as Descriptor until at least Bytes bytes are freed or only its
/// header is left, and adds what it cut to Cut. Bytes after the last
/// complete chunk are cut first. Closes Descriptor (nothing when it is
/// negative). Never throws.
void cutTraceTail(int Descriptor, uint64_t Bytes, TraceCut &Cut) noexcept;

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_TRACE_TRACETRUNCATION_H
