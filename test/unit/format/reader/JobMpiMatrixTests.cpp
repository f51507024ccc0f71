//===- test/unit/format/reader/JobMpiMatrixTests.cpp ----------------------===//
//
// A job's traffic matrix.
//
// Part of Sextant. format/JobMpiMatrix: the dense matrix of the pictures
// read from the sparse matrices of the job's mpi.json (version 2: per rank
// its partners with traffic), as jobMpiJson writes them; the errors for a
// version-1 file, a partner outside the job and a list per rank missing.
//
//===----------------------------------------------------------------------===//

#include "format/job/JobMpiFile.h"
#include "format/reader/JobMpiMatrix.h"

#include "test/unit/support/ScratchDirectory.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace sextant::format;
using namespace sextant::test;
using nlohmann::json;

namespace {

/// A job of 3 ranks: 0 sent 2 messages of 10 bytes to 2, 2 sent 1 of 5 to 1.
JobMpi threeRanks() {
  JobMpi Mpi;
  Mpi.RankCount = 3;
  Mpi.AllRanks = true;
  Mpi.PointToPoint.resize(3);
  Mpi.OneSided.resize(3);
  Traffic T;
  T.MessagesSent = 2;
  T.BytesSent = 20;
  Mpi.PointToPoint[0] = {{2, T}};
  T.MessagesSent = 1;
  T.BytesSent = 5;
  Mpi.PointToPoint[2] = {{1, T}};
  Mpi.RankStates = {"MPI_Finalize", "MPI_Finalize", "MPI_Finalize"};
  return Mpi;
}

} // namespace

TEST_CASE("the dense matrix from the job's sparse mpi.json", "[matrix]") {
  ScratchDirectory Job("job-mpi-matrix");
  Job.create();
  Job.write("mpi.json", jobMpiJson(threeRanks()));
  std::vector<std::vector<uint64_t>> Matrix;
  std::string Error;
  REQUIRE(readJobTrafficMatrix(Job.path(), "bytes_sent", Matrix, Error));
  CHECK(Matrix ==
        std::vector<std::vector<uint64_t>>{{0, 0, 20}, {0, 0, 0}, {0, 5, 0}});
  REQUIRE(readJobTrafficMatrix(Job.path(), "messages_sent", Matrix, Error));
  CHECK(Matrix[0][2] == 2);
  CHECK(Matrix[2][1] == 1);

  json File = json::parse(jobMpiJson(threeRanks()));
  File["format_version"] = 1;
  Job.write("mpi.json", File.dump());
  CHECK_FALSE(readJobTrafficMatrix(Job.path(), "bytes_sent", Matrix, Error));
  CHECK(Error.find("format_version 1 is not one this sextant reads (2 to "
                   "2); `sextant combine --force` rewrites the job's "
                   "files") != std::string::npos);

  File = json::parse(jobMpiJson(threeRanks()));
  File["point_to_point"][2][0]["partner"] = 3;
  Job.write("mpi.json", File.dump());
  CHECK_FALSE(readJobTrafficMatrix(Job.path(), "bytes_sent", Matrix, Error));
  CHECK(Error.find("is not a rank of the job (3 ranks)") != std::string::npos);

  File["point_to_point"].erase(2);
  Job.write("mpi.json", File.dump());
  CHECK_FALSE(readJobTrafficMatrix(Job.path(), "bytes_sent", Matrix, Error));
  CHECK(Error.find("has 2 lists, expected one per rank (3)") !=
        std::string::npos);
}
