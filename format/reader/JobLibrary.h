//===- format/reader/JobLibrary.h - A job's library-<name>.json -----------===//
//
// Part of Sextant. The job's view of one wrapped library (LibraryCalls.h):
// read every rank's library-<name>.json (validated: a bad file is an
// InputError naming the file and the place in it), combine them into each
// function's calls, bytes and collective calls over the ranks (total, min,
// mean, max and per rank, as the MPI functions of mpi.json) and the job's
// sparse rank-to-rank matrix (each rank's row as it initiated the
// transfers: sent = puts and atomics, received = gets and fetching
// atomics; one-sided, so rows are not expected to mirror each other), and
// write the job's library-<name>.json and its section of summary.txt.
// `sextant combine` makes them (docs/output-formats.md).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_READER_JOBLIBRARY_H
#define SEXTANT_FORMAT_READER_JOBLIBRARY_H

#include "format/job/CrossRankMpi.h"
#include "format/job/JobFiles.h"
#include "format/schema/LibraryCalls.h"

#include <array>
#include <map>
#include <string>
#include <vector>

namespace sextant {
namespace format {

/// A process's library-<name>.json from its Text, read from Path (for the
/// messages). Throws InputError "Path: place: what is wrong".
RankLibraryCalls readRankLibraryJson(const std::string &Text,
                                     const std::string &Path);

struct JobLibrary {
  std::string Library;
  int RankCount = 0;
  /// The ranks whose file was read, ascending.
  std::vector<int> RanksRead;
  /// Function name -> its counters in library_keys::FunctionFields order
  /// over the ranks (0 for a rank without the function or not read).
  std::map<std::string,
           std::array<FunctionStatistics, library_keys::FunctionFieldCount>>
      Functions;
  /// One row per rank of the job, its partners inside the job ascending.
  SparseMatrix Traffic;
  /// The ranks' peers_out_of_range, and the partners beyond the job.
  uint64_t PeersOutOfRange = 0;
};

/// The job's view of Library over RankCount ranks from the records of the
/// ranks read (Rank of each record: the rank of its directory; a record
/// outside [0, RankCount) or of a rank already given is ignored).
JobLibrary jobLibrary(const std::string &Library,
                      const std::vector<RankLibraryCalls> &Ranks,
                      int RankCount);

/// Every rank's records of each wrapped library, by the library's name.
using RankLibraries = std::map<std::string, std::vector<RankLibraryCalls>>;

/// Reads every library-<name>.json of JobDirectory/rank-<Rank>/ into
/// Libraries (by library name, the record's Rank set to Rank); a file that
/// cannot be read or is not valid is a problem naming the file and the
/// place in it, and is left out.
void readRankLibraries(const std::string &JobDirectory, int Rank,
                       RankLibraries &Libraries,
                       std::vector<std::string> &Problems);

/// Adds each library of Libraries to the job's view Combined of RankCount
/// ranks: its job library-<name>.json (an extra file) and its section of
/// summary.txt (and of the cross-rank view).
void addJobLibraries(const RankLibraries &Libraries, int RankCount,
                     CombinedFiles &Combined);

/// The job's library-<name>.json.
std::string jobLibraryJson(const JobLibrary &Job);

/// The job's summary.txt section of the library: its functions and its
/// rank-to-rank matrix (JobSummary.h's matrixText).
std::string jobLibrarySummary(const JobLibrary &Job);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_READER_JOBLIBRARY_H
