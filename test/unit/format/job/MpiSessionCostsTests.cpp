//===- test/unit/format/job/MpiSessionCostsTests.cpp - Adapter's times ----===//
//
// Part of Sextant. The section of the job's summary.txt with the MPI
// adapter's own time at MPI_Init and MPI_Finalize (MpiSessionCosts.h): its
// layout, and a decimal point whatever LC_NUMERIC the program chose (the
// adapter renders it inside the program).
//
//===----------------------------------------------------------------------===//

#include "format/job/MpiSessionCosts.h"

#include "test/unit/support/SkipTest.h"

#include <catch2/catch.hpp>

#include <clocale>
#include <string>

using namespace sextant::format;

namespace {

MpiSessionCosts exampleCosts() {
  MpiSessionCosts Costs;
  Costs.InitSetup = {0.0172, 1};
  Costs.FinalizeSync = {0.0109, 1};
  Costs.RankWrite = {0.036, 12};
  Costs.JobCombine = {1234.5, 0};
  return Costs;
}

const char ExpectedText[] =
    "\nSextant's own time at MPI_Init and MPI_Finalize (seconds, the "
    "largest over the ranks)\n"
    "     seconds  rank  phase\n"
    "    0.017200     1  set-up at MPI_Init: job directory, every rank's "
    "host and clock, clock synchronization (region \"Sextant at "
    "MPI_Init\")\n"
    "    0.010900     1  private communicator and clock synchronization at "
    "MPI_Finalize (region \"Sextant at MPI_Finalize\"; what follows: in no "
    "region)\n"
    "    0.036000    12  writing the rank's own experiment, rank-<r>/\n"
    "  1234.500000     0  combining the job's view over the ranks (rank 0 "
    "then writes it)\n"
    "The MPI library's own MPI_Init and MPI_Finalize are not in this "
    "table, nor in these regions.\n";

} // namespace

TEST_CASE("the adapter's times at MPI_Init and MPI_Finalize as a table",
          "[MpiSessionCosts]") {
  CHECK(mpiSessionCostsText(exampleCosts()) == ExpectedText);
}

TEST_CASE("the adapter's times keep a decimal point under a decimal-comma "
          "locale",
          "[MpiSessionCosts]") {
  const char *Previous = std::setlocale(LC_NUMERIC, nullptr);
  std::string Saved = Previous ? Previous : "C";
  if (std::setlocale(LC_NUMERIC, "de_DE.UTF-8") == nullptr &&
      std::setlocale(LC_NUMERIC, "fr_FR.UTF-8") == nullptr) {
    sextant::test::skipTest("no decimal-comma locale (de_DE.UTF-8, "
                            "fr_FR.UTF-8) is installed");
    return;
  }
  std::string Text = mpiSessionCostsText(exampleCosts());
  std::setlocale(LC_NUMERIC, Saved.c_str());
  CHECK(Text == ExpectedText);
}

TEST_CASE("the adapter's times as the job's experiment.json has them",
          "[MpiSessionCosts]") {
  nlohmann::json Json = mpiSessionCostsJson(exampleCosts());
  CHECK(Json == nlohmann::json{{"init_setup", 0.0172},
                               {"finalize_sync", 0.0109},
                               {"rank_write", 0.036},
                               {"job_combine", 1234.5}});
}
