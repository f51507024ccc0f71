//===- tools/sextant/ProgressMeter.cpp - Progress of long work ------------===//
//
// Part of Sextant. Implementation of the progress lines.
//
//===----------------------------------------------------------------------===//

#include "ProgressMeter.h"

#include "TextFormatting.h"

#include <cstdio>
#include <unistd.h>

namespace sextant {
namespace tool {

namespace {
constexpr std::chrono::milliseconds AutomaticDelay(500);
constexpr std::chrono::milliseconds TerminalInterval(100);
} // namespace

ProgressMeter::ProgressMeter(std::string Prefix, Mode M)
    : Prefix(std::move(Prefix)), Selected(M),
      Terminal(::isatty(STDERR_FILENO) == 1),
      Start(std::chrono::steady_clock::now()), LastPrint(Start) {
  Active = M == Mode::On || (M == Mode::Automatic && Terminal);
}

void ProgressMeter::update(const std::string &Phase, uint64_t Done,
                           uint64_t Total, bool Bytes) {
  if (!Active)
    return;
  auto Now = std::chrono::steady_clock::now();
  if (Selected == Mode::Automatic && Now - Start < AutomaticDelay)
    return;
  int Tenth = Total == 0 ? 10 : static_cast<int>(Done * 10 / Total);
  bool NewPhase = Phase != LastPhase;
  if (Terminal) {
    if (!NewPhase && Done != Total && Now - LastPrint < TerminalInterval)
      return;
  } else if (!NewPhase && Tenth == LastTenth) {
    return;
  }
  LastPhase = Phase;
  LastTenth = Tenth;
  LastPrint = Now;
  double Percent = Total == 0 ? 100.0
                              : 100.0 * static_cast<double>(Done) /
                                    static_cast<double>(Total);
  std::string Amount =
      Bytes
          ? formatFixed(static_cast<double>(Done) / 1048576.0, 1) + " of " +
                formatFixed(static_cast<double>(Total) / 1048576.0, 1) + " MiB"
          : std::to_string(Done) + " of " + std::to_string(Total);
  print(Prefix + ": " + Phase + ": " + formatFixed(Percent, 0) + "% (" +
        Amount + ")");
}

void ProgressMeter::print(const std::string &Text) {
  if (!Terminal) {
    std::fprintf(stderr, "%s\n", Text.c_str());
    return;
  }
  std::string Line = "\r" + Text;
  if (Text.size() < LastWidth)
    Line.append(LastWidth - Text.size(), ' ');
  LastWidth = Text.size();
  std::fputs(Line.c_str(), stderr);
  std::fflush(stderr);
  LineOpen = true;
}

void ProgressMeter::finish() {
  if (LineOpen)
    std::fputc('\n', stderr);
  LineOpen = false;
  Active = false;
}

} // namespace tool
} // namespace sextant
