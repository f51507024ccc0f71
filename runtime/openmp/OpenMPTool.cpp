//===- runtime/openmp/OpenMPTool.cpp - The OMPT tool's start-up -----------===//
//
// Part of Sextant. ompt_start_tool, which libomp calls at its start-up, and
// the tool's initializer: registers the callbacks the chosen
// SEXTANT_OPENMP level needs (OpenMPCallbacks.h) and the hook that closes
// a thread's open constructs when it is finished. See OpenMPTool.h for
// what is recorded; the event path is in OpenMPEvent.h and
// OpenMPCallbacks.cpp.
//
//===----------------------------------------------------------------------===//

#include "runtime/openmp/OpenMPTool.h"
#include "common/Compiler.h"

#include "runtime/core/Runtime.h"
#include "runtime/io/Diagnostics.h"
#include "runtime/openmp/OpenMPCallbacks.h"
#include "runtime/openmp/OpenMPEvent.h"
#include "runtime/openmp/OpenMPRegionTable.h"

#include <omp-tools.h>

#include <atomic>
#include <cstdlib>
#include <dlfcn.h>
#include <string>

namespace sextant {
namespace runtime {
namespace openmp {

namespace {

/// The level ompt_start_tool accepted; read by initializeTool.
OpenMPLevel ToolLevel = OpenMPLevel::Off;

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
  setTaskInfoFunction(
      reinterpret_cast<ompt_get_task_info_t>(Lookup("ompt_get_task_info")));
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
} // namespace openmp
} // namespace runtime
} // namespace sextant

using namespace sextant::runtime;
using namespace sextant::runtime::openmp;

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
