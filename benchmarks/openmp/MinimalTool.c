/* benchmarks/openmp/MinimalTool.c - an OMPT tool that does (almost) nothing.
 *
 * The reference of benchmarks/openmp/count_callbacks.py and
 * benchmarks/openmp_overhead.py: what libomp spends because a tool is
 * attached. Loaded through OMP_TOOL_LIBRARIES, it registers the callbacks
 * Sextant registers at SEXTANT_OPENMP=basic (thread end, parallel begin
 * and end, implicit task, work, sync region) and each returns at once, so
 * the difference to Sextant is what Sextant's callbacks themselves cost.
 *
 * Environment:
 *   MINIMAL_TOOL_CLOCK_READS=N  each callback reads the clock N times
 *       (RDTSC on x86-64, else CLOCK_MONOTONIC) and keeps the last value
 *       in a thread-local variable: N=1 is the cheapest tool that
 *       timestamps its events, the floor of issue 17's per-callback budget
 *       (one clock read + 5 ns). Default 0.
 *   MINIMAL_TOOL_RECORD=1  registers other callbacks instead, which each
 *       read the clock once and append the event (its time, the callback's
 *       kind and endpoint and its code address or data word: 16 bytes) to
 *       a per-thread buffer of 4096 events that wraps around. That is all
 *       a callback of a tool that defers every other step (the call tree,
 *       the stack of open constructs) to a later pass must do, without the
 *       pass: the floor of such a design. MINIMAL_TOOL_CLOCK_READS and
 *       MINIMAL_TOOL_COUNT_FILE do not apply to them. Default 0.
 *   MINIMAL_TOOL_COUNT_FILE=PATH  at the tool's finalization, writes
 *       "callbacks N" (the calls of its callbacks on all threads) to PATH.
 *
 * Build: clang-19 -O2 -shared -fPIC MinimalTool.c -o libminimaltool.so
 */
#include <omp-tools.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Per-thread call counts, each on its own cache line. */
enum { MaxThreads = 256 };
static struct {
  unsigned long Calls;
  char Padding[64 - sizeof(unsigned long)];
} Counts[MaxThreads];
static atomic_int NextSlot;
static _Thread_local int Slot = -1;
static _Thread_local uint64_t LastTime;
static int ClockReads;
static int Counting;
static const char *CountFile;

/* MINIMAL_TOOL_RECORD: one recorded event, the time and a word that packs
 * an address (upper 56 bits) with the callback's kind and endpoint (low 8
 * bits). The buffer is thread-local with the initial-exec model, as a
 * tool linked into the program would have it, not through __tls_get_addr. */
typedef struct {
  uint64_t Time;
  uint64_t Word;
} Event;
enum { BufferEvents = 4096 };
static _Thread_local Event *Buffer __attribute__((tls_model("initial-exec")));
static _Thread_local unsigned NextEvent
    __attribute__((tls_model("initial-exec")));
enum EventKind {
  ThreadEndEvent = 1,
  ParallelBeginEvent,
  ParallelEndEvent,
  ImplicitTaskEvent,
  WorkEvent,
  SyncRegionEvent
};

static uint64_t readClock(void) {
#if defined(__x86_64__)
  return __builtin_ia32_rdtsc();
#else
  struct timespec Now;
  clock_gettime(CLOCK_MONOTONIC, &Now);
  return (uint64_t)Now.tv_sec * 1000000000u + (uint64_t)Now.tv_nsec;
#endif
}

/* What every callback does: nothing, unless asked. */
static inline void onEvent(void) {
  for (int Read = 0; Read < ClockReads; ++Read)
    LastTime = readClock();
  if (Counting) {
    if (Slot < 0)
      Slot = atomic_fetch_add(&NextSlot, 1);
    if (Slot < MaxThreads)
      ++Counts[Slot].Calls;
  }
}

/* The first event of a thread allocates its buffer; without one, the thread
 * records nothing. */
__attribute__((noinline, cold)) static int allocateBuffer(void) {
  Buffer = (Event *)calloc(BufferEvents, sizeof(Event));
  return Buffer != NULL;
}

static inline void recordEvent(unsigned Kind, unsigned Endpoint,
                               const void *Address) {
  if (__builtin_expect(!Buffer, 0) && !allocateBuffer())
    return;
  Event *Slot = &Buffer[NextEvent++ % BufferEvents];
  Slot->Time = readClock();
  Slot->Word = (uint64_t)(uintptr_t)Address << 8 | Kind << 2 | Endpoint;
}

static void recordThreadEnd(ompt_data_t *Thread) {
  recordEvent(ThreadEndEvent, 0, Thread);
}

static void recordParallelBegin(ompt_data_t *Task, const ompt_frame_t *Frame,
                                ompt_data_t *Parallel, unsigned int Size,
                                int Flags, const void *Code) {
  (void)Task, (void)Frame, (void)Parallel, (void)Size, (void)Flags;
  recordEvent(ParallelBeginEvent, 0, Code);
}

static void recordParallelEnd(ompt_data_t *Parallel, ompt_data_t *Task,
                              int Flags, const void *Code) {
  (void)Parallel, (void)Task, (void)Flags;
  recordEvent(ParallelEndEvent, 0, Code);
}

static void recordImplicitTask(ompt_scope_endpoint_t Endpoint,
                               ompt_data_t *Parallel, ompt_data_t *Task,
                               unsigned int Size, unsigned int Index,
                               int Flags) {
  (void)Parallel, (void)Size, (void)Index, (void)Flags;
  recordEvent(ImplicitTaskEvent, Endpoint, Task);
}

static void recordWork(ompt_work_t Type, ompt_scope_endpoint_t Endpoint,
                       ompt_data_t *Parallel, ompt_data_t *Task, uint64_t Count,
                       const void *Code) {
  (void)Type, (void)Parallel, (void)Task, (void)Count;
  recordEvent(WorkEvent, Endpoint, Code);
}

static void recordSyncRegion(ompt_sync_region_t Kind,
                             ompt_scope_endpoint_t Endpoint,
                             ompt_data_t *Parallel, ompt_data_t *Task,
                             const void *Code) {
  (void)Kind, (void)Parallel, (void)Task;
  recordEvent(SyncRegionEvent, Endpoint, Code);
}

static void onThreadEnd(ompt_data_t *Thread) {
  (void)Thread;
  onEvent();
}

static void onParallelBegin(ompt_data_t *Task, const ompt_frame_t *Frame,
                            ompt_data_t *Parallel, unsigned int Size, int Flags,
                            const void *Code) {
  (void)Task, (void)Frame, (void)Parallel, (void)Size, (void)Flags, (void)Code;
  onEvent();
}

static void onParallelEnd(ompt_data_t *Parallel, ompt_data_t *Task, int Flags,
                          const void *Code) {
  (void)Parallel, (void)Task, (void)Flags, (void)Code;
  onEvent();
}

static void onImplicitTask(ompt_scope_endpoint_t Endpoint,
                           ompt_data_t *Parallel, ompt_data_t *Task,
                           unsigned int Size, unsigned int Index, int Flags) {
  (void)Endpoint, (void)Parallel, (void)Task, (void)Size, (void)Index,
      (void)Flags;
  onEvent();
}

static void onWork(ompt_work_t Type, ompt_scope_endpoint_t Endpoint,
                   ompt_data_t *Parallel, ompt_data_t *Task, uint64_t Count,
                   const void *Code) {
  (void)Type, (void)Endpoint, (void)Parallel, (void)Task, (void)Count,
      (void)Code;
  onEvent();
}

static void onSyncRegion(ompt_sync_region_t Kind,
                         ompt_scope_endpoint_t Endpoint, ompt_data_t *Parallel,
                         ompt_data_t *Task, const void *Code) {
  (void)Kind, (void)Endpoint, (void)Parallel, (void)Task, (void)Code;
  onEvent();
}

static int initialize(ompt_function_lookup_t Lookup, int Device,
                      ompt_data_t *Data) {
  (void)Device, (void)Data;
  const char *Reads = getenv("MINIMAL_TOOL_CLOCK_READS");
  ClockReads = Reads ? atoi(Reads) : 0;
  if (ClockReads < 0)
    ClockReads = 0;
  CountFile = getenv("MINIMAL_TOOL_COUNT_FILE");
  Counting = CountFile && *CountFile;
  ompt_set_callback_t Set = (ompt_set_callback_t)Lookup("ompt_set_callback");
  if (!Set)
    return 0;
  /* Each event with its do-nothing and its recording callback. */
  static const struct {
    ompt_callbacks_t Event;
    ompt_callback_t Plain;
    ompt_callback_t Recording;
  } Callbacks[] = {
      {ompt_callback_thread_end, (ompt_callback_t)onThreadEnd,
       (ompt_callback_t)recordThreadEnd},
      {ompt_callback_parallel_begin, (ompt_callback_t)onParallelBegin,
       (ompt_callback_t)recordParallelBegin},
      {ompt_callback_parallel_end, (ompt_callback_t)onParallelEnd,
       (ompt_callback_t)recordParallelEnd},
      {ompt_callback_implicit_task, (ompt_callback_t)onImplicitTask,
       (ompt_callback_t)recordImplicitTask},
      {ompt_callback_work, (ompt_callback_t)onWork,
       (ompt_callback_t)recordWork},
      {ompt_callback_sync_region, (ompt_callback_t)onSyncRegion,
       (ompt_callback_t)recordSyncRegion},
  };
  const char *Record = getenv("MINIMAL_TOOL_RECORD");
  int Recording = Record && atoi(Record) > 0;
  if (Recording)
    Counting = 0;
  for (size_t I = 0; I < sizeof Callbacks / sizeof Callbacks[0]; ++I)
    Set(Callbacks[I].Event,
        Recording ? Callbacks[I].Recording : Callbacks[I].Plain);
  return 1;
}

static void finalize(ompt_data_t *Data) {
  (void)Data;
  if (!Counting)
    return;
  unsigned long Total = 0;
  int Slots = atomic_load(&NextSlot);
  for (int I = 0; I < Slots && I < MaxThreads; ++I)
    Total += Counts[I].Calls;
  FILE *Out = fopen(CountFile, "w");
  if (!Out) {
    perror(CountFile);
    return;
  }
  fprintf(Out, "callbacks %lu\n", Total);
  fclose(Out);
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int Version,
                                          const char *Runtime) {
  (void)Version, (void)Runtime;
  static ompt_start_tool_result_t Result = {
      &initialize, &finalize, {.value = 0}};
  return &Result;
}
