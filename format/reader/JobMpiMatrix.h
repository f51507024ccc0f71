//===- format/reader/JobMpiMatrix.h - Reading a job's traffic matrix ------===//
//
// Part of Sextant. Reads one point-to-point matrix (bytes_sent or
// messages_sent) from the job's mpi.json of an MPI job's directory
// (docs/output-formats.md, "The job's mpi.json"), for the pictures of the
// matrix (MatrixSvg.h). A directory that is not an MPI job's gives a
// message that names the file and what to give instead.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_READER_JOBMPIMATRIX_H
#define SEXTANT_FORMAT_READER_JOBMPIMATRIX_H

#include <cstdint>
#include <string>
#include <vector>

namespace sextant {
namespace format {

/// The largest job whose matrix is read (dense: ranks x ranks cells).
constexpr uint64_t MaxMatrixRanks = 4096;

/// Reads Field of every pair of point_to_point of Directory's job mpi.json
/// (Field: "bytes_sent" or "messages_sent"; the file lists per rank its
/// partners with traffic) as a dense square matrix for the pictures: [i][j]
/// what rank i sent to rank j, 0 for a pair the file does not list. False
/// with a message in Error otherwise (a job's mpi.json of a format_version
/// this reader does not read, or of more than MaxMatrixRanks ranks,
/// included).
bool readJobTrafficMatrix(const std::string &Directory, const char *Field,
                          std::vector<std::vector<uint64_t>> &Matrix,
                          std::string &Error);

/// The same from the job's library-<Library>.json of Directory (its
/// "traffic"; Field: "bytes_sent", "bytes_received", "messages_sent" or
/// "messages_received"), made by `sextant combine` (JobLibrary.h).
bool readJobLibraryMatrix(const std::string &Directory,
                          const std::string &Library, const char *Field,
                          std::vector<std::vector<uint64_t>> &Matrix,
                          std::string &Error);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_READER_JOBMPIMATRIX_H
