//===- tools/sextant/SelectedEvents.h - Events an export keeps --*- C++ -*-===//
//
// Part of Sextant. Sits between the replay of one thread's trace
// (TraceReading::replay) and an export's event writer, and passes on the
// events the selection (ExportSelection.h) keeps, with their times in
// nanoseconds on the export's time base:
//
// - --from/--to: a frame that overlaps the window is kept, clipped to it (its
//   enter at the window's start at the earliest, its exit at the window's end
//   at the latest), so enters and exits stay balanced; frames wholly outside
//   are left out, and so are records outside the window.
// - --min-duration: a frame shorter than the limit (its whole duration, not
//   only the part in the window) is left out with everything it calls; its
//   time stays in its caller.
//
// Both are decided while streaming: a frame's enter is passed on as soon as
// the frame is known to be kept (it has lasted the minimum and reached into
// the window), so nothing but the stack of open frames is held, and the
// events still come out in time order.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_SELECTEDEVENTS_H
#define SEXTANT_TOOLS_SELECTEDEVENTS_H

#include "ExportSelection.h"
#include "format/job/ClockAlignment.h"
#include "format/schema/TraceDecoder.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace sextant {
namespace tool {

struct Process;
struct TraceFile;

/// Handler has
///   void enterAt(uint32_t Region, double Time);
///   void exitAt(uint32_t Region, double Time);
///   void recordAt(const trace::TraceRecord &, double Time, bool Inside);
///   void afterChunk(const Process &, const TraceFile &,
///                   const trace::Chunk &);
/// recordAt sees every record (an export may number them); Inside says
/// whether it lies in the window.
template <typename Handler> class SelectedEvents {
public:
  SelectedEvents(Handler &H, const format::ClockAlignment &Clock,
                 const ExportSelection &Selection)
      : H(H), Clock(Clock), From(Selection.From), To(Selection.To),
        MinDuration(Selection.MinDuration) {}

  void enter(uint32_t Region, uint64_t Ticks) {
    double Time = Clock.nanoseconds(Ticks);
    Open.push_back({Region, Time});
    keep(Time);
  }
  void exit(uint32_t Region, uint64_t Ticks) {
    double Time = Clock.nanoseconds(Ticks);
    keep(Time);
    if (Open.empty())
      return;
    bool WasKept = Open.size() <= Kept;
    Open.pop_back();
    if (WasKept) {
      --Kept;
      H.exitAt(Region, std::min(Time, To));
    }
  }
  void record(const trace::TraceRecord &Record, uint64_t Ticks) {
    double Time = Clock.nanoseconds(Ticks);
    bool Inside = Time >= From && Time <= To;
    if (Inside)
      keep(Time);
    H.recordAt(Record, Time, Inside);
  }
  void afterChunk(const Process &P, const TraceFile &File,
                  const trace::Chunk &Chunk) {
    H.afterChunk(P, File, Chunk);
  }

private:
  struct Frame {
    uint32_t Region;
    double Enter;
  };

  /// Passes on the enters of the open frames that are known at Time to be
  /// kept: entered before the window's end, open after its start, and
  /// lasting at least the minimum. A frame's callers are kept whenever it
  /// is, so the kept frames are the bottom of the stack: the first Kept
  /// of Open, and only the frames above them are looked at.
  void keep(double Time) {
    for (; Kept < Open.size(); ++Kept) {
      const Frame &F = Open[Kept];
      if (F.Enter >= To || Time <= From || Time - F.Enter < MinDuration)
        break;
      H.enterAt(F.Region, std::max(F.Enter, From));
    }
  }

  Handler &H;
  const format::ClockAlignment &Clock;
  double From, To, MinDuration;
  std::vector<Frame> Open;
  /// How many frames at the bottom of Open are kept (their enters passed
  /// on).
  size_t Kept = 0;
};

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_SELECTEDEVENTS_H
