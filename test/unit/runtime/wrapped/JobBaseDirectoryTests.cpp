//===- test/unit/runtime/wrapped/JobBaseDirectoryTests.cpp ----------------===//
//
// One directory per job.
//
// Part of Sextant. runtime/wrapped/LauncherJob and JobBaseDirectory: the
// job's identity from the launcher's variables, and the processes of one
// job meeting in one directory without talking to each other, while an
// earlier job with the same identity, another job and another run's
// experiment keep theirs.
//
//===----------------------------------------------------------------------===//

#include "runtime/wrapped/JobBaseDirectory.h"
#include "runtime/wrapped/LauncherJob.h"

#include "test/unit/support/ScratchDirectory.h"

#include <catch2/catch.hpp>

#include <map>
#include <string>

using namespace sextant::runtime;
using namespace sextant::test;

namespace {

std::map<std::string, std::string> Variables;

const char *lookUp(const char *Name) {
  auto Found = Variables.find(Name);
  return Found == Variables.end() ? nullptr : Found->second.c_str();
}

/// A request for job Id of a process started at StartedNs.
JobDirectoryRequest request(const std::string &First, const std::string &Id,
                            long long StartedNs) {
  JobDirectoryRequest R;
  R.First = First;
  R.Program = "ring";
  R.JobId = Id;
  R.StartedNs = StartedNs;
  R.SlackNs = 0;
  R.Attempts = 4;
  return R;
}

long long now() {
  timespec Now;
  clock_gettime(CLOCK_REALTIME, &Now);
  return static_cast<long long>(Now.tv_sec) * 1000000000LL + Now.tv_nsec;
}

} // namespace

TEST_CASE("the launcher's job identity", "[wrapped]") {
  Variables = {{"SLURM_JOB_ID", "77"}, {"SLURM_STEP_ID", "3"}};
  LauncherJob Job = launcherJob(&lookUp);
  CHECK(Job.Id == "77.3");
  CHECK(Job.Source == "SLURM_JOB_ID");
  Variables["OMPI_MCA_ess_base_jobid"] = "1841037313";
  CHECK(launcherJob(&lookUp).Id == "1841037313");
  Variables["PMIX_NAMESPACE"] = "prterun-host-12@1";
  Job = launcherJob(&lookUp);
  CHECK(Job.Id == "prterun-host-12_1");
  CHECK(Job.Source == "PMIX_NAMESPACE");
  Variables = {{"PMIX_NAMESPACE", ""}};
  CHECK(launcherJob(&lookUp).Id.empty());
}

TEST_CASE("the processes of a job meet in one directory, other jobs do not",
          "[wrapped]") {
  ScratchDirectory Scratch("job-base-directory");
  Scratch.create();
  std::string First = Scratch.file("sextant-ring-job-42");
  long long Started = now() - 1000000000LL;
  std::string A, B, Error;
  // The first process creates the claim; the second, started as early,
  // finds its job's.
  REQUIRE(agreeOnJobDirectory(request(First, "42", Started), A, Error));
  CHECK(A == First);
  CHECK(Scratch.read("sextant-ring-job-42/.sextant-job").find("job 42\n") == 0);
  REQUIRE(agreeOnJobDirectory(request(First, "42", Started), B, Error));
  CHECK(B == First);

  // A later job with the same identity: its processes started after the
  // claim was made, which is then an earlier job's.
  long long Later = now() + 1000;
  REQUIRE(agreeOnJobDirectory(request(First, "42", Later), A, Error));
  CHECK(A == First + "/ring-job-42-2");
  REQUIRE(agreeOnJobDirectory(request(First, "42", Later), B, Error));
  CHECK(B == A);

  // Another job's identity.
  REQUIRE(agreeOnJobDirectory(request(First, "43", Started), A, Error));
  CHECK(A == First + "/ring-job-43-2");

  // A run's experiment without a job claim is not joined.
  std::string Run = Scratch.file("run");
  REQUIRE(::mkdir(Run.c_str(), 0755) == 0);
  Scratch.write("run/experiment.json", "{}");
  REQUIRE(agreeOnJobDirectory(request(Run, "42", Started), A, Error));
  CHECK(A == Run + "/ring-job-42-2");

  // Every candidate taken.
  JobDirectoryRequest Third = request(First, "42", now() + 1000000000LL);
  Third.Attempts = 2;
  CHECK_FALSE(agreeOnJobDirectory(Third, A, Error));
  CHECK(Error == "'" + First +
                     "' and its first 1 job sub-directories all belong to "
                     "other jobs");
}
