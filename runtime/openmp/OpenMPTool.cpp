//===- runtime/openmp/OpenMPTool.cpp - OpenMP constructs through OMPT -----===//
//
// Part of Sextant. ompt_start_tool, the OMPT callbacks and the per-thread
// stack of open OpenMP constructs (see OpenMPTool.h).
//
// Each callback is one event of the calling thread, bracketed by its Busy
// flag like an instrumented function's (EventBracket.h). The construct's
// region is found in a per-thread cache keyed by (construct, code address);
// a miss ends the event, names and registers the region under the table's
// lock (symbolizing the code address once per site) and begins it again.
//
// Every construct opened on a thread is pushed onto the thread's stack of
// open constructs with the region id it recorded (0 when its region was
// filtered, throttled or paused at the begin), and its end closes exactly
// what was recorded: the end finds the innermost open construct of its kind
// (and instance, where OMPT names one), so an end that libomp reports late,
// without parallel_data or with another task_data still finds its begin.
//
// A parallel region's context (the encountering thread's call path) lives
// in a ParallelInfo referenced from parallel_data->ptr, counted by the
// primary thread and every worker's implicit task: libomp may report a
// worker's implicit-task end after the primary's parallel_end.
//
// libomp 19 behaviour handled here:
//  - the initial thread gets thread_begin and an initial implicit task
//    before main (and their ends after it): initial tasks are ignored,
//    thread_begin is not registered (threads attach at their first event);
//  - parallel_begin and parallel_end pass different parallel_data objects
//    (a stack copy, then the team's) with the same ptr: ends are matched by
//    the ParallelInfo, not the object;
//  - parallel_data is NULL at implicit-task end and at the end of a
//    worker's implicit barrier, and task_data is a copy there: the thread's
//    stack of open constructs finds the begin;
//  - a worker's implicit-barrier and implicit-task ends come when the
//    worker is woken for the next region, or never (shutdown): they end at
//    the region's end (ParallelInfo::EndTicks), also when thread_end or the
//    finalizer closes them (finishOpenMPThread);
//  - nested parallelism creates new threads, which adopt the full call path
//    of their encountering thread (itself possibly a worker with context);
//  - libomp's GOMP_* entry points (GCC code) report no end of a single: a
//    barrier, never nested in a worksharing construct, closes one left
//    open.
//  - __kmpc_end_critical clears thread 0's stored return address, so a
//    construct of the primary thread may come with a code address inside
//    libomp (omp_set_lock's): the construct is named after the program's
//    call site on the stack (ProgramCallSite.h);
//  - a construct the program reaches through a tail call (a barrier ending
//    a parallel region's body) comes with the return address into libomp's
//    procedure that invoked the body, and the stack holds no frame of the
//    program within the task: it is named without a location ("omp
//    barrier"), the same on every thread.
//
//===----------------------------------------------------------------------===//

#include "runtime/openmp/OpenMPTool.h"
#include "common/Compiler.h"

#include "runtime/core/EventBracket.h"
#include "runtime/core/Runtime.h"
#include "runtime/core/ThreadState.h"
#include "runtime/io/Diagnostics.h"
#include "runtime/symbols/CodeSymbolizer.h"
#include "runtime/symbols/ProgramCallSite.h"

#include "sextant/instrumentation_abi.h"

#include <omp-tools.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <unistd.h>
#include <unordered_map>
#include <vector>

namespace sextant {
namespace runtime {

namespace {

/// The constructs recorded as regions.
enum class Construct : uint8_t {
  Parallel,
  ImplicitTask,
  Loop,
  Sections,
  Single,
  Workshare,
  Distribute,
  Taskloop,
  Scope,
  Barrier,
  ImplicitBarrier,
  Taskwait,
  Taskgroup,
  Reduction,
  TeamsBarrier,
  TaskCreate,
  Task,
  Critical,
  CriticalWait,
  Ordered,
  OrderedWait,
  LockWait
};

const char *constructName(Construct Kind) {
  switch (Kind) {
  case Construct::Parallel:
    return "omp parallel";
  case Construct::ImplicitTask:
    return "omp implicit task";
  case Construct::Loop:
    return "omp for";
  case Construct::Sections:
    return "omp sections";
  case Construct::Single:
    return "omp single";
  case Construct::Workshare:
    return "omp workshare";
  case Construct::Distribute:
    return "omp distribute";
  case Construct::Taskloop:
    return "omp taskloop";
  case Construct::Scope:
    return "omp scope";
  case Construct::Barrier:
    return "omp barrier";
  case Construct::ImplicitBarrier:
    return "omp implicit barrier";
  case Construct::Taskwait:
    return "omp taskwait";
  case Construct::Taskgroup:
    return "omp taskgroup";
  case Construct::Reduction:
    return "omp reduction";
  case Construct::TeamsBarrier:
    return "omp teams barrier";
  case Construct::TaskCreate:
    return "omp task create";
  case Construct::Task:
    return "omp task";
  case Construct::Critical:
    return "omp critical";
  case Construct::CriticalWait:
    return "omp critical wait";
  case Construct::Ordered:
    return "omp ordered";
  case Construct::OrderedWait:
    return "omp ordered wait";
  case Construct::LockWait:
    return "omp lock wait";
  }
  return "omp";
}

/// Constructs named without a code location: they are identified by their
/// parent in the tree (and libomp reports no or differing code addresses
/// for them on different threads).
bool namedWithoutLocation(Construct Kind) {
  return Kind == Construct::ImplicitTask ||
         Kind == Construct::ImplicitBarrier ||
         Kind == Construct::CriticalWait || Kind == Construct::OrderedWait;
}

Construct workConstruct(int Type) {
  switch (Type) {
  case ompt_work_sections:
    return Construct::Sections;
  case ompt_work_single_executor:
  case ompt_work_single_other:
    return Construct::Single;
  case ompt_work_workshare:
    return Construct::Workshare;
  case ompt_work_distribute:
    return Construct::Distribute;
  case ompt_work_taskloop:
    return Construct::Taskloop;
  case ompt_work_scope:
    return Construct::Scope;
  default: // ompt_work_loop and its static/dynamic/guided/other variants
    return Construct::Loop;
  }
}

Construct syncConstruct(int Kind) {
  switch (Kind) {
  case ompt_sync_region_barrier_explicit:
  case ompt_sync_region_barrier:
    return Construct::Barrier;
  case ompt_sync_region_taskwait:
    return Construct::Taskwait;
  case ompt_sync_region_taskgroup:
    return Construct::Taskgroup;
  case ompt_sync_region_reduction:
    return Construct::Reduction;
  case ompt_sync_region_barrier_teams:
    return Construct::TeamsBarrier;
  default: // implicit (workshare, parallel), implementation
    return Construct::ImplicitBarrier;
  }
}

/// A region of an OpenMP construct: a runtime-owned descriptor and handle,
/// never destroyed.
struct OpenMPRegion {
  OpenMPRegion(std::string TheName, std::string TheFile, uint32_t Line)
      : Name(std::move(TheName)), File(std::move(TheFile)) {
    Descriptor.handle = &Handle;
    Descriptor.display_name = Name.c_str();
    Descriptor.mangled_name = Name.c_str();
    Descriptor.file = File.c_str();
    Descriptor.begin_line = Line;
    Descriptor.end_line = Line;
    Descriptor.flags = SEXTANT_REGION_OPENMP |
                       (SEXTANT_ABI_VERSION << SEXTANT_ABI_VERSION_SHIFT);
  }
  const std::string Name;
  const std::string File;
  uint32_t Handle = SEXTANT_INVALID;
  sextant_region_descriptor Descriptor;

  /// The id to record now, or 0 (filtered, throttled, paused, unregistered).
  uint32_t id() const {
    uint32_t Value = __atomic_load_n(&Handle, __ATOMIC_RELAXED);
    return Value == SEXTANT_INVALID || Value == SEXTANT_FILTERED ? 0 : Value;
  }
};

/// Every OpenMP region by name and by (construct, code address).
class RegionTable {
public:
  explicit RegionTable(SymbolizerSettings Settings)
      : Symbolizer(std::move(Settings)) {}

  /// The region of Kind at Code (the construct's return address), created
  /// and registered on first use. Throws std::bad_alloc.
  OpenMPRegion *find(Construct Kind, const void *Code) {
    if (namedWithoutLocation(Kind))
      Code = nullptr;
    uint64_t Key = siteKey(Kind, Code);
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      auto Found = BySite.find(Key);
      if (Found != BySite.end())
        return Found->second;
    }
    CodeLocation Where = Symbolizer.locateReturnAddress(Code);
    std::string Name = openMPRegionName(constructName(Kind), Where);
    std::lock_guard<std::mutex> Lock(Mutex);
    auto Found = ByName.find(Name);
    OpenMPRegion *Region = nullptr;
    if (Found != ByName.end()) {
      Region = Found->second.get();
    } else {
      auto Created =
          std::make_unique<OpenMPRegion>(Name, Where.File, Where.Line);
      Region = Created.get();
      ByName.emplace(Name, std::move(Created));
      if (Runtime *Self = Runtime::existing())
        Self->registerRegion(Region->Descriptor, /*RuntimeOwned=*/true, Code);
    }
    BySite.emplace(Key, Region);
    return Region;
  }

  static uint64_t siteKey(Construct Kind, const void *Code) {
    return (reinterpret_cast<uintptr_t>(Code) << 6) ^
           static_cast<uint64_t>(Kind);
  }

private:
  std::mutex Mutex;
  std::unordered_map<std::string, std::unique_ptr<OpenMPRegion>> ByName;
  std::unordered_map<uint64_t, OpenMPRegion *> BySite;
  CodeSymbolizer Symbolizer;
};

RegionTable &regions() {
  static RegionTable *Table = [] {
    SymbolizerSettings Settings;
    if (Runtime *Self = Runtime::existing()) {
      Settings.UseLibdw = Self->options().UseLibdw != 0;
      Settings.DebugFileDirectories = Self->options().DebugFileDirectory;
    }
    return new RegionTable(std::move(Settings)); // never destroyed
  }();
  return *Table;
}

/// The OpenMP runtime's module and libsextant's, added at the tool's start.
RuntimeModules &runtimeModules() {
  static RuntimeModules Modules; // trivially destructible
  return Modules;
}

/// A parallel region seen from its threads.
struct ParallelInfo {
  /// One for the encountering thread until its parallel_end, one per
  /// worker's implicit task.
  std::atomic<uint32_t> References{1};
  /// Time of the encountering thread's parallel_end; 0 before.
  std::atomic<Ticks> EndTicks{0};
  /// Nesting level of the region (1: outermost).
  uint32_t Level = 1;
  /// The call path of the encountering thread, the region's own frame last:
  /// Depth region ids stored right after the object.
  uint32_t Depth = 0;

  uint32_t *path() { return reinterpret_cast<uint32_t *>(this + 1); }

  static ParallelInfo *create(uint32_t Depth) {
    void *Memory =
        std::malloc(sizeof(ParallelInfo) + size_t(Depth) * sizeof(uint32_t));
    if (!Memory)
      return nullptr;
    auto *Info = new (Memory) ParallelInfo();
    Info->Depth = Depth;
    return Info;
  }
  void release() {
    if (References.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      this->~ParallelInfo();
      std::free(this);
    }
  }
};

/// What kind of entry of the stack of open constructs.
enum class OpenKind : uint8_t {
  Parallel,
  ImplicitTask,
  Work,
  Sync,
  Task,
  Mutex,
  Wait
};

struct OpenConstruct {
  OpenKind Kind;
  /// A worker's implicit task (ends at its region's end).
  bool Worker = false;
  /// The implicit task adopted its region's context.
  bool Adopted = false;
  /// The recorded region id, 0 when not recorded.
  uint32_t Id = 0;
  /// Identifies the instance among open constructs of the same kind.
  uintptr_t Tag = 0;
  /// Parallel and ImplicitTask entries: one reference.
  ParallelInfo *Parallel = nullptr;
};

} // namespace

/// The OpenMP state of one thread (ThreadState::OpenMP).
struct OpenMPThreadState {
  std::vector<OpenConstruct> Open;
  struct CacheEntry {
    uint64_t Key = 0;
    OpenMPRegion *Region = nullptr;
  };
  static constexpr size_t CacheSlots = 64;
  CacheEntry Cache[CacheSlots];
  /// The thread has been given its OpenMP name.
  bool Named = false;
};

namespace {

/// The level ompt_start_tool accepted; read by initializeTool.
OpenMPLevel ToolLevel = OpenMPLevel::Off;

/// libomp's ompt_get_task_info, looked up by initializeTool.
ompt_get_task_info_t GetTaskInfo = nullptr;

/// The frame of the runtime procedure that invoked the code of the calling
/// thread's current task (OMPT's exit frame); null for an initial task (its
/// code is main or a thread's start routine) or when libomp tells none.
const void *currentTaskExitFrame() {
  int Flags = 0;
  ompt_data_t *TaskData = nullptr;
  ompt_frame_t *Frame = nullptr;
  ompt_data_t *ParallelData = nullptr;
  int ThreadNumber = 0;
  if (!GetTaskInfo)
    return nullptr;
  int Known =
      GetTaskInfo(0, &Flags, &TaskData, &Frame, &ParallelData, &ThreadNumber);
  if (Known != 2 || !Frame || (Flags & ompt_task_initial))
    return nullptr;
  return Frame->exit_frame.ptr;
}

/// One OMPT callback as an event of the calling thread.
class Event {
public:
  /// False when the event is to be ignored.
  bool begin() {
    State = beginThreadEvent();
    if (!State)
      return false;
    OpenMP = State->OpenMP;
    if (!OpenMP) {
      OpenMP = new (std::nothrow) OpenMPThreadState();
      if (!OpenMP) {
        endEvent(*State);
        State = nullptr;
        return false;
      }
      State->OpenMP = OpenMP;
    }
    return true;
  }
  void end() {
    if (State)
      endEvent(*State);
    State = nullptr;
  }
  ~Event() { end(); }

  /// The region of Kind at Code; may end and begin the event again (then
  /// false when it is to be ignored after all).
  bool region(Construct Kind, const void *Code, OpenMPRegion *&Region) {
    if (namedWithoutLocation(Kind))
      Code = nullptr;
    uint64_t Key = RegionTable::siteKey(Kind, Code);
    size_t Slot = (Key ^ (Key >> 17)) & (OpenMPThreadState::CacheSlots - 1);
    OpenMPThreadState::CacheEntry &Entry = OpenMP->Cache[Slot];
    if (Entry.Region && Entry.Key == Key) {
      Region = Entry.Region;
      return true;
    }
    end();
    // A code address inside libomp (or libsextant) stands for whichever
    // call site reached it (see ProgramCallSite.h): the construct is named
    // after the program's call site on the stack within the current task,
    // and the address is not cached for the next event. When the task's
    // frames show none, the program reached libomp through a tail call
    // (the address is the return into the procedure that invoked the
    // task's code, the same at every event): the construct has no
    // location, and that is cached.
    const void *Site =
        runtimeModules().programCallSite(Code, currentTaskExitFrame());
    try {
      Region = regions().find(Kind, Site);
    } catch (...) {
      return false; // out of memory: the construct is not recorded
    }
    if (!begin())
      return false;
    if (Site == Code || !Site)
      OpenMP->Cache[Slot] = {Key, Region};
    return true;
  }

  ThreadState *State = nullptr;
  OpenMPThreadState *OpenMP = nullptr;
};

uint32_t enterRegion(ThreadState &State, uint32_t Id, Ticks Now) {
  if (Id == 0)
    return 0;
  try {
    State.Recorder.enter(Id, Now);
  } catch (...) {
    return 0; // out of memory for a new node: not recorded
  }
  traceEnter(State.TraceOut, State.Trace.get(), Id, Now, State.Recorder);
  return Id;
}

void push(OpenMPThreadState &OpenMP, const OpenConstruct &Entry) {
  try {
    OpenMP.Open.push_back(Entry);
  } catch (...) {
    // Out of memory: the end of this construct will not find it; the
    // recorder closes its frame with the enclosing one.
    if (Entry.Parallel)
      Entry.Parallel->release();
  }
}

/// The innermost open construct of Kind (with Tag when MatchTag); SIZE_MAX
/// when none.
size_t findOpen(const OpenMPThreadState &OpenMP, OpenKind Kind, uintptr_t Tag,
                bool MatchTag) {
  for (size_t Level = OpenMP.Open.size(); Level-- > 0;) {
    const OpenConstruct &Entry = OpenMP.Open[Level];
    if (Entry.Kind == Kind && (!MatchTag || Entry.Tag == Tag))
      return Level;
  }
  return SIZE_MAX;
}

/// The end time of constructs ending in the implicit task at Level (or the
/// innermost one below Level): a worker's implicit task ends at most at its
/// region's end.
Ticks endTime(const OpenMPThreadState &OpenMP, size_t Level, Ticks Now) {
  for (size_t I = Level + 1; I-- > 0;) {
    const OpenConstruct &Entry = OpenMP.Open[I];
    if (Entry.Kind != OpenKind::ImplicitTask)
      continue;
    if (!Entry.Worker || !Entry.Parallel)
      return Now;
    Ticks End = Entry.Parallel->EndTicks.load(std::memory_order_acquire);
    return End != 0 && End < Now ? End : Now;
  }
  return Now;
}

/// Closes the open constructs from Level up at time Now, innermost first:
/// records the exits of what was recorded, releases adopted context and
/// references.
void closeFrom(ThreadState &State, OpenMPThreadState &OpenMP, size_t Level,
               Ticks Now) {
  for (size_t I = OpenMP.Open.size(); I-- > Level;) {
    OpenConstruct &Entry = OpenMP.Open[I];
    if (Entry.Id != 0)
      exitAndTrace(State.Recorder, State.TraceOut, State.Trace.get(), Entry.Id,
                   Now);
    if (Entry.Adopted) {
      size_t Released = State.Recorder.releaseContext(Now);
      if (State.Trace)
        State.Trace->recordExits(Released, Now, State.Recorder);
    }
    if (Entry.Parallel)
      Entry.Parallel->release();
  }
  OpenMP.Open.resize(Level);
}

void closeKind(Event &E, OpenKind Kind, uintptr_t Tag, bool MatchTag,
               Ticks Now) {
  size_t Level = findOpen(*E.OpenMP, Kind, Tag, MatchTag);
  if (Level != SIZE_MAX)
    closeFrom(*E.State, *E.OpenMP, Level, Now);
}

/// Opens a construct of Kind at Code as an entry of OpenKind.
void openConstruct(Construct Kind, const void *Code, OpenKind Entry,
                   uintptr_t Tag) {
  Event E;
  if (!E.begin())
    return;
  OpenMPRegion *Region = nullptr;
  if (!E.region(Kind, Code, Region))
    return;
  OpenConstruct Open;
  Open.Kind = Entry;
  Open.Tag = Tag;
  Open.Id = enterRegion(*E.State, Region->id(), Clock::now());
  push(*E.OpenMP, Open);
}

//===----------------------------------------------------------------------===//
// Callbacks
//===----------------------------------------------------------------------===//

void onThreadEnd(ompt_data_t *) {
  Ticks Now = Clock::now();
  Event E;
  if (!E.begin() || E.OpenMP->Open.empty())
    return;
  closeFrom(*E.State, *E.OpenMP, 0, endTime(*E.OpenMP, 0, Now));
}

void onParallelBegin(ompt_data_t *, const ompt_frame_t *,
                     ompt_data_t *ParallelData, unsigned int, int,
                     const void *Code) {
  Event E;
  if (!E.begin())
    return;
  OpenMPRegion *Region = nullptr;
  if (!E.region(Construct::Parallel, Code, Region))
    return;
  ThreadState &State = *E.State;
  uint32_t Id = Region->id();
  size_t Depth = State.Recorder.depth();
  ParallelInfo *Info =
      ParallelInfo::create(static_cast<uint32_t>(Depth + (Id != 0)));
  if (Info) {
    for (size_t Level = 0; Level < Depth; ++Level)
      Info->path()[Level] = State.Recorder.regionAt(Level);
    if (Id != 0)
      Info->path()[Depth] = Id;
    size_t Task = findOpen(*E.OpenMP, OpenKind::ImplicitTask, 0, false);
    if (Task != SIZE_MAX && E.OpenMP->Open[Task].Parallel)
      Info->Level = E.OpenMP->Open[Task].Parallel->Level + 1;
  }
  if (ParallelData)
    ParallelData->ptr = Info;
  OpenConstruct Open;
  Open.Kind = OpenKind::Parallel;
  Open.Tag = reinterpret_cast<uintptr_t>(Info);
  Open.Parallel = Info;
  Open.Id = enterRegion(State, Id, Clock::now());
  push(*E.OpenMP, Open);
}

void onParallelEnd(ompt_data_t *ParallelData, ompt_data_t *, int,
                   const void *) {
  Ticks Now = Clock::now();
  Event E;
  if (!E.begin())
    return;
  // libomp passes a different parallel_data at the begin (a copy on the
  // stack) than at the end (the team's); its ptr is the same.
  uintptr_t Tag =
      ParallelData ? reinterpret_cast<uintptr_t>(ParallelData->ptr) : 0;
  size_t Level = findOpen(*E.OpenMP, OpenKind::Parallel, Tag, Tag != 0);
  if (Level == SIZE_MAX)
    return;
  if (ParallelInfo *Info = E.OpenMP->Open[Level].Parallel)
    Info->EndTicks.store(Now, std::memory_order_release);
  if (ParallelData)
    ParallelData->ptr = nullptr;
  closeFrom(*E.State, *E.OpenMP, Level, Now);
}

void onImplicitTask(ompt_scope_endpoint_t Endpoint, ompt_data_t *ParallelData,
                    ompt_data_t *, unsigned int, unsigned int Index,
                    int Flags) {
  if (Flags & ompt_task_initial)
    return; // the initial task of a thread (before main, or at its start)
  if (Endpoint == ompt_scope_end) {
    Ticks Now = Clock::now();
    Event E;
    if (!E.begin())
      return;
    // parallel_data is NULL here in libomp 19: the stack knows the task.
    size_t Level = findOpen(*E.OpenMP, OpenKind::ImplicitTask, 0, false);
    if (Level != SIZE_MAX)
      closeFrom(*E.State, *E.OpenMP, Level, endTime(*E.OpenMP, Level, Now));
    return;
  }
  Event E;
  if (!E.begin())
    return;
  OpenMPRegion *Region = nullptr;
  if (!E.region(Construct::ImplicitTask, nullptr, Region))
    return;
  ThreadState &State = *E.State;
  ParallelInfo *Info =
      ParallelData ? static_cast<ParallelInfo *>(ParallelData->ptr) : nullptr;
  Ticks Start = Clock::now();
  OpenConstruct Open;
  Open.Kind = OpenKind::ImplicitTask;
  Open.Worker = Index != 0;
  if (Info) {
    Info->References.fetch_add(1, std::memory_order_relaxed);
    Open.Parallel = Info;
    if (Open.Worker && State.Recorder.depth() == 0 && Info->Depth != 0) {
      try {
        State.Recorder.adoptContext(Info->path(), Info->Depth);
        Open.Adopted = State.Recorder.contextDepth() != 0;
        if (Open.Adopted && State.Trace)
          State.Trace->recordEnters(0, Start, State.Recorder);
      } catch (...) {
        // Out of memory: the worker's tree starts at its implicit task.
      }
    }
  }
  if (Open.Worker && !E.OpenMP->Named &&
      State.Tid != static_cast<uint64_t>(::getpid())) {
    E.OpenMP->Named = true;
    try {
      State.Name = openMPThreadName(Index, Info ? Info->Level : 1);
    } catch (...) {
    }
  }
  Open.Id = enterRegion(State, Region->id(), Start);
  push(*E.OpenMP, Open);
}

void onWork(ompt_work_t Type, ompt_scope_endpoint_t Endpoint, ompt_data_t *,
            ompt_data_t *, uint64_t, const void *Code) {
  Construct Kind = workConstruct(Type);
  if (Endpoint == ompt_scope_begin) {
    openConstruct(Kind, Code, OpenKind::Work, static_cast<uintptr_t>(Kind));
    return;
  }
  Ticks Now = Clock::now();
  Event E;
  if (E.begin())
    closeKind(E, OpenKind::Work, static_cast<uintptr_t>(Kind), true, Now);
}

bool isBarrier(ompt_sync_region_t Kind) {
  return Kind != ompt_sync_region_taskwait &&
         Kind != ompt_sync_region_taskgroup &&
         Kind != ompt_sync_region_reduction;
}

void onSyncRegion(ompt_sync_region_t Kind, ompt_scope_endpoint_t Endpoint,
                  ompt_data_t *, ompt_data_t *, const void *Code) {
  if (Endpoint == ompt_scope_begin && isBarrier(Kind)) {
    // A barrier is never nested in a worksharing construct: a construct
    // still open here lost its end event (libomp's GOMP_* entry points
    // report no end of a single), so it ends now.
    Ticks Now = Clock::now();
    Event E;
    if (E.begin() && !E.OpenMP->Open.empty() &&
        E.OpenMP->Open.back().Kind == OpenKind::Work) {
      size_t Level = E.OpenMP->Open.size() - 1;
      while (Level > 0 && E.OpenMP->Open[Level - 1].Kind == OpenKind::Work)
        --Level;
      closeFrom(*E.State, *E.OpenMP, Level, Now);
    }
  }
  if (Endpoint == ompt_scope_begin) {
    openConstruct(syncConstruct(Kind), Code, OpenKind::Sync,
                  static_cast<uintptr_t>(Kind));
    return;
  }
  Ticks Now = Clock::now();
  Event E;
  if (!E.begin())
    return;
  size_t Level =
      findOpen(*E.OpenMP, OpenKind::Sync, static_cast<uintptr_t>(Kind), true);
  if (Level == SIZE_MAX)
    return;
  // A worker's implicit barrier at the end of a parallel region ends late.
  Ticks End = Kind == ompt_sync_region_barrier_implicit_parallel
                  ? endTime(*E.OpenMP, Level, Now)
                  : Now;
  closeFrom(*E.State, *E.OpenMP, Level, End);
}

void onTaskCreate(ompt_data_t *, const ompt_frame_t *, ompt_data_t *NewTask,
                  int Flags, int, const void *Code) {
  if (!(Flags & ompt_task_explicit) || !NewTask)
    return;
  Event E;
  if (!E.begin())
    return;
  OpenMPRegion *Created = nullptr;
  OpenMPRegion *Task = nullptr;
  if (!E.region(Construct::TaskCreate, Code, Created) ||
      !E.region(Construct::Task, Code, Task))
    return;
  NewTask->ptr = Task;
  Ticks Now = Clock::now();
  if (uint32_t Id = enterRegion(*E.State, Created->id(), Now)) {
    exitAndTrace(E.State->Recorder, E.State->TraceOut, E.State->Trace.get(), Id,
                 Now);
  }
}

void onTaskSchedule(ompt_data_t *Prior, ompt_task_status_t Status,
                    ompt_data_t *Next) {
  Ticks Now = Clock::now();
  Event E;
  if (!E.begin())
    return;
  bool PriorEnded = Status == ompt_task_complete ||
                    Status == ompt_task_cancel || Status == ompt_task_detach ||
                    Status == ompt_task_late_fulfill;
  if (Prior && PriorEnded)
    closeKind(E, OpenKind::Task, reinterpret_cast<uintptr_t>(Prior), true, Now);
  if (!Next || !Next->ptr)
    return; // an implicit or initial task resumes
  uintptr_t Tag = reinterpret_cast<uintptr_t>(Next);
  if (findOpen(*E.OpenMP, OpenKind::Task, Tag, true) != SIZE_MAX)
    return; // a suspended task resumes
  auto *Region = static_cast<OpenMPRegion *>(Next->ptr);
  OpenConstruct Open;
  Open.Kind = OpenKind::Task;
  Open.Tag = Tag;
  Open.Id = enterRegion(*E.State, Region->id(), Now);
  push(*E.OpenMP, Open);
}

bool isCriticalKind(ompt_mutex_t Kind) {
  return Kind == ompt_mutex_critical || Kind == ompt_mutex_ordered;
}

void onMutexAcquire(ompt_mutex_t Kind, unsigned int, unsigned int,
                    ompt_wait_id_t WaitId, const void *Code) {
  if (isCriticalKind(Kind)) {
    bool Critical = Kind == ompt_mutex_critical;
    openConstruct(Critical ? Construct::Critical : Construct::Ordered, Code,
                  OpenKind::Mutex, static_cast<uintptr_t>(WaitId));
    openConstruct(Critical ? Construct::CriticalWait : Construct::OrderedWait,
                  nullptr, OpenKind::Wait, static_cast<uintptr_t>(WaitId));
  } else if (Kind == ompt_mutex_lock) {
    // Test locks report no acquired event when they fail; nest locks only
    // for their first acquisition: neither is recorded.
    openConstruct(Construct::LockWait, Code, OpenKind::Wait,
                  static_cast<uintptr_t>(WaitId));
  }
}

void onMutexAcquired(ompt_mutex_t Kind, ompt_wait_id_t WaitId, const void *) {
  if (!isCriticalKind(Kind) && Kind != ompt_mutex_lock)
    return;
  Ticks Now = Clock::now();
  Event E;
  if (E.begin())
    closeKind(E, OpenKind::Wait, static_cast<uintptr_t>(WaitId), true, Now);
}

void onMutexReleased(ompt_mutex_t Kind, ompt_wait_id_t WaitId, const void *) {
  if (!isCriticalKind(Kind))
    return;
  Ticks Now = Clock::now();
  Event E;
  if (E.begin())
    closeKind(E, OpenKind::Mutex, static_cast<uintptr_t>(WaitId), true, Now);
}

//===----------------------------------------------------------------------===//
// Tool start-up
//===----------------------------------------------------------------------===//

int initializeTool(ompt_function_lookup_t Lookup, int, ompt_data_t *) {
  auto SetCallback =
      reinterpret_cast<ompt_set_callback_t>(Lookup("ompt_set_callback"));
  if (!SetCallback) {
    printMessage(MessageKind::Warning,
                 "the OpenMP runtime offers no ompt_set_callback; OpenMP "
                 "constructs are not recorded");
    return 0;
  }
  // Code addresses in libomp (Lookup is one of its functions) or in
  // libsextant are not the program's call sites.
  runtimeModules().add(reinterpret_cast<const void *>(Lookup));
  runtimeModules().add(reinterpret_cast<const void *>(&initializeTool));
  GetTaskInfo =
      reinterpret_cast<ompt_get_task_info_t>(Lookup("ompt_get_task_info"));
  std::string Missing;
  auto Set = [&](ompt_callbacks_t Which, ompt_callback_t Callback,
                 const char *Name) {
    int Result = SetCallback(Which, Callback);
    if (Result == ompt_set_error || Result == ompt_set_never)
      Missing += std::string(Missing.empty() ? "" : ", ") + Name;
  };
#define SEXTANT_SET(Which, Function)                                           \
  Set(Which, reinterpret_cast<ompt_callback_t>(&Function), #Which)
  SEXTANT_SET(ompt_callback_thread_end, onThreadEnd);
  SEXTANT_SET(ompt_callback_parallel_begin, onParallelBegin);
  SEXTANT_SET(ompt_callback_parallel_end, onParallelEnd);
  SEXTANT_SET(ompt_callback_implicit_task, onImplicitTask);
  SEXTANT_SET(ompt_callback_work, onWork);
  SEXTANT_SET(ompt_callback_sync_region, onSyncRegion);
  if (ToolLevel == OpenMPLevel::Full) {
    SEXTANT_SET(ompt_callback_task_create, onTaskCreate);
    SEXTANT_SET(ompt_callback_task_schedule, onTaskSchedule);
    SEXTANT_SET(ompt_callback_mutex_acquire, onMutexAcquire);
    SEXTANT_SET(ompt_callback_mutex_acquired, onMutexAcquired);
    SEXTANT_SET(ompt_callback_mutex_released, onMutexReleased);
  }
#undef SEXTANT_SET
  if (!Missing.empty())
    printMessage(MessageKind::Warning,
                 "the OpenMP runtime does not dispatch " + Missing +
                     "; those OpenMP events are not recorded");
  // Workers' constructs still open when a thread is finished are closed
  // through the runtime's thread-finish hook.
  if (Runtime *Self = Runtime::existing())
    Self->setThreadFinishHook(&finishOpenMPThread);
  return 1; // non-zero: the tool is active
}

/// libomp's shutdown: nothing to do, the data is written by the runtime's
/// own finalization (a worker's constructs still open are closed there).
void finalizeTool(ompt_data_t *) {}

/// True when every library OMP_TOOL_LIBRARIES names is this one.
bool toolLibrariesAreSextant(const char *List, const void *Self) {
  std::string Names(List);
  size_t Start = 0;
  while (Start <= Names.size()) {
    size_t End = Names.find(':', Start);
    if (End == std::string::npos)
      End = Names.size();
    std::string Name = Names.substr(Start, End - Start);
    Start = End + 1;
    if (Name.empty())
      continue;
    void *Handle = ::dlopen(Name.c_str(), RTLD_LAZY | RTLD_NOLOAD);
    bool Ours = Handle && ::dlsym(Handle, "ompt_start_tool") == Self;
    if (Handle)
      ::dlclose(Handle);
    if (!Ours)
      return false;
  }
  return true;
}

} // namespace

void finishOpenMPThread(ThreadState &State, Ticks Now) noexcept {
  OpenMPThreadState *OpenMP = State.OpenMP;
  if (!OpenMP)
    return;
  // A worker waiting for the next region still has the implicit task of
  // the last one open (its end comes late, see the file comment): it ends
  // at the region's end. Constructs still running stay open for the
  // recorder's closeAll(), which counts them as open at the end.
  std::vector<OpenConstruct> &Open = OpenMP->Open;
  for (size_t Level = 0; Level < Open.size(); ++Level) {
    const OpenConstruct &Entry = Open[Level];
    if (Entry.Kind == OpenKind::ImplicitTask && Entry.Worker &&
        Entry.Parallel &&
        Entry.Parallel->EndTicks.load(std::memory_order_acquire) != 0) {
      closeFrom(State, *OpenMP, Level, endTime(*OpenMP, Level, Now));
      break;
    }
  }
  for (OpenConstruct &Entry : Open)
    if (Entry.Parallel)
      Entry.Parallel->release(); // adopted context: closeAll() releases it
  State.OpenMP = nullptr;
  delete OpenMP;
}

} // namespace runtime
} // namespace sextant

using namespace sextant::runtime;

const char sextant::runtime::OpenMPToolAnchor = 0;

extern "C" SEXTANT_EXPORT ompt_start_tool_result_t *
ompt_start_tool(unsigned int, const char *RuntimeVersion) {
  Runtime *Self = Runtime::instance();
  if (!Self || !Self->measuring())
    return nullptr;
  OpenMPLevel Level = Self->options().OpenMP;
  if (Level == OpenMPLevel::Off)
    return nullptr;
  static std::atomic<bool> Started{false};
  if (Started.exchange(true))
    return nullptr; // a second copy of the runtime asks again
  const char *Others = std::getenv("OMP_TOOL_LIBRARIES");
  if (Others && *Others &&
      !toolLibrariesAreSextant(
          Others, reinterpret_cast<const void *>(&ompt_start_tool))) {
    printMessage(MessageKind::Warning,
                 std::string("OMP_TOOL_LIBRARIES='") + Others +
                     "' names another OpenMP tool: Sextant leaves the OpenMP "
                     "events to it and records no OpenMP constructs (unset "
                     "OMP_TOOL_LIBRARIES, or set SEXTANT_OPENMP=off to "
                     "silence this)");
    return nullptr;
  }
  ToolLevel = Level;
  if (Self->options().Verbose >= 2)
    printMessage(MessageKind::Note,
                 std::string("recording OpenMP constructs through OMPT (") +
                     (RuntimeVersion ? RuntimeVersion : "unknown runtime") +
                     ")");
  static ompt_start_tool_result_t Result = {&initializeTool, &finalizeTool,
                                            ompt_data_none};
  return &Result;
}
