/* A minimal second OMPT tool for the OpenMP tests: it counts parallel
 * regions and prints the count when the OpenMP runtime shuts down. */
#include <omp-tools.h>
#include <stdio.h>

static int Regions;

static void onParallelBegin(ompt_data_t *Task, const ompt_frame_t *Frame,
                            ompt_data_t *Parallel, unsigned int Requested,
                            int Flags, const void *Code) {
  (void)Task, (void)Frame, (void)Parallel, (void)Requested, (void)Flags,
      (void)Code;
  __atomic_add_fetch(&Regions, 1, __ATOMIC_RELAXED);
}

static int initialize(ompt_function_lookup_t Lookup, int Device,
                      ompt_data_t *Data) {
  (void)Device, (void)Data;
  ompt_set_callback_t Set = (ompt_set_callback_t)Lookup("ompt_set_callback");
  Set(ompt_callback_parallel_begin, (ompt_callback_t)onParallelBegin);
  return 1;
}

static void finalize(ompt_data_t *Data) {
  (void)Data;
  fprintf(stderr, "other tool: %d parallel regions\n", Regions);
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int Version,
                                          const char *Runtime) {
  (void)Version, (void)Runtime;
  static ompt_start_tool_result_t Result = {initialize, finalize, {0}};
  return &Result;
}
