//===- tools/sextant/ExportSelection.h - Trace export's part ----*- C++ -*-===//
//
// Part of Sextant. The part of a trace that `sextant export --format=chrome`
// and `--format=otf2` write (--from/--to, --ranks, --threads,
// --min-duration), the size limit of the Chrome export (--max-size), and the
// parsers of their values: sizes with K/M/G suffixes, lists of indices like
// "0,2-3". The events are selected by SelectedEvents (SelectedEvents.h).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_EXPORTSELECTION_H
#define SEXTANT_TOOLS_EXPORTSELECTION_H

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace sextant {
namespace tool {

/// The default of --max-size: 512 MiB. chrome://tracing cannot read a JSON
/// text longer than V8's longest string (about 512 MiB), and the Perfetto UI
/// in a browser keeps the whole trace in a memory Perfetto documents as
/// typically limited to 2 GB, in a representation larger than the file.
constexpr uint64_t DefaultMaxExportBytes = uint64_t(512) << 20;

struct ExportSelection {
  /// The time window in nanoseconds since the start of the measurement (the
  /// exported timestamps' origin); frames are clipped to it.
  double From = -std::numeric_limits<double>::infinity();
  double To = std::numeric_limits<double>::infinity();
  /// The ranks and threads (thread indices) to export; empty: all.
  std::vector<uint32_t> Ranks;
  std::vector<uint32_t> Threads;
  /// Frames shorter than this (nanoseconds) are left out.
  double MinDuration = 0;

  bool hasWindow() const {
    return From != -std::numeric_limits<double>::infinity() ||
           To != std::numeric_limits<double>::infinity();
  }
  /// Whether anything at all is left out.
  bool selects() const {
    return hasWindow() || !Ranks.empty() || !Threads.empty() || MinDuration > 0;
  }
  bool rankSelected(int Rank) const;
  bool threadSelected(uint32_t Thread) const;
};

/// A size in bytes: a decimal integer, optionally followed by K, M or G
/// (powers of 1024, also written KB, KiB, ...). False on anything else or
/// overflow.
bool parseByteSize(const std::string &Text, uint64_t &Bytes);

/// A list of indices such as "0,2-3" (sorted, without repeats); false with
/// the reason in Error on a bad element or a range that runs backwards.
bool parseIndexList(const std::string &Text, std::vector<uint32_t> &Indices,
                    std::string &Error);

/// A list of indices as text: "0, 2-3 and 7".
std::string indexListText(const std::vector<uint32_t> &Indices);

/// Bytes as text for messages: "812 bytes", "3.4 KiB", "3.4 GiB".
std::string byteSizeText(uint64_t Bytes);

/// A count as text for messages: "812", "24.8 thousand", "24.8 M".
std::string countText(uint64_t Count);

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_EXPORTSELECTION_H
