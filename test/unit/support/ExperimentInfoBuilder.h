//===- test/unit/support/ExperimentInfoBuilder.h - A sample run -*- C++ -*-===//
//
// Part of Sextant. The runtime's description of a run (ExperimentInfo) for
// the tests of the runtime's output: a program with arguments that need
// quoting, times, repairs and a runtime filter. A test changes the fields
// it is about.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TEST_UNIT_SUPPORT_EXPERIMENTINFOBUILDER_H
#define SEXTANT_TEST_UNIT_SUPPORT_EXPERIMENTINFOBUILDER_H

#include "runtime/output/ExperimentInfo.h"

namespace sextant {
namespace test {

/// A run of /bin/app on 4 threads, 1.25 s, in /work/out, with the runtime
/// filter rt.filt and some repaired exits.
inline runtime::ExperimentInfo sampleExperimentInfo() {
  runtime::ExperimentInfo Info;
  Info.SextantVersion = "0.1.0";
  Info.ProgramPath = "/bin/app";
  Info.Arguments = {"app", "a\"b"};
  Info.Pid = 99;
  Info.Hostname = "host";
  Info.WorkingDirectory = "/work";
  Info.OutputDirectory = "/work/out";
  Info.StartTime = {1700000000, 5};
  Info.EndTime = {1700000001, 250000000};
  Info.WallSeconds = 1.25;
  Info.ThreadsSeen = 4;
  Info.Repairs.Repairs = 3;
  Info.Repairs.ExitsRepaired = 15;
  Info.Repairs.IgnoredExits = 2;
  Info.Repairs.FramesOpenAtEnd = 1;
  Info.FilterFile = "rt.filt";
  Info.FilterLoaded = true;
  return Info;
}

} // namespace test
} // namespace sextant

#endif // SEXTANT_TEST_UNIT_SUPPORT_EXPERIMENTINFOBUILDER_H
