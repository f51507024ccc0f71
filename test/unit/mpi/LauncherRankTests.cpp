//===- test/unit/mpi/LauncherRankTests.cpp - Rank from the launcher -------===//
//
// Part of Sextant. Which launcher variables give the rank before MPI_Init,
// in which order, and which values are rejected.
//
//===----------------------------------------------------------------------===//

#include "LauncherRank.h"

#include <catch2/catch.hpp>

#include <map>
#include <string>

using namespace sextant::mpi;

namespace {
std::map<std::string, std::string> Environment;
const char *lookup(const char *Name) {
  auto Found = Environment.find(Name);
  return Found == Environment.end() ? nullptr : Found->second.c_str();
}
} // namespace

TEST_CASE("no launcher variables: no rank", "[launcher]") {
  Environment.clear();
  LauncherRank R = launcherRank(&lookup);
  CHECK(R.Rank == -1);
  CHECK(R.Source.empty());
}

TEST_CASE("Hydra's PMI variables come first", "[launcher]") {
  Environment = {{"PMI_RANK", "3"},
                 {"PMI_SIZE", "4"},
                 {"SLURM_PROCID", "1"},
                 {"SLURM_NTASKS", "4"}};
  LauncherRank R = launcherRank(&lookup);
  CHECK(R.Rank == 3);
  CHECK(R.Size == 4);
  CHECK(R.Source == "PMI_RANK");
}

TEST_CASE("Open MPI, PMIx, Slurm and Hydra's local rank", "[launcher]") {
  Environment = {{"OMPI_COMM_WORLD_RANK", "2"}, {"OMPI_COMM_WORLD_SIZE", "8"}};
  CHECK(launcherRank(&lookup).Source == "OMPI_COMM_WORLD_RANK");
  Environment = {{"PMIX_RANK", "5"}, {"OMPI_COMM_WORLD_SIZE", "8"}};
  CHECK(launcherRank(&lookup).Rank == 5);
  Environment = {{"SLURM_PROCID", "0"}, {"SLURM_NTASKS", "2"}};
  CHECK(launcherRank(&lookup).Source == "SLURM_PROCID");
  Environment = {{"MPI_LOCALRANKID", "1"}, {"MPI_LOCALNRANKS", "2"}};
  CHECK(launcherRank(&lookup).Source == "MPI_LOCALRANKID");
}

TEST_CASE("invalid values are skipped", "[launcher]") {
  for (const char *Bad : {"", "-1", "1x", " 1", "4", "99999999999"}) {
    Environment = {{"PMI_RANK", Bad}, {"PMI_SIZE", "4"}};
    CHECK(launcherRank(&lookup).Rank == -1);
  }
  // A bad first pair falls through to the next one.
  Environment = {{"PMI_RANK", "x"},
                 {"PMI_SIZE", "4"},
                 {"SLURM_PROCID", "2"},
                 {"SLURM_NTASKS", "3"}};
  CHECK(launcherRank(&lookup).Rank == 2);
}
