//===- format/job/PartialJobCodec.h - A partial job as bytes ----*- C++ -*-===//
//
// Part of Sextant. The compact binary form in which the MPI adapter sends a
// PartialJob (PartialJob.h) between ranks while it reduces the job over a
// tree of ranks: varints, a string table, the call tree as a flat preorder
// list, so that no step recurses however deep the call tree. deserialize()
// rejects anything malformed with an error.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_PARTIALJOBCODEC_H
#define SEXTANT_FORMAT_JOB_PARTIALJOBCODEC_H

#include "format/job/PartialJob.h"

#include <string>

namespace sextant {
namespace format {

std::string serialize(const PartialJob &Partial);
/// False with Error when Bytes is not a whole serialized partial.
bool deserialize(const std::string &Bytes, PartialJob &Partial,
                 std::string &Error);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_PARTIALJOBCODEC_H
