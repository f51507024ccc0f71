//===- format/reader/JobMpiMatrix.cpp - Reading a job's traffic matrix ----===//
//
// Part of Sextant. Validated reading of the job's mpi.json (JsonInput.h).
//
//===----------------------------------------------------------------------===//

#include "format/reader/JobMpiMatrix.h"
#include "format/reader/JsonInput.h"
#include "format/schema/ExperimentSchema.h"

#include "common/AtomicFile.h"

#include <sys/stat.h>

namespace sextant {
namespace format {

namespace {

/// Field of every pair of the sparse matrix Key of Top (one list of
/// partners per rank, "ranks" of them) as a dense square matrix.
void readDenseMatrix(const JsonValue &Top, const char *Key, const char *Field,
                     std::vector<std::vector<uint64_t>> &Matrix) {
  uint64_t Ranks = Top.member("ranks", "the job's size").asUnsigned();
  JsonValue Rows = Top.member(Key, "one list of partners per rank");
  Rows.expectArray("one list of partners per rank");
  if (Rows.raw().size() != Ranks)
    Rows.fail("has " + std::to_string(Rows.raw().size()) +
              " lists, expected one per rank (" + std::to_string(Ranks) + ")");
  // Dense for the pictures; the file lists only the pairs with traffic.
  if (Ranks > MaxMatrixRanks)
    Rows.fail("a job of " + std::to_string(Ranks) +
              " ranks; the pictures of the matrix are drawn for jobs of at "
              "most " +
              std::to_string(MaxMatrixRanks) + " ranks");
  Matrix.assign(Ranks, std::vector<uint64_t>(Ranks, 0));
  for (size_t I = 0; I < Ranks; ++I) {
    JsonValue Row = Rows.element(I);
    Row.expectArray("the rank's partners");
    for (size_t E = 0; E < Row.raw().size(); ++E) {
      JsonValue Entry = Row.element(E);
      Entry.expectObject();
      JsonValue Partner = Entry.member(job_keys::Partner, "a rank");
      uint64_t J = Partner.asUnsigned();
      if (J >= Ranks)
        Partner.fail("is not a rank of the job (" + std::to_string(Ranks) +
                     " ranks)");
      Matrix[I][J] = Entry.member(Field, "a count").asUnsigned();
    }
  }
}

} // namespace

bool readJobTrafficMatrix(const std::string &Directory, const char *Field,
                          std::vector<std::vector<uint64_t>> &Matrix,
                          std::string &Error) {
  std::string Path = joinPath(Directory, files::Mpi);
  struct stat Info;
  if (::stat(Path.c_str(), &Info) != 0) {
    Error = Path +
            ": not found; the communication matrix needs the directory of "
            "an MPI job (measured with libsextant-mpi), which holds the "
            "job's mpi.json";
    return false;
  }
  try {
    nlohmann::json Document = loadJsonFile(Path);
    JsonValue Top(Document, Path);
    Top.expectObject();
    std::string Format = Top.member(keys::Format, "a string").asString();
    if (Format == MpiFormat.Name) {
      Error = Path + ": the mpi.json of one rank; the communication matrix "
                     "needs the job's directory (the parent of rank-<r>/)";
      return false;
    }
    if (Format != JobMpiFormat.Name)
      Top.fail(std::string("\"format\" is \"") + Format + "\", expected \"" +
               JobMpiFormat.Name + "\"");
    uint64_t Version =
        Top.member(keys::FormatVersion, "a version").asUnsigned();
    if (Version < JobMpiFormat.MinimumReadableVersion ||
        Version > JobMpiFormat.Version)
      Top.fail("format_version " + std::to_string(Version) +
               " is not one this sextant reads (" +
               std::to_string(JobMpiFormat.MinimumReadableVersion) + " to " +
               std::to_string(JobMpiFormat.Version) +
               "); `sextant combine --force` rewrites the job's files");
    readDenseMatrix(Top, "point_to_point", Field, Matrix);
  } catch (const InputError &Failure) {
    Error = Failure.what();
    return false;
  }
  return true;
}

bool readJobLibraryMatrix(const std::string &Directory,
                          const std::string &Library, const char *Field,
                          std::vector<std::vector<uint64_t>> &Matrix,
                          std::string &Error) {
  std::string Path = joinPath(Directory, files::libraryFileName(Library));
  struct stat Info;
  if (::stat(Path.c_str(), &Info) != 0) {
    Error = Path + ": not found; the matrix of library '" + Library +
            "' needs the directory of its job after `sextant combine`, which "
            "writes the job's " +
            files::libraryFileName(Library);
    return false;
  }
  try {
    nlohmann::json Document = loadJsonFile(Path);
    JsonValue Top(Document, Path);
    Top.expectObject();
    if (Top.has(keys::Format) &&
        Top.member(keys::Format, "").raw() == LibraryFormat.Name) {
      Error = Path + ": the file of one rank; the matrix needs the job's "
                     "directory (the parent of rank-<r>/) after `sextant "
                     "combine`";
      return false;
    }
    checkFileFormat(Top, JobLibraryFormat, "job's library-<name>.json");
    readDenseMatrix(Top, library_keys::Traffic, Field, Matrix);
  } catch (const InputError &Failure) {
    Error = Failure.what();
    return false;
  }
  return true;
}

} // namespace format
} // namespace sextant
