//===- test/unit/support/SampleExperiment.h - Sample records ----*- C++ -*-===//
//
// Part of Sextant. Records of experiment.json and regions.json
// (format/schema/ExperimentDescription.h) with every field set to a value other
// than its default, for the round trips through format's writers and
// reader, and their comparison field by field.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TEST_UNIT_SUPPORT_SAMPLEEXPERIMENT_H
#define SEXTANT_TEST_UNIT_SUPPORT_SAMPLEEXPERIMENT_H

#include "format/schema/ExperimentDescription.h"

#include <catch2/catch.hpp>

#include <vector>

namespace sextant {
namespace test {

/// experiment.json of a traced, throttled, filtered MPI rank with metrics,
/// forked and ended by a signal: every member has a value. The numbers are
/// exact in the decimals experiment.json writes.
inline format::ExperimentMetadata sampleExperimentMetadata() {
  format::ExperimentMetadata M;
  M.SextantVersion = "0.1.0";
  M.Program = "/bin/app";
  M.Arguments = {"app", "a\"b", "it's"};
  M.Pid = 99;
  M.Hostname = "host";
  M.WorkingDirectory = "/work";
  M.OutputDirectory = "/work/out";
  M.StartTime = "2023-11-14T22:13:20.000000005Z";
  M.EndTime = "2023-11-14T22:13:21.250000000Z";
  M.WallSeconds = 1.25;
  M.Clock = "TSC";
  M.ClockTicksPerSecond = 2500000000.5;
  M.ClockCalibration = "TSC against CLOCK_MONOTONIC over 1.000 ms";
  M.EventPairCostSeconds = 25.5e-9;
  M.Enabled = false;
  M.Instrumentation = {"finstrument-functions", "api"};
  M.Threads = 4;
  M.ThreadsNotMerged = 1;
  M.RegionsRegistered = 2;
  M.RegionsFiltered = 1;
  M.RegionsRejected = 3;
  M.RegionsThrottled = 1;
  M.Throttle = {true, 100000, 500};
  M.Pauses = 2;
  M.PausedAtEnd = true;
  M.UserRegionsEndedImplicitly = 5;
  M.Repairs = 3;
  M.ExitsRepaired = 15;
  M.ExitsIgnored = 2;
  M.FramesOpenAtEnd = 1;
  M.RuntimeFilter = "rt.filt";
  M.RuntimeFilterLoaded = true;
  M.EndedBySignal = "SIGSEGV";
  M.SnapshotSeconds = 12.5;
  M.ForkedFromPid = 98;
  M.MpiRank = 1;
  M.MpiRanks = 4;
  format::TraceRecord Trace;
  Trace.Directory = "trace";
  Trace.FormatVersion = 1;
  Trace.BufferSizeBytes = 65536;
  Trace.Files = 4;
  Trace.ChunksWritten = 9;
  Trace.EventsWritten = 1000;
  Trace.BytesWritten = 2500;
  Trace.BytesPerEvent = 2.5;
  Trace.ChunksDropped = 2;
  Trace.EventsDropped = 500;
  Trace.ThreadsWithoutTrace = 1;
  Trace.WriteError = "cannot write 'trace/thread-3.sxt': No space left";
  M.Trace = Trace;
  format::MetricsRecord Metrics;
  Metrics.Requested = {"PAPI_TOT_INS", "PAPI_TOT_CYC", "peak-rss", "bogus"};
  Metrics.MeasuredMetrics = {
      {"PAPI_TOT_INS", "count", format::MetricAccumulation::Sum},
      {"PAPI_TOT_CYC", "count", format::MetricAccumulation::Sum},
      {"peak-rss", "KiB", format::MetricAccumulation::Maximum}};
  Metrics.DerivedMetrics = {{"IPC", "instructions/cycle"}};
  Metrics.UnavailableMetrics = {{"bogus", "no such event"}};
  Metrics.Multiplexed = true;
  Metrics.EventsLost = 6;
  Metrics.ThreadsWithoutEverySource = 7;
  Metrics.TraceSamplesWritten = 8;
  Metrics.TraceSamplesDropped = 9;
  M.Metrics = Metrics;
  M.CombinedJob = true;
  return M;
}

/// regions.json: a region with debug information and every flag, one
/// filtered by a rule, one throttled. Exact in the decimals written.
inline std::vector<format::RegionRecord> sampleRegionRecords() {
  std::vector<format::RegionRecord> Regions(3);
  for (uint32_t Id = 1; Id <= 3; ++Id) {
    format::RegionRecord &Region = Regions[Id - 1];
    Region.Id = Id;
    Region.Name = "r" + std::to_string(Id) + "(int)";
    Region.Mangled = "_Z2r" + std::to_string(Id) + "i";
    Region.File = "/src/a.c";
    Region.BeginLine = 10 * Id;
    Region.EndLine = 10 * Id + 5;
    Region.Module = Id == 3 ? "/lib/libr.so" : "/bin/app";
    Region.FilterReason = "included: no runtime filter";
  }
  Regions[0].Flags = {true, true, true, true, true, true, true};
  Regions[1].Flags.Demangled = true;
  Regions[1].Filtered = true;
  Regions[1].FilterReason = "excluded by rt.filt:2:11 (EXCLUDE r2*)";
  Regions[1].FilterRule =
      format::FilterRuleRecord{"rt.filt", 2, 11, "EXCLUDE r2*", "r2*"};
  Regions[2].Throttled = format::ThrottleRecord{0.25, 100000, 42e-9};
  return Regions;
}

/// CHECKs every field of experiment.json's record.
inline void checkSameMetadata(const format::ExperimentMetadata &A,
                              const format::ExperimentMetadata &B) {
  CHECK(A.SextantVersion == B.SextantVersion);
  CHECK(A.Program == B.Program);
  CHECK(A.Arguments == B.Arguments);
  CHECK(A.Pid == B.Pid);
  CHECK(A.Hostname == B.Hostname);
  CHECK(A.WorkingDirectory == B.WorkingDirectory);
  CHECK(A.OutputDirectory == B.OutputDirectory);
  CHECK(A.StartTime == B.StartTime);
  CHECK(A.EndTime == B.EndTime);
  CHECK(A.WallSeconds == B.WallSeconds);
  CHECK(A.Clock == B.Clock);
  CHECK(A.ClockTicksPerSecond == B.ClockTicksPerSecond);
  CHECK(A.ClockCalibration == B.ClockCalibration);
  CHECK(A.EventPairCostSeconds == B.EventPairCostSeconds);
  CHECK(A.Enabled == B.Enabled);
  CHECK(A.Instrumentation == B.Instrumentation);
  CHECK(A.Threads == B.Threads);
  CHECK(A.ThreadsNotMerged == B.ThreadsNotMerged);
  CHECK(A.RegionsRegistered == B.RegionsRegistered);
  CHECK(A.RegionsFiltered == B.RegionsFiltered);
  CHECK(A.RegionsRejected == B.RegionsRejected);
  CHECK(A.RegionsThrottled == B.RegionsThrottled);
  CHECK(A.Throttle.Enabled == B.Throttle.Enabled);
  CHECK(A.Throttle.MinVisits == B.Throttle.MinVisits);
  CHECK(A.Throttle.MaxMeanVisitNanoseconds ==
        B.Throttle.MaxMeanVisitNanoseconds);
  CHECK(A.Pauses == B.Pauses);
  CHECK(A.PausedAtEnd == B.PausedAtEnd);
  CHECK(A.UserRegionsEndedImplicitly == B.UserRegionsEndedImplicitly);
  CHECK(A.Repairs == B.Repairs);
  CHECK(A.ExitsRepaired == B.ExitsRepaired);
  CHECK(A.ExitsIgnored == B.ExitsIgnored);
  CHECK(A.FramesOpenAtEnd == B.FramesOpenAtEnd);
  CHECK(A.RuntimeFilter == B.RuntimeFilter);
  CHECK(A.RuntimeFilterLoaded == B.RuntimeFilterLoaded);
  CHECK(A.EndedBySignal == B.EndedBySignal);
  CHECK(A.SnapshotSeconds == B.SnapshotSeconds);
  CHECK(A.ForkedFromPid == B.ForkedFromPid);
  CHECK(A.MpiRank == B.MpiRank);
  CHECK(A.MpiRanks == B.MpiRanks);
  CHECK(A.CombinedJob == B.CombinedJob);
  REQUIRE(A.Trace.has_value() == B.Trace.has_value());
  if (A.Trace) {
    const format::TraceRecord &TA = *A.Trace, &TB = *B.Trace;
    CHECK(TA.Directory == TB.Directory);
    CHECK(TA.FormatVersion == TB.FormatVersion);
    CHECK(TA.BufferSizeBytes == TB.BufferSizeBytes);
    CHECK(TA.Files == TB.Files);
    CHECK(TA.ChunksWritten == TB.ChunksWritten);
    CHECK(TA.EventsWritten == TB.EventsWritten);
    CHECK(TA.BytesWritten == TB.BytesWritten);
    CHECK(TA.BytesPerEvent == TB.BytesPerEvent);
    CHECK(TA.ChunksDropped == TB.ChunksDropped);
    CHECK(TA.EventsDropped == TB.EventsDropped);
    CHECK(TA.ThreadsWithoutTrace == TB.ThreadsWithoutTrace);
    CHECK(TA.WriteError == TB.WriteError);
  }
  REQUIRE(A.Metrics.has_value() == B.Metrics.has_value());
  if (A.Metrics) {
    const format::MetricsRecord &MA = *A.Metrics, &MB = *B.Metrics;
    CHECK(MA.Requested == MB.Requested);
    REQUIRE(MA.MeasuredMetrics.size() == MB.MeasuredMetrics.size());
    for (size_t I = 0; I < MA.MeasuredMetrics.size(); ++I) {
      CHECK(MA.MeasuredMetrics[I].Name == MB.MeasuredMetrics[I].Name);
      CHECK(MA.MeasuredMetrics[I].Unit == MB.MeasuredMetrics[I].Unit);
      CHECK(MA.MeasuredMetrics[I].Accumulation ==
            MB.MeasuredMetrics[I].Accumulation);
    }
    REQUIRE(MA.DerivedMetrics.size() == MB.DerivedMetrics.size());
    for (size_t I = 0; I < MA.DerivedMetrics.size(); ++I) {
      CHECK(MA.DerivedMetrics[I].Name == MB.DerivedMetrics[I].Name);
      CHECK(MA.DerivedMetrics[I].Unit == MB.DerivedMetrics[I].Unit);
    }
    REQUIRE(MA.UnavailableMetrics.size() == MB.UnavailableMetrics.size());
    for (size_t I = 0; I < MA.UnavailableMetrics.size(); ++I) {
      CHECK(MA.UnavailableMetrics[I].Name == MB.UnavailableMetrics[I].Name);
      CHECK(MA.UnavailableMetrics[I].Reason == MB.UnavailableMetrics[I].Reason);
    }
    CHECK(MA.Multiplexed == MB.Multiplexed);
    CHECK(MA.EventsLost == MB.EventsLost);
    CHECK(MA.ThreadsWithoutEverySource == MB.ThreadsWithoutEverySource);
    CHECK(MA.TraceSamplesWritten == MB.TraceSamplesWritten);
    CHECK(MA.TraceSamplesDropped == MB.TraceSamplesDropped);
  }
}

/// CHECKs every field of every region of regions.json's records.
inline void checkSameRegions(const std::vector<format::RegionRecord> &A,
                             const std::vector<format::RegionRecord> &B) {
  REQUIRE(A.size() == B.size());
  for (size_t I = 0; I < A.size(); ++I) {
    INFO("region " << I + 1);
    const format::RegionRecord &RA = A[I], &RB = B[I];
    CHECK(RA.Id == RB.Id);
    CHECK(RA.Name == RB.Name);
    CHECK(RA.Mangled == RB.Mangled);
    CHECK(RA.File == RB.File);
    CHECK(RA.BeginLine == RB.BeginLine);
    CHECK(RA.EndLine == RB.EndLine);
    CHECK(RA.Module == RB.Module);
    CHECK(RA.Flags.DebugInfo == RB.Flags.DebugInfo);
    CHECK(RA.Flags.MayUnwind == RB.Flags.MayUnwind);
    CHECK(RA.Flags.Demangled == RB.Flags.Demangled);
    CHECK(RA.Flags.User == RB.Flags.User);
    CHECK(RA.Flags.OpenMP == RB.Flags.OpenMP);
    CHECK(RA.Flags.Mpi == RB.Flags.Mpi);
    CHECK(RA.Flags.Library == RB.Flags.Library);
    CHECK(RA.Filtered == RB.Filtered);
    CHECK(RA.FilterReason == RB.FilterReason);
    REQUIRE(RA.FilterRule.has_value() == RB.FilterRule.has_value());
    if (RA.FilterRule) {
      CHECK(RA.FilterRule->File == RB.FilterRule->File);
      CHECK(RA.FilterRule->Line == RB.FilterRule->Line);
      CHECK(RA.FilterRule->Column == RB.FilterRule->Column);
      CHECK(RA.FilterRule->Rule == RB.FilterRule->Rule);
      CHECK(RA.FilterRule->Pattern == RB.FilterRule->Pattern);
    }
    REQUIRE(RA.Throttled.has_value() == RB.Throttled.has_value());
    if (RA.Throttled) {
      CHECK(RA.Throttled->AfterSeconds == RB.Throttled->AfterSeconds);
      CHECK(RA.Throttled->Visits == RB.Throttled->Visits);
      CHECK(RA.Throttled->MeanVisitSeconds == RB.Throttled->MeanVisitSeconds);
    }
  }
}

} // namespace test
} // namespace sextant

#endif // SEXTANT_TEST_UNIT_SUPPORT_SAMPLEEXPERIMENT_H
