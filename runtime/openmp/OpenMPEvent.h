//===- runtime/openmp/OpenMPEvent.h - One OMPT callback as an event -------===//
//
// Part of Sextant. Each OMPT callback is one event of the calling thread,
// bracketed by its Busy flag like an instrumented function's
// (EventBracket.h), and reads the clock at most once, not at all when the
// event before it left its time for it (SharedTimestamp.h). Opening a
// construct finds its region through the thread's stack of open constructs
// (OpenConstructStack.h); only a site's first visit on the thread ends
// the event, names and registers the region (RegionTable, under its lock,
// symbolizing the code address once per site) and begins it again.
// Closing constructs reads the clock only when one of them was recorded.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_OPENMP_OPENMPEVENT_H
#define SEXTANT_RUNTIME_OPENMP_OPENMPEVENT_H

#include "common/Compiler.h"
#include "runtime/core/EventBracket.h"
#include "runtime/core/ThreadState.h"
#include "runtime/openmp/OpenConstructStack.h"

#include <omp-tools.h>

namespace sextant {
namespace runtime {
namespace openmp {

/// One OMPT callback as an event of the calling thread.
class Event {
public:
  /// False when the event is to be ignored. Always inline, also where
  /// region() begins the event again: a call would take the event's
  /// address and keep its members in memory.
  SEXTANT_ALWAYS_INLINE bool begin() {
    // One test of Busy, as on the plugin's fast path (beginFastEvent): it
    // also sends a thread without a state (a marker) to beginBlocked().
    ThreadEventWord *Word = CurrentThread;
    FastEventStart Start =
        beginFastEvent(*Word, FastPathFinalizing | FastPathSnapshot);
    if (__builtin_expect(Start != FastEventStart::Begun, 0)) {
      State = Start == FastEventStart::Blocked ? beginBlocked() : nullptr;
      if (!State)
        return false;
    } else {
      State = static_cast<ThreadState *>(Word);
    }
    OpenMP = State->OpenMP;
    if (__builtin_expect(!OpenMP, 0)) {
      OpenMP = attachOpenMP(*State);
      if (!OpenMP) {
        end();
        return false;
      }
    }
    OpenMP->Shared.countEvent();
    return true;
  }
  SEXTANT_ALWAYS_INLINE void end() {
    if (State)
      endEvent(*State);
    State = nullptr;
  }
  ~Event() { end(); }

  /// The region of Kind at Code and its entry in the sites of the depth
  /// of the next push (null when not remembered there: the stack has no
  /// slot there yet, or Code stands for another call site). Fast: an
  /// entry of those sites, the thread's cache, or the region of a
  /// construct named without a location. Otherwise (Slow set) ends the
  /// event, finds the region in the RegionTable (findRegion) and begins
  /// the event again: then false when it is to be ignored after all.
  SEXTANT_ALWAYS_INLINE bool region(Construct Kind, const void *Code,
                                    OpenMPRegion *&Region,
                                    SiteMemory::Site *&Site, bool &Slow) {
    if (namedWithoutLocation(Kind))
      Code = nullptr;
    uint64_t Key = RegionTable::siteKey(Kind, Code);
    SiteMemory *Sites = OpenMP->Open.nextSites();
    if (__builtin_expect(Sites != nullptr, 1)) {
      Site = Sites->find(Key);
      if (__builtin_expect(Site != nullptr, 1)) {
        Region = Site->Region;
        return true;
      }
    }
    if (namedWithoutLocation(Kind)) {
      Region = RegionTable::unlocated(Kind);
    } else {
      SiteCache::Entry &Entry = OpenMP->Sites.slot(Key);
      Region = Entry.Key == Key ? Entry.Region : nullptr;
    }
    if (Region) {
      Site = Sites ? &Sites->remember(Key, Region) : nullptr;
      return true;
    }
    Slow = true;
    end();
    const void *ProgramSite = nullptr;
    if (!findRegion(Kind, Code, Region, ProgramSite) || !begin())
      return false;
    Site = rememberRegion(*OpenMP, Kind, Code, ProgramSite, Region);
    return true;
  }

  ThreadState *State = nullptr;
  OpenMPThreadState *OpenMP = nullptr;

private:
  // The slow paths, out of line and without the event's address, so that
  // the event's members stay in registers.

  /// begin() when beginFastEvent() was blocked: beginThreadEvent(), which
  /// attaches a thread without a state and ignores the event after
  /// finalization.
  static ThreadState *beginBlocked();
  /// Gives State's thread its OpenMP state; null when out of memory.
  static OpenMPThreadState *attachOpenMP(ThreadState &State);
  /// Outside the event: the region of Kind at Code from the RegionTable,
  /// and the program's call site it was named after (ProgramSite); false
  /// when out of memory.
  static bool findRegion(Construct Kind, const void *Code,
                         OpenMPRegion *&Region, const void *&ProgramSite);
  /// Remembers Region for the next visits of Kind at Code when Code is
  /// the program's call site; its entry in the sites of the depth of the
  /// next push (null when not remembered there).
  static SiteMemory::Site *rememberRegion(OpenMPThreadState &OpenMP,
                                          Construct Kind, const void *Code,
                                          const void *ProgramSite,
                                          OpenMPRegion *Region);
};

/// enterRegion() on a thread outside counted-only parallel regions
/// (OpenMPThreadState::CountingOnlyTasks 0, which the caller tested).
SEXTANT_ALWAYS_INLINE uint32_t enterCountedRegion(ThreadState &State,
                                                  uint32_t Id, Ticks Now,
                                                  SiteMemory::Site *Site) {
  if (Id == 0)
    return 0;
  // The slot above the top first: it holds the construct's frame again
  // whenever nothing else was opened at its depth since (a parallel
  // region, an implicit task), in one comparison; then the node the site
  // remembers (a loop and its barrier taking turns at one depth).
  CallPathRecorder &Recorder = State.Recorder;
  if (!Recorder.tryEnterReused(Id, Now, 0) &&
      !(Site && Recorder.tryEnterNode(Id, Now, Site->Node))) {
    try {
      Recorder.enterNew(Id, Now, 0);
    } catch (...) {
      return 0; // out of memory for a new node: not recorded
    }
    if (Site)
      Site->Node = Recorder.nodeAt(Recorder.depth() - 1);
  }
  traceEnter(State.TraceOut, State.Trace.get(), Id, Now, State.Recorder);
  return Id;
}

/// Opens the frame of Id (0: nothing) at Now on State's thread, on the
/// node Site remembers when it is still Id's child of the top frame (Site
/// then remembers the node used; null Site: no hint); returns the id
/// recorded (0 when none: Id 0, inside a counted-only parallel region, or
/// out of memory).
SEXTANT_ALWAYS_INLINE uint32_t enterRegion(ThreadState &State, uint32_t Id,
                                           Ticks Now, SiteMemory::Site *Site) {
  if (State.OpenMP->CountingOnlyTasks != 0)
    return 0;
  return enterCountedRegion(State, Id, Now, Site);
}

/// pushOpen() when the stack could not grow: drops the entry's reference
/// to Parallel (if any).
__attribute__((noinline, cold)) void pushFailed(ParallelInfo *Parallel);

/// Pushes Entry onto the stack of open constructs; out of memory, the end
/// of the construct will not find it (the recorder closes its frame with
/// the enclosing one) and its reference is dropped. Entry is taken by
/// value and its address never taken, so that its fields stay in
/// registers until they are stored into the stack's slot.
SEXTANT_ALWAYS_INLINE void pushOpen(OpenMPThreadState &OpenMP,
                                    OpenConstruct Entry) {
  if (__builtin_expect(!OpenMP.Open.push(Entry), 0))
    return pushFailed(Entry.Parallel);
  if (Entry.CountingOnly)
    ++OpenMP.CountingOnlyTasks;
}

/// The end time of constructs ending in the implicit task at Level (or the
/// innermost one below Level) at time Now: a worker's implicit task ends at
/// most at its region's end.
SEXTANT_ALWAYS_INLINE Ticks endTime(const OpenMPThreadState &OpenMP,
                                    size_t Level, Ticks Now) {
  // Searched down from Level, which is the implicit task itself at its
  // end: the first test comes before the loop's.
  size_t Task = Level;
  while (OpenMP.Open[Task].Kind != OpenKind::ImplicitTask) {
    if (Task == 0)
      return Now;
    --Task;
  }
  const OpenConstruct &Entry = OpenMP.Open[Task];
  if (!Entry.Worker || !Entry.Parallel)
    return Now;
  Ticks End = Entry.Parallel->EndTicks.load(std::memory_order_acquire);
  return End != 0 && End < Now ? End : Now;
}

/// releaseKeptContext() out of line: a worker's next implicit task has
/// another context, or the thread records outside its implicit tasks.
__attribute__((noinline, cold)) void
releaseKeptContextSlow(ThreadState &State, OpenMPThreadState &OpenMP);

/// Releases the context the thread's recorder kept after its last implicit
/// task (endAdoption), if any: then the recorder's stack is empty.
SEXTANT_ALWAYS_INLINE void releaseKeptContext(ThreadState &State,
                                              OpenMPThreadState &OpenMP) {
  if (__builtin_expect(OpenMP.ContextKept, 0))
    releaseKeptContextSlow(State, OpenMP);
}

/// Ends the adoption of a context by a worker's implicit task whose frame
/// has just closed at Now. A worker runs nothing of its own between its
/// implicit tasks, and in a loop of parallel regions the next one has the
/// same context: the recorder keeps the context frames open
/// (OpenMPThreadState::ContextKept) and the next implicit task takes them
/// over after one comparison per frame (CallPathRecorder::holdsContext);
/// an implicit task of another context releases them first, and so does a
/// parallel region's begin, which copies the thread's path. (A worker's
/// other constructs all come within its implicit tasks.) Their time is the
/// same: context frames add their children's time when released, summed
/// over the tasks. The context is released at once when frames are left
/// above it, or when the thread's trace or metrics follow its stack (their
/// records stay those of one adoption per task).
SEXTANT_ALWAYS_INLINE void endAdoption(ThreadState &State,
                                       OpenMPThreadState &OpenMP, Ticks Now) {
  CallPathRecorder &Recorder = State.Recorder;
  if (__builtin_expect(
          !State.Trace && !State.Metrics && Recorder.holdsOnlyContext(), 1)) {
    OpenMP.ContextKept = true;
    return;
  }
  size_t Released = Recorder.releaseContext(Now);
  if (State.Trace)
    State.Trace->recordExits(Released, Now, Recorder);
}

/// Closes the top entry of the stack of open constructs at time Now:
/// records the exit of its frame if it recorded one, ends its adoption of
/// a context (endAdoption) and releases its reference. Returns the frame's
/// node when the entry is a parallel region whose call path has just
/// reached the throttling threshold, else null.
SEXTANT_ALWAYS_INLINE const CallPathTree::Node *
closeTopEntry(ThreadState &State, OpenMPThreadState &OpenMP, Ticks Now) {
  const OpenConstruct &Entry = OpenMP.Open.back();
  const CallPathTree::Node *Throttled = nullptr;
  if (Entry.Id != 0) {
    const CallPathTree::Node *Node = exitAndTrace(
        State.Recorder, State.TraceOut, State.Trace.get(), Entry.Id, Now);
    if (Entry.Kind == OpenKind::Parallel)
      Throttled = Node;
  }
  if (__builtin_expect(Entry.Adopted, 0))
    endAdoption(State, OpenMP, Now);
  if (Entry.CountingOnly)
    --OpenMP.CountingOnlyTasks;
  ParallelInfo *Info = Entry.Parallel;
  OpenMP.Open.truncate(OpenMP.Open.size() - 1);
  if (Info)
    Info->release();
  return Throttled;
}

/// Closes the open constructs from Level up at time Now, innermost first
/// (closeTopEntry). Returns the parallel region's node when the entry at
/// Level is a parallel region whose call path has just reached the
/// throttling threshold, else null.
const CallPathTree::Node *closeFrom(ThreadState &State,
                                    OpenMPThreadState &OpenMP, size_t Level,
                                    Ticks Now);

/// True when a construct from Level up recorded something.
SEXTANT_ALWAYS_INLINE bool recordedFrom(const OpenMPThreadState &OpenMP,
                                        size_t Level) {
  for (size_t I = Level; I < OpenMP.Open.size(); ++I)
    if (OpenMP.Open[I].Id != 0 || OpenMP.Open[I].Adopted)
      return true;
  return false;
}

/// closeFrom(Level) at Now, the clock when 0 (at the region's end when
/// MayEndLate, see endTime); the clock is read only when something is to
/// be closed. Returns the time before endTime(), 0 when nothing recorded
/// was closed. The common case, the top entry alone, inline, without the
/// loops of recordedFrom() and closeFrom().
SEXTANT_ALWAYS_INLINE Ticks closeOpen(Event &E, size_t Level, bool MayEndLate,
                                      Ticks Now = 0) {
  OpenMPThreadState &OpenMP = *E.OpenMP;
  bool TopOnly = __builtin_expect(Level + 1 == OpenMP.Open.size(), 1);
  Ticks End = 0;
  if (TopOnly ? OpenMP.Open.back().Id != 0 || OpenMP.Open.back().Adopted
              : recordedFrom(OpenMP, Level)) {
    if (Now == 0)
      Now = Clock::now();
    End = MayEndLate ? endTime(OpenMP, Level, Now) : Now;
  } else {
    Now = 0;
  }
  if (TopOnly)
    closeTopEntry(*E.State, OpenMP, End);
  else
    closeFrom(*E.State, OpenMP, Level, End);
  return Now;
}

/// Closes the innermost open construct of Kind (with Tag when MatchTag).
SEXTANT_ALWAYS_INLINE void closeKind(Event &E, OpenKind Kind, uintptr_t Tag,
                                     bool MatchTag) {
  size_t Level = E.OpenMP->Open.find(Kind, Tag, MatchTag);
  if (Level != SIZE_MAX)
    closeOpen(E, Level, false);
}

/// Opens a construct of Kind at Code as an entry of OpenKind in the begun
/// event E, at Now (0: read the clock); returns the time used (0 when
/// nothing was recorded).
SEXTANT_ALWAYS_INLINE Ticks openIn(Event &E, Construct Kind, const void *Code,
                                   OpenKind Entry, uintptr_t Tag, Ticks Now) {
  OpenConstruct Open;
  Open.Kind = Entry;
  Open.Tag = Tag;
  if (E.OpenMP->CountingOnlyTasks == 0) {
    OpenMPRegion *Region = nullptr;
    SiteMemory::Site *Site = nullptr;
    bool Slow = false;
    if (!E.region(Kind, Code, Region, Site, Slow))
      return 0;
    if (Now == 0 || Slow)
      Now = Clock::now();
    Open.Id = enterCountedRegion(*E.State, Region->id(), Now, Site);
  }
  pushOpen(*E.OpenMP, Open);
  return Open.Id != 0 ? Now : 0;
}

/// openIn() in an event of its own.
SEXTANT_ALWAYS_INLINE void openConstruct(Construct Kind, const void *Code,
                                         OpenKind Entry, uintptr_t Tag) {
  Event E;
  if (E.begin())
    openIn(E, Kind, Code, Entry, Tag, 0);
}

/// Sets libomp's ompt_get_task_info (initializeTool).
void setTaskInfoFunction(ompt_get_task_info_t Function);

} // namespace openmp
} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_OPENMP_OPENMPEVENT_H
