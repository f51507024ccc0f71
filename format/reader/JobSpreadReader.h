//===- format/reader/JobSpreadReader.h - An MPI job's load balance --------===//
//
// Part of Sextant. Reads what an MPI job's directory says about its load
// balance, for the HTML report: the inclusive time's spread over the ranks
// of every call path (profile-ranks.json) and every rank's wall time (the
// "ranks" list of the job's experiment.json); docs/output-formats.md.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_READER_JOBSPREADREADER_H
#define SEXTANT_FORMAT_READER_JOBSPREADREADER_H

#include "format/profile/CallPathSpread.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sextant {
namespace format {

/// Reads the inclusive time's spread over the ranks from the
/// profile-ranks.json of the MPI job in Directory, for its profile.json of
/// NodeCount nodes (a node's node_id is its index in depth-first order).
/// False with a message in Error when the file is absent or bad.
bool readRankSpread(const std::string &Directory, size_t NodeCount,
                    CallPathSpread &Out, std::string &Error);

/// Every rank's wall time from the "ranks" list of the job's
/// experiment.json in Directory, indexed by rank (0 for a rank not
/// listed), Ranks long. False with a message in Error.
bool readRankWallTimes(const std::string &Directory, uint64_t Ranks,
                       std::vector<double> &WallSeconds, std::string &Error);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_READER_JOBSPREADREADER_H
