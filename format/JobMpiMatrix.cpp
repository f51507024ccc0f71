//===- format/JobMpiMatrix.cpp - Reading a job's traffic matrix -----------===//
//
// Part of Sextant. Validated reading of the job's mpi.json (JsonInput.h).
//
//===----------------------------------------------------------------------===//

#include "format/JobMpiMatrix.h"
#include "format/ExperimentSchema.h"
#include "format/JsonInput.h"

#include "common/AtomicFile.h"

#include <sys/stat.h>

namespace sextant {
namespace format {

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
    uint64_t Ranks = Top.member("ranks", "the job's size").asUnsigned();
    JsonValue Rows = Top.member("point_to_point", "an object")
                         .member(Field, "a ranks x ranks matrix");
    Rows.expectArray("a ranks x ranks matrix");
    if (Rows.raw().size() != Ranks)
      Rows.fail("has " + std::to_string(Rows.raw().size()) +
                " rows, expected one per rank (" + std::to_string(Ranks) + ")");
    Matrix.assign(Ranks, std::vector<uint64_t>(Ranks, 0));
    for (size_t I = 0; I < Ranks; ++I) {
      JsonValue Row = Rows.element(I);
      Row.expectArray("a row of the matrix");
      if (Row.raw().size() != Ranks)
        Row.fail("has " + std::to_string(Row.raw().size()) +
                 " columns, expected " + std::to_string(Ranks));
      for (size_t J = 0; J < Ranks; ++J)
        Matrix[I][J] = Row.element(J).asUnsigned();
    }
  } catch (const InputError &Failure) {
    Error = Failure.what();
    return false;
  }
  return true;
}

} // namespace format
} // namespace sextant
