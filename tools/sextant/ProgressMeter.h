//===- tools/sextant/ProgressMeter.h - Progress of long work ----*- C++ -*-===//
//
// Part of Sextant. Progress lines on standard error for long exports. On a
// terminal one line is rewritten in place, at most ten times a second; when
// standard error is not a terminal and progress was asked for, a line is
// printed at every tenth of the work. In automatic mode the meter stays
// silent unless standard error is a terminal and the work has already taken
// half a second, so short runs and pipelines are never cluttered.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_PROGRESSMETER_H
#define SEXTANT_TOOLS_PROGRESSMETER_H

#include <chrono>
#include <cstdint>
#include <string>

namespace sextant {
namespace tool {

class ProgressMeter {
public:
  enum class Mode {
    Off,       ///< never print
    Automatic, ///< only on a terminal, and only for work that takes a while
    On         ///< always print (--progress)
  };

  /// Prefix starts every line, e.g. "sextant export".
  ProgressMeter(std::string Prefix, Mode M);
  ~ProgressMeter() { finish(); }

  /// Whether anything may be printed at all (Automatic on a terminal, On).
  bool active() const { return Active; }

  /// Reports Done of Total units of the phase Phase ("reading profile.json");
  /// with Bytes set the units are bytes and are shown in MiB.
  void update(const std::string &Phase, uint64_t Done, uint64_t Total,
              bool Bytes);
  /// Ends the progress line (on a terminal) and prints nothing more.
  void finish();

private:
  void print(const std::string &Text);

  std::string Prefix;
  Mode Selected;
  bool Active;
  bool Terminal;
  bool LineOpen = false;
  std::chrono::steady_clock::time_point Start;
  std::chrono::steady_clock::time_point LastPrint;
  std::string LastPhase;
  int LastTenth = -1;
  size_t LastWidth = 0;
};

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_PROGRESSMETER_H
