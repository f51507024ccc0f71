//===- format/reader/RooflinePeaksFile.h - The roofline peaks file --------===//
//
// Part of Sextant. The peaks file: a machine's measured peak FLOP/s and
// memory bandwidth, written by `sextant roofline --measure-peaks` and read by
// `sextant roofline DIR` (docs/sextant.md). One small JSON object:
//
//   {
//     "format": "sextant-roofline-peaks",
//     "format_version": 1,
//     "peak_flops_per_second": 1.2e+11,
//     "peak_bytes_per_second": 2.1e+10,
//     "threads": 2,
//     "array_bytes": 268435456,
//     "instructions": "AVX2+FMA",
//     "host": "node17",
//     "measured_at": "2026-11-24T13:00:00Z"
//   }
//
// Part of sextant_format_reader: reading uses nlohmann-json and JsonInput's
// messages (file and place of each problem); writing uses JsonWriter.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_READER_ROOFLINEPEAKSFILE_H
#define SEXTANT_FORMAT_READER_ROOFLINEPEAKSFILE_H

#include <cstdint>
#include <string>

namespace sextant {
namespace format {

/// The "format" string of a peaks file and its version.
constexpr char RooflinePeaksFormat[] = "sextant-roofline-peaks";
constexpr unsigned RooflinePeaksVersion = 1;

namespace peaks_keys {
constexpr char FlopsPerSecond[] = "peak_flops_per_second";
constexpr char BytesPerSecond[] = "peak_bytes_per_second";
constexpr char Threads[] = "threads";
constexpr char ArrayBytes[] = "array_bytes";
constexpr char Instructions[] = "instructions";
constexpr char Host[] = "host";
constexpr char MeasuredAt[] = "measured_at";
} // namespace peaks_keys

/// The two ceilings of a roofline and how they were measured.
struct RooflinePeaks {
  double FlopsPerSecond = 0;
  double BytesPerSecond = 0;
  uint64_t Threads = 0;
  uint64_t ArrayBytes = 0; ///< bytes of each triad array
  /// The kernels' instruction set: "baseline", "AVX2+FMA" or "AVX-512".
  std::string Instructions;
  std::string Host;
  std::string MeasuredAt; ///< UTC, ISO 8601
};

/// The contents of a peaks file for Peaks (two-space indentation, a final
/// newline).
std::string renderRooflinePeaks(const RooflinePeaks &Peaks);

/// Reads the peaks file at Path. False with Error naming the file and the
/// problem when it cannot be read, is not a peaks file, or its peaks are
/// not positive numbers. "instructions" and "array_bytes" are optional
/// (hand-written files may leave them out).
bool readRooflinePeaks(const std::string &Path, RooflinePeaks &Peaks,
                       std::string &Error);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_READER_ROOFLINEPEAKSFILE_H
