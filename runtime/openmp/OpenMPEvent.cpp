//===- runtime/openmp/OpenMPEvent.cpp - One OMPT callback as an event -----===//
//
// Part of Sextant. Opening and closing constructs in an event
// (OpenMPEvent.h); a site's first visit on a thread.
//
//===----------------------------------------------------------------------===//

#include "runtime/openmp/OpenMPEvent.h"

#include <new>

namespace sextant {
namespace runtime {
namespace openmp {

namespace {

/// libomp's ompt_get_task_info, set by initializeTool.
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

} // namespace

void setTaskInfoFunction(ompt_get_task_info_t Function) {
  GetTaskInfo = Function;
}

ThreadState *Event::beginBlocked() { return beginThreadEvent(); }

OpenMPThreadState *Event::attachOpenMP(ThreadState &State) {
  OpenMPThreadState *OpenMP = new (std::nothrow) OpenMPThreadState();
  State.OpenMP = OpenMP;
  return OpenMP;
}

bool Event::findRegion(Construct Kind, const void *Code, OpenMPRegion *&Region,
                       const void *&ProgramSite) {
  // A code address inside libomp (or libsextant) stands for whichever call
  // site reached it (see ProgramCallSite.h): the construct is named after
  // the program's call site on the stack within the current task, and the
  // address is not remembered for the next event. When the task's frames
  // show none, the program reached libomp through a tail call (the address
  // is the return into the procedure that invoked the task's code, the
  // same at every event): the construct has no location, and that is
  // remembered.
  ProgramSite = runtimeModules().programCallSite(Code, currentTaskExitFrame());
  try {
    Region = regions().find(Kind, ProgramSite);
  } catch (...) {
    return false; // out of memory: the construct is not recorded
  }
  return true;
}

SiteMemory::Site *Event::rememberRegion(OpenMPThreadState &OpenMP,
                                        Construct Kind, const void *Code,
                                        const void *ProgramSite,
                                        OpenMPRegion *Region) {
  if (!namedWithoutLocation(Kind) && ProgramSite != Code && ProgramSite)
    return nullptr;
  uint64_t Key = RegionTable::siteKey(Kind, Code);
  SiteCache::Entry &Entry = OpenMP.Sites.slot(Key);
  Entry.Key = Key;
  Entry.Region = Region;
  if (SiteMemory *Sites = OpenMP.Open.nextSites())
    return &Sites->remember(Key, Region);
  return nullptr;
}

void releaseKeptContextSlow(ThreadState &State, OpenMPThreadState &OpenMP) {
  OpenMP.ContextKept = false;
  // Nothing is above a kept context, and neither a trace nor metrics
  // follow the stack (endAdoption): nothing to close or record.
  State.Recorder.releaseContext(0);
}

void pushFailed(ParallelInfo *Parallel) {
  if (Parallel)
    Parallel->release();
}

const CallPathTree::Node *closeFrom(ThreadState &State,
                                    OpenMPThreadState &OpenMP, size_t Level,
                                    Ticks Now) {
  const CallPathTree::Node *Throttled = nullptr;
  while (OpenMP.Open.size() > Level)
    Throttled = closeTopEntry(State, OpenMP, Now); // the last one: Level's
  return Throttled;
}

} // namespace openmp
} // namespace runtime
} // namespace sextant
