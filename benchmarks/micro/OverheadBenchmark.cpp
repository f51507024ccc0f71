//===- benchmarks/micro/OverheadBenchmark.cpp - Cost of hooks ---*- C++ -*-===//
//
// Part of Sextant. Google Benchmark cases that time one call of the same
// tiny function (MeasuredFunctions.c) compiled in separate objects:
//
//   BM_Uninstrumented   without any instrumentation;
//   BM_Disarmed         with SextantPlugin.so, the region disarmed (its
//                       handle holds SEXTANT_FILTERED, as after a runtime
//                       filter, throttling or sextant_pause(): here a pause);
//   BM_ArmedProfile     with SextantPlugin.so, armed, profile mode;
//   BM_ArmedTrace       the same in tracing mode (the process must run with
//                       SEXTANT_TRACE=1, the case skips itself otherwise);
//   BM_EmptyCygHooks    with -finstrument-functions and empty hooks;
//   BM_TwoTscReads      two RDTSC instructions, the reference of the budget
//                       "two TSC reads + 5 ns" of design.md;
//
// and, for the choice of the throttling defaults, a function doing N steps
// of about a nanosecond, uninstrumented and armed (BM_Work*/N).
//
// Run it through run_overhead.py (or the target run-overhead-benchmark),
// which sets the environment of each mode and prints medians and ratios.
// Throttling must be off (SEXTANT_THROTTLE=off): otherwise the armed cases
// are disarmed after their first 100000 calls.
//
//===----------------------------------------------------------------------===//

#include "sextant/sextant.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <cstring>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

extern "C" {
int plain_leaf(int X);
int disarmed_leaf(int X);
int profile_leaf(int X);
int trace_leaf(int X);
int cyg_leaf(int X);
unsigned plain_work(unsigned X, unsigned Steps);
unsigned profile_work(unsigned X, unsigned Steps);
}

namespace {

bool tracingRequested() {
  const char *Trace = std::getenv("SEXTANT_TRACE");
  return Trace && std::strcmp(Trace, "1") == 0;
}

bool throttlingOff() {
  const char *Throttle = std::getenv("SEXTANT_THROTTLE");
  return Throttle && std::strcmp(Throttle, "off") == 0;
}

template <int (*Function)(int)> void timeCalls(benchmark::State &State) {
  int Input = 7;
  for (auto _ : State) {
    benchmark::DoNotOptimize(Input);
    benchmark::DoNotOptimize(Function(Input));
  }
}

void BM_Uninstrumented(benchmark::State &State) {
  timeCalls<plain_leaf>(State);
}

void BM_Disarmed(benchmark::State &State) {
  disarmed_leaf(1); // registers the region (armed)
  sextant_pause();  // disarms every region
  timeCalls<disarmed_leaf>(State);
  sextant_resume();
}

void BM_ArmedProfile(benchmark::State &State) {
  if (tracingRequested()) {
    State.SkipWithError("profile mode: run without SEXTANT_TRACE=1");
    return;
  }
  if (!throttlingOff()) {
    State.SkipWithError("run with SEXTANT_THROTTLE=off");
    return;
  }
  timeCalls<profile_leaf>(State);
}

void BM_ArmedTrace(benchmark::State &State) {
  if (!tracingRequested()) {
    State.SkipWithError("tracing mode: run with SEXTANT_TRACE=1");
    return;
  }
  if (!throttlingOff()) {
    State.SkipWithError("run with SEXTANT_THROTTLE=off");
    return;
  }
  timeCalls<trace_leaf>(State);
}

void BM_EmptyCygHooks(benchmark::State &State) { timeCalls<cyg_leaf>(State); }

void BM_TwoTscReads(benchmark::State &State) {
#if defined(__x86_64__) || defined(__i386__)
  for (auto _ : State) {
    benchmark::DoNotOptimize(__rdtsc());
    benchmark::DoNotOptimize(__rdtsc());
  }
#else
  State.SkipWithError("no TSC on this architecture");
#endif
}

template <unsigned (*Function)(unsigned, unsigned)>
void timeWork(benchmark::State &State) {
  unsigned Steps = static_cast<unsigned>(State.range(0));
  unsigned Value = 1;
  for (auto _ : State) {
    benchmark::DoNotOptimize(Steps);
    Value = Function(Value, Steps);
    benchmark::DoNotOptimize(Value);
  }
}

void BM_WorkUninstrumented(benchmark::State &State) {
  timeWork<plain_work>(State);
}

void BM_WorkArmedProfile(benchmark::State &State) {
  if (tracingRequested() || !throttlingOff()) {
    State.SkipWithError("run in profile mode with SEXTANT_THROTTLE=off");
    return;
  }
  timeWork<profile_work>(State);
}

} // namespace

BENCHMARK(BM_TwoTscReads);
BENCHMARK(BM_Uninstrumented);
BENCHMARK(BM_Disarmed);
BENCHMARK(BM_ArmedProfile);
BENCHMARK(BM_ArmedTrace);
BENCHMARK(BM_EmptyCygHooks);
BENCHMARK(BM_WorkUninstrumented)->RangeMultiplier(4)->Range(1, 4096);
BENCHMARK(BM_WorkArmedProfile)->RangeMultiplier(4)->Range(1, 4096);

BENCHMARK_MAIN();
