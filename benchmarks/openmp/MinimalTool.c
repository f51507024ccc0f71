/* benchmarks/openmp/MinimalTool.c - an OMPT tool that does nothing.
 *
 * The reference of benchmarks/openmp/count_callbacks.py: what libomp spends
 * because a tool is attached. Loaded through OMP_TOOL_LIBRARIES, it
 * registers the callbacks Sextant registers at SEXTANT_OPENMP=basic
 * (thread end, parallel begin and end, implicit task, work, sync region)
 * and each returns at once, so the difference to Sextant is what Sextant's
 * callbacks themselves cost.
 *
 * Build: clang-19 -O2 -shared -fPIC MinimalTool.c -o libminimaltool.so
 */
#include <omp-tools.h>
#include <stddef.h>

static void onThreadEnd(ompt_data_t *Thread) { (void)Thread; }

static void onParallelBegin(ompt_data_t *Task, const ompt_frame_t *Frame,
                            ompt_data_t *Parallel, unsigned int Size, int Flags,
                            const void *Code) {
  (void)Task, (void)Frame, (void)Parallel, (void)Size, (void)Flags, (void)Code;
}

static void onParallelEnd(ompt_data_t *Parallel, ompt_data_t *Task, int Flags,
                          const void *Code) {
  (void)Parallel, (void)Task, (void)Flags, (void)Code;
}

static void onImplicitTask(ompt_scope_endpoint_t Endpoint,
                           ompt_data_t *Parallel, ompt_data_t *Task,
                           unsigned int Size, unsigned int Index, int Flags) {
  (void)Endpoint, (void)Parallel, (void)Task, (void)Size, (void)Index,
      (void)Flags;
}

static void onWork(ompt_work_t Type, ompt_scope_endpoint_t Endpoint,
                   ompt_data_t *Parallel, ompt_data_t *Task, uint64_t Count,
                   const void *Code) {
  (void)Type, (void)Endpoint, (void)Parallel, (void)Task, (void)Count,
      (void)Code;
}

static void onSyncRegion(ompt_sync_region_t Kind,
                         ompt_scope_endpoint_t Endpoint, ompt_data_t *Parallel,
                         ompt_data_t *Task, const void *Code) {
  (void)Kind, (void)Endpoint, (void)Parallel, (void)Task, (void)Code;
}

static int initialize(ompt_function_lookup_t Lookup, int Device,
                      ompt_data_t *Data) {
  (void)Device, (void)Data;
  ompt_set_callback_t Set = (ompt_set_callback_t)Lookup("ompt_set_callback");
  if (!Set)
    return 0;
  Set(ompt_callback_thread_end, (ompt_callback_t)onThreadEnd);
  Set(ompt_callback_parallel_begin, (ompt_callback_t)onParallelBegin);
  Set(ompt_callback_parallel_end, (ompt_callback_t)onParallelEnd);
  Set(ompt_callback_implicit_task, (ompt_callback_t)onImplicitTask);
  Set(ompt_callback_work, (ompt_callback_t)onWork);
  Set(ompt_callback_sync_region, (ompt_callback_t)onSyncRegion);
  return 1;
}

static void finalize(ompt_data_t *Data) { (void)Data; }

ompt_start_tool_result_t *ompt_start_tool(unsigned int Version,
                                          const char *Runtime) {
  (void)Version, (void)Runtime;
  static ompt_start_tool_result_t Result = {
      &initialize, &finalize, {.value = 0}};
  return &Result;
}
