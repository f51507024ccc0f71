//===- benchmarks/micro/Crc32cBenchmark.cpp - Cost of trace checksums -----===//
//
// Part of Sextant. What the CRC-32C of a trace chunk (format/schema/Crc32c.h)
// costs at flush time: per byte and per event, for the SSE4.2 instruction
// and the table fallback, over a chunk of the default buffer size filled
// with trace events as the runtime writes them (the short forms of
// format/schema/TraceFormat.h: an 8-byte enter and a 4-byte exit, 6 bytes per
// event on average). Run:
//
//   ninja sextant_crc32c_benchmark
//   benchmarks/micro/sextant_crc32c_benchmark --benchmark_repetitions=5
//
// The counters are bytes per second and events per second; 1e9 divided by
// the latter is the nanoseconds one event adds to a flush.
//
//===----------------------------------------------------------------------===//

#include "format/schema/Crc32c.h"
#include "format/schema/TraceFormat.h"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

namespace {

/// Trace events in the runtime's common form, short enters of region 5 and
/// short exits alternating, 100 ticks apart.
std::vector<uint8_t> sampleChunk(size_t Bytes, size_t &Events) {
  namespace trace = sextant::trace;
  std::vector<uint8_t> Chunk;
  Events = 0;
  uint64_t Ticks = uint64_t(1) << 40;
  uint8_t Pair[trace::ShortEnterBytes + trace::ShortExitBytes];
  while (Chunk.size() + sizeof(Pair) <= Bytes) {
    trace::store64(Pair, trace::shortEnterWord(5, Ticks += 100));
    trace::store32(Pair + trace::ShortEnterBytes,
                   trace::shortExitWord(Ticks += 100));
    Chunk.insert(Chunk.end(), Pair, Pair + sizeof(Pair));
    Events += 2;
  }
  return Chunk;
}

template <uint32_t (*Crc)(const void *, size_t, uint32_t) noexcept>
void chunkChecksum(benchmark::State &State) {
  size_t Events;
  std::vector<uint8_t> Chunk =
      sampleChunk(static_cast<size_t>(State.range(0)), Events);
  for (auto _ : State) {
    uint32_t Value = Crc(Chunk.data(), Chunk.size(), 0);
    benchmark::DoNotOptimize(Value);
  }
  State.SetBytesProcessed(static_cast<int64_t>(State.iterations()) *
                          static_cast<int64_t>(Chunk.size()));
  State.counters["events"] = benchmark::Counter(
      static_cast<double>(State.iterations()) * static_cast<double>(Events),
      benchmark::Counter::kIsRate);
}

void BM_Crc32cHardware(benchmark::State &State) {
  if (!sextant::format::crc32cHardwareAvailable()) {
    State.SkipWithError("the CPU has no SSE4.2");
    return;
  }
  chunkChecksum<sextant::format::crc32cHardware>(State);
}

void BM_Crc32cTable(benchmark::State &State) {
  chunkChecksum<sextant::format::crc32cTable>(State);
}

} // namespace

// 4 KiB (the smallest buffer) and 1 MiB (the default SEXTANT_BUFFER_SIZE).
BENCHMARK(BM_Crc32cHardware)->Arg(4096)->Arg(1 << 20);
BENCHMARK(BM_Crc32cTable)->Arg(4096)->Arg(1 << 20);

BENCHMARK_MAIN();
