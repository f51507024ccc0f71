//===- runtime/openmp/OpenMPCallbacks.cpp - The OMPT callbacks ------------===//
//
// Part of Sextant. The OMPT callbacks (OpenMPCallbacks.h): each opens or
// closes constructs on the calling thread's stack of open constructs
// (OpenConstructStack.h) in one event (OpenMPEvent.h).
//
// A parallel region's context (the encountering thread's call path) lives
// in a ParallelInfo referenced from parallel_data->ptr (ParallelInfo.h):
// the workers' implicit tasks find the region's path, level and whether it
// is counted only there, without a lookup.
//
// Throttling: when the encountering thread's exit of a parallel region
// brings its call path to the throttling threshold (ThrottlePolicy.h), the
// region switches to counting only (OpenMPRegion::CountingOnly): its own
// frame on the encountering thread is still recorded (exact visits and
// time), but no thread records anything inside it any more (implicit
// tasks, worksharing, barriers, tasks, nested regions); workers learn it
// from the ParallelInfo and skip the clock, the region lookup and the
// context. The region is listed as throttled in the output.
//
// Shared timestamps (SharedTimestamp.h): libomp 19 reports these events of
// a thread one right after the other, from its own code, with no code of
// the program in between: the second takes the first one's clock value.
//  - parallel_begin, then the primary thread's implicit_task begin
//    (__kmp_fork_call, __kmp_invoke_task_func; also a serialized region's);
//  - the end of the implicit barrier (barrier_implicit_parallel), then the
//    implicit task's end: on the primary thread in the join
//    (__kmp_internal_join, __kmp_join_call), on a worker when libomp wakes
//    it for the next region or its end (__kmp_fork_barrier);
//  - the primary thread's implicit task end, then parallel_end
//    (__kmp_join_call; __kmpc_end_serialized_parallel);
//  - a worker's implicit task end, then its next implicit task's begin
//    (__kmp_fork_barrier returns to __kmp_launch_thread, which invokes the
//    task).
// An implicit task's begin and the worksharing construct in it share
// nothing: the program's code runs between them.
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
//    call site on the stack (ProgramCallSite.h, OpenMPEvent.cpp);
//  - a construct the program reaches through a tail call (a barrier ending
//    a parallel region's body) comes with the return address into libomp's
//    procedure that invoked the body, and the stack holds no frame of the
//    program within the task: it is named without a location ("omp
//    barrier"), the same on every thread.
//
//===----------------------------------------------------------------------===//

#include "runtime/openmp/OpenMPCallbacks.h"

#include "runtime/core/RegionEvents.h"
#include "runtime/core/Runtime.h"
#include "runtime/openmp/OmptConstructKinds.h"
#include "runtime/openmp/OpenMPEvent.h"
#include "runtime/openmp/OpenMPTool.h"

#include <unistd.h>

namespace sextant {
namespace runtime {
namespace openmp {

namespace {

/// Switches Region (id Id), whose call path Node has just reached the
/// throttling threshold at Now, to counting only, after the event of
/// State's thread, which it ends.
__attribute__((noinline, cold)) void
countOnly(ThreadState &State, OpenMPRegion &Region, uint32_t Id,
          const CallPathTree::Node &Node, Ticks Now) {
  uint64_t Visits = Node.Visits;
  Ticks InclusiveTicks = Node.InclusiveTicks;
  Region.CountingOnly.store(true, std::memory_order_relaxed);
  endEvent(State);
  RuntimeCallScope Scope;
  if (Runtime *Self = Runtime::existing())
    Self->noteThrottledRegion(Id, Visits, InclusiveTicks, Now);
}

/// Gives a worker thread its OpenMP name at its first implicit task.
void nameWorker(ThreadState &State, unsigned Index, const ParallelInfo *Info) {
  State.OpenMP->Named = true;
  if (State.Tid == static_cast<uint64_t>(::getpid()))
    return;
  try {
    State.Name = openMPThreadName(Index, Info ? Info->Level : 1);
  } catch (...) {
  }
}

bool isBarrier(ompt_sync_region_t Kind) {
  return Kind != ompt_sync_region_taskwait &&
         Kind != ompt_sync_region_taskgroup &&
         Kind != ompt_sync_region_reduction;
}

bool isCriticalKind(ompt_mutex_t Kind) {
  return Kind == ompt_mutex_critical || Kind == ompt_mutex_ordered;
}

} // namespace

void onThreadEnd(ompt_data_t *) {
  Event E;
  if (E.begin() && !E.OpenMP->Open.empty())
    closeOpen(E, 0, /*MayEndLate=*/true);
}

void onParallelBegin(ompt_data_t *, const ompt_frame_t *,
                     ompt_data_t *ParallelData, unsigned int, int,
                     const void *Code) {
  Event E;
  if (!E.begin())
    return;
  OpenMPRegion *Region = nullptr;
  SiteMemory::Site *Site = nullptr;
  bool Slow = false;
  if (!E.region(Construct::Parallel, Code, Region, Site, Slow))
    return;
  ThreadState &State = *E.State;
  OpenMPThreadState &OpenMP = *E.OpenMP;
  releaseKeptContext(State, OpenMP); // the path is the thread's own
  bool Inside = OpenMP.CountingOnlyTasks != 0;
  bool CountingOnly = Inside || Region->countingOnly();
  uint32_t Id = Inside ? 0 : Region->id();
  size_t Depth = CountingOnly ? 0 : State.Recorder.depth();
  uint32_t PathDepth = static_cast<uint32_t>(Depth + (Id != 0));
  ParallelInfo *Info = OpenMP.Parallels.acquire(PathDepth);
  if (Info) {
    Info->Region = Region;
    Info->CountingOnly = CountingOnly;
    if (!CountingOnly) {
      for (size_t Level = 0; Level < Depth; ++Level)
        Info->path()[Level] = State.Recorder.regionAt(Level);
      if (Id != 0)
        Info->path()[Depth] = Id;
      Info->Depth = PathDepth;
    }
    size_t Task = OpenMP.Open.find(OpenKind::ImplicitTask, 0, false);
    if (Task != SIZE_MAX && OpenMP.Open[Task].Parallel)
      Info->Level = OpenMP.Open[Task].Parallel->Level + 1;
  }
  if (ParallelData)
    ParallelData->ptr = Info;
  OpenConstruct Open;
  Open.Kind = OpenKind::Parallel;
  Open.Tag = reinterpret_cast<uintptr_t>(Info);
  Open.Parallel = Info;
  Ticks Now = Clock::now();
  Open.Id = enterCountedRegion(State, Id, Now, Site); // Id 0 when Inside
  pushOpen(OpenMP, Open);
  OpenMP.Shared.leave(Now, ImpliedEvent::PrimaryTaskBegin, Info);
}

void onParallelEnd(ompt_data_t *ParallelData, ompt_data_t *, int,
                   const void *) {
  Event E;
  if (!E.begin())
    return;
  // libomp passes a different parallel_data at the begin (a copy on the
  // stack) than at the end (the team's); its ptr is the same.
  uintptr_t Tag =
      ParallelData ? reinterpret_cast<uintptr_t>(ParallelData->ptr) : 0;
  size_t Level = E.OpenMP->Open.find(OpenKind::Parallel, Tag, Tag != 0);
  if (Level == SIZE_MAX)
    return;
  ParallelInfo *Info = E.OpenMP->Open[Level].Parallel;
  uint32_t Id = E.OpenMP->Open[Level].Id;
  OpenMPRegion *Region = Info ? Info->Region : nullptr;
  Ticks Now = E.OpenMP->Shared.takeOrNow(ImpliedEvent::ParallelEnd, Info);
  if (Info)
    Info->EndTicks.store(Now, std::memory_order_release);
  if (ParallelData)
    ParallelData->ptr = nullptr;
  // Info may be reused or freed once its reference is dropped.
  const CallPathTree::Node *Throttled =
      __builtin_expect(Level + 1 == E.OpenMP->Open.size(), 1)
          ? closeTopEntry(*E.State, *E.OpenMP, Now)
          : closeFrom(*E.State, *E.OpenMP, Level, Now);
  if (__builtin_expect(Throttled != nullptr, 0) && Region) {
    ThreadState &State = *E.State;
    E.State = nullptr; // countOnly() ends the event
    countOnly(State, *Region, Id, *Throttled, Now);
  }
}

void onImplicitTask(ompt_scope_endpoint_t Endpoint, ompt_data_t *ParallelData,
                    ompt_data_t *, unsigned int, unsigned int Index,
                    int Flags) {
  if (Flags & ompt_task_initial)
    return; // the initial task of a thread (before main, or at its start)
  Event E;
  if (!E.begin())
    return;
  if (Endpoint == ompt_scope_end) {
    // parallel_data is NULL here in libomp 19: the stack knows the task.
    OpenMPThreadState &OpenMP = *E.OpenMP;
    size_t Level = OpenMP.Open.find(OpenKind::ImplicitTask, 0, false);
    if (Level == SIZE_MAX)
      return;
    ParallelInfo *Info = OpenMP.Open[Level].Parallel;
    bool Worker = OpenMP.Open[Level].Worker;
    Ticks Now =
        closeOpen(E, Level, /*MayEndLate=*/true,
                  OpenMP.Shared.take(ImpliedEvent::ImplicitTaskEnd, Info));
    if (Worker)
      OpenMP.Shared.leave(Now, ImpliedEvent::WorkerTaskBegin, nullptr);
    else
      OpenMP.Shared.leave(Now, ImpliedEvent::ParallelEnd, Info);
    return;
  }
  // The encountering thread holds its reference until its parallel_end,
  // which comes after this begin.
  ParallelInfo *Info =
      ParallelData ? static_cast<ParallelInfo *>(ParallelData->ptr) : nullptr;
  OpenConstruct Open;
  Open.Kind = OpenKind::ImplicitTask;
  Open.Worker = Index != 0;
  Open.CountingOnly = Info && Info->CountingOnly;
  Ticks Start = 0;
  uint32_t Id = 0;
  SiteMemory::Site *Site = nullptr;
  if (!Open.CountingOnly) {
    OpenMPRegion *Region = nullptr;
    bool Slow = false;
    if (!E.region(Construct::ImplicitTask, nullptr, Region, Site, Slow))
      return;
    Id = Region->id();
    Start =
        Open.Worker
            ? E.OpenMP->Shared.takeOrNow(ImpliedEvent::WorkerTaskBegin, nullptr)
            : E.OpenMP->Shared.takeOrNow(ImpliedEvent::PrimaryTaskBegin, Info);
  }
  // A context kept by the worker's last implicit task is taken over or
  // released here. (With one kept, region() above cannot have returned
  // early: the implicit task's region is known since that task.)
  ThreadState &State = *E.State;
  bool Adopts = Open.Worker && !Open.CountingOnly && Info && Info->Depth != 0;
  if (E.OpenMP->ContextKept) {
    // The context this worker's last implicit task kept (endAdoption).
    if (Adopts && State.Recorder.holdsContext(Info->path(), Info->Depth)) {
      E.OpenMP->ContextKept = false;
      Open.Adopted = true;
      Adopts = false;
    } else {
      releaseKeptContext(State, *E.OpenMP);
    }
  }
  if (Info) {
    Info->References.fetch_add(1, std::memory_order_relaxed);
    Open.Parallel = Info;
    if (Adopts && State.Recorder.depth() == 0) {
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
  if (Open.Worker && !E.OpenMP->Named)
    nameWorker(State, Index, Info);
  Open.Id = enterRegion(State, Id, Start, Site);
  pushOpen(*E.OpenMP, Open);
}

void onWork(ompt_work_t Type, ompt_scope_endpoint_t Endpoint, ompt_data_t *,
            ompt_data_t *, uint64_t, const void *Code) {
  Construct Kind = workConstruct(Type);
  if (Endpoint == ompt_scope_begin) {
    openConstruct(Kind, Code, OpenKind::Work, static_cast<uintptr_t>(Kind));
    return;
  }
  Event E;
  if (E.begin())
    closeKind(E, OpenKind::Work, static_cast<uintptr_t>(Kind), true);
}

void onSyncRegion(ompt_sync_region_t Kind, ompt_scope_endpoint_t Endpoint,
                  ompt_data_t *, ompt_data_t *, const void *Code) {
  Event E;
  if (!E.begin())
    return;
  OpenConstructStack &Open = E.OpenMP->Open;
  if (Endpoint == ompt_scope_begin) {
    // A barrier is never nested in a worksharing construct: a construct
    // still open here lost its end event (libomp's GOMP_* entry points
    // report no end of a single), so it ends now, when the barrier begins.
    Ticks Now = 0;
    if (isBarrier(Kind) && !Open.empty() &&
        Open.back().Kind == OpenKind::Work) {
      size_t Level = Open.size() - 1;
      while (Level > 0 && Open[Level - 1].Kind == OpenKind::Work)
        --Level;
      if (recordedFrom(*E.OpenMP, Level))
        Now = Clock::now();
      closeFrom(*E.State, *E.OpenMP, Level, Now);
    }
    openIn(E, syncConstruct(Kind), Code, OpenKind::Sync,
           static_cast<uintptr_t>(Kind), Now);
    return;
  }
  size_t Level = Open.find(OpenKind::Sync, static_cast<uintptr_t>(Kind), true);
  if (Level == SIZE_MAX)
    return;
  if (Kind != ompt_sync_region_barrier_implicit_parallel) {
    closeOpen(E, Level, false);
    return;
  }
  // A worker's implicit barrier at the end of a parallel region ends late;
  // the end of its implicit task follows.
  Ticks Now = closeOpen(E, Level, /*MayEndLate=*/true);
  E.OpenMP->Shared.leave(Now, ImpliedEvent::ImplicitTaskEnd,
                         Open.empty() ? nullptr : Open.back().Parallel);
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
  SiteMemory::Site *Site = nullptr;
  SiteMemory::Site *TaskSite = nullptr; // the task runs at another depth
  bool Slow = false;
  if (!E.region(Construct::TaskCreate, Code, Created, Site, Slow) ||
      !E.region(Construct::Task, Code, Task, TaskSite, Slow))
    return;
  NewTask->ptr = Task;
  Ticks Now = Clock::now();
  if (uint32_t Id = enterRegion(*E.State, Created->id(), Now, Site)) {
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
  OpenConstructStack &Open = E.OpenMP->Open;
  bool PriorEnded = Status == ompt_task_complete ||
                    Status == ompt_task_cancel || Status == ompt_task_detach ||
                    Status == ompt_task_late_fulfill;
  if (Prior && PriorEnded) {
    size_t Level =
        Open.find(OpenKind::Task, reinterpret_cast<uintptr_t>(Prior), true);
    if (Level != SIZE_MAX)
      closeFrom(*E.State, *E.OpenMP, Level, Now);
  }
  if (!Next || !Next->ptr)
    return; // an implicit or initial task resumes
  uintptr_t Tag = reinterpret_cast<uintptr_t>(Next);
  if (Open.find(OpenKind::Task, Tag, true) != SIZE_MAX)
    return; // a suspended task resumes
  auto *Region = static_cast<OpenMPRegion *>(Next->ptr);
  // A task's site is known here by its region only: the key is made of
  // that.
  SiteMemory::Site *Site = nullptr;
  if (SiteMemory *Sites = Open.nextSites()) {
    uint64_t Key = RegionTable::siteKey(Construct::Task, Region);
    Site = Sites->find(Key);
    if (!Site)
      Site = &Sites->remember(Key, Region);
  }
  OpenConstruct Entry;
  Entry.Kind = OpenKind::Task;
  Entry.Tag = Tag;
  Entry.Id = enterRegion(*E.State, Region->id(), Now, Site);
  pushOpen(*E.OpenMP, Entry);
}

void onMutexAcquire(ompt_mutex_t Kind, unsigned int, unsigned int,
                    ompt_wait_id_t WaitId, const void *Code) {
  if (isCriticalKind(Kind)) {
    bool Critical = Kind == ompt_mutex_critical;
    Event E;
    if (!E.begin())
      return;
    // The wait begins with the construct: one time for both.
    Ticks Now =
        openIn(E, Critical ? Construct::Critical : Construct::Ordered, Code,
               OpenKind::Mutex, static_cast<uintptr_t>(WaitId), 0);
    openIn(E, Critical ? Construct::CriticalWait : Construct::OrderedWait,
           nullptr, OpenKind::Wait, static_cast<uintptr_t>(WaitId), Now);
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
  Event E;
  if (E.begin())
    closeKind(E, OpenKind::Wait, static_cast<uintptr_t>(WaitId), true);
}

void onMutexReleased(ompt_mutex_t Kind, ompt_wait_id_t WaitId, const void *) {
  if (!isCriticalKind(Kind))
    return;
  Event E;
  if (E.begin())
    closeKind(E, OpenKind::Mutex, static_cast<uintptr_t>(WaitId), true);
}

} // namespace openmp

void finishOpenMPThread(ThreadState &State, Ticks Now) noexcept {
  OpenMPThreadState *OpenMP = State.OpenMP;
  if (!OpenMP)
    return;
  // A worker waiting for the next region still has the implicit task of
  // the last one open (its end comes late, see the file comment): it ends
  // at the region's end. Constructs still running stay open for the
  // recorder's closeAll(), which counts them as open at the end.
  openmp::OpenConstructStack &Open = OpenMP->Open;
  for (size_t Level = 0; Level < Open.size(); ++Level) {
    const openmp::OpenConstruct &Entry = Open[Level];
    if (Entry.Kind == openmp::OpenKind::ImplicitTask && Entry.Worker &&
        Entry.Parallel &&
        Entry.Parallel->EndTicks.load(std::memory_order_acquire) != 0) {
      openmp::closeFrom(State, *OpenMP, Level,
                        openmp::endTime(*OpenMP, Level, Now));
      break;
    }
  }
  for (size_t Level = 0; Level < Open.size(); ++Level)
    if (Open[Level].Parallel)
      Open[Level].Parallel->release(); // adopted context: closeAll() releases
  State.OpenMP = nullptr;
  delete OpenMP;
}

} // namespace runtime
} // namespace sextant
