/*===- sextant/adapter_abi.h - Runtime interface of adapters ----*- C -*-===*\
 *
 * The functions libsextant exports for its adapter libraries (today
 * libsextant-mpi, the PMPI adapter). Programs do not call them. An adapter
 * records its regions through instrumentation_abi.h like instrumented code
 * (with descriptor flag SEXTANT_REGION_MPI) and uses these functions to
 * place the process in a parallel job and to add files to its output.
 *
 * Layout of a job's output: one experiment directory (the "base") holding
 * one directory per rank, rank-<r>/, each a complete experiment of its own.
 * Once __sextant_adapter_set_rank() was called, the runtime writes into
 * <base>/rank-<r> instead of <base>.
 *
 * Every function may be called from any thread at any time; those that
 * change where the output goes have no effect after the measurement was
 * written. Changing this header needs no ABI version bump of
 * instrumentation_abi.h (instrumented code does not use it).
\*===----------------------------------------------------------------------===*/

#ifndef SEXTANT_ADAPTER_ABI_H
#define SEXTANT_ADAPTER_ABI_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Makes the process rank Rank of Size: the output goes to
 *  <base>/rank-<Rank> and experiment.json records both. Returns 0 when the
 *  measurement was already written or the values are invalid, else 1. */
int __sextant_adapter_set_rank(int rank, int size);

/** Replaces the base experiment directory (an absolute path, e.g. the one
 *  rank 0 chose, broadcast at MPI_Init). Returns 1 when accepted. */
int __sextant_adapter_set_base_directory(const char *path);

/** Claims the base experiment directory for the job of this process (rank
 *  0 calls it at MPI_Init, before it broadcasts the directory): when
 *  another run, live or finished, has claimed it, the base becomes a new
 *  sub-directory <base>/<program>-<pid>/ of this job's own, so that the
 *  rank directories of two jobs never mix. Returns 1 when the base is
 *  claimed (perhaps moved), 0 when it could not be (the rank's writes
 *  report why). */
int __sextant_adapter_claim_base_directory(void);

/** Copies the base experiment directory (NUL-terminated) into Buffer of
 *  Size bytes; returns its length (without the NUL), which is >= Size when
 *  it did not fit. 0 when there is no runtime. */
size_t __sextant_adapter_base_directory(char *buffer, size_t size);

/** Announces that this process will be placed in a job later (the MPI
 *  adapter calls it at load time, before MPI_Init sets or claims the job's
 *  base directory): periodic snapshots (SEXTANT_SNAPSHOT) are not written
 *  until the base directory is final, so that none is left in a directory
 *  the process then leaves. */
void __sextant_adapter_expect_job(void);

/** Registers an extra file of the rank's experiment directory: when the
 *  measurement is written, Render(Context) returns the file's contents as a
 *  malloc'ed NUL-terminated string (or NULL: no file), which the runtime
 *  writes as Name and frees. Render may be called from a fatal-signal
 *  handler. Returns 1 when registered. */
int __sextant_adapter_add_output(const char *name,
                                 char *(*render)(void *context),
                                 void *context);

/** Called after the measurement was written in a fatal-signal handler (or
 *  by sextant_adapter_finalize on behalf of MPI_Abort) with the signal
 *  number; lets an adapter ask the other ranks to write theirs. */
void __sextant_adapter_set_fatal_hook(void (*hook)(int signal));

/** Writes the measurement now (as at process end); later events are not
 *  recorded. Returns 1 when this call wrote it, 0 when it was written
 *  already or could not be. */
int __sextant_adapter_finalize(void);

/** 1 when the runtime measures (SEXTANT_ENABLE is not 0). */
int __sextant_adapter_measuring(void);

/** The runtime's clock now, in the ticks of its traces (trace files give
 *  the origin and the ticks per second). For the clock synchronisation of
 *  a job's ranks. */
unsigned long long __sextant_adapter_clock_ticks(void);

/** The source of those ticks, chosen at start-up: 1 for the invariant TSC,
 *  0 for CLOCK_MONOTONIC. Processes of one kernel with the same source read
 *  the same clock. */
int __sextant_adapter_clock_source(void);

/** Ticks per second of that clock as known now (for the TSC: calibrated
 *  from start-up until now; 1e9 for CLOCK_MONOTONIC). */
double __sextant_adapter_clock_ticks_per_second(void);

/** 1 when the runtime traces (SEXTANT_TRACE=1 and measuring). */
int __sextant_adapter_tracing(void);

/** Appends a record of Type (format/schema/TraceFormat.h,
 *  trace::RecordType) with Count fields (at most 8) to the calling thread's
 *  trace, timestamped now. Returns 1 when recorded, 0 when the thread is not
 *  traced. */
int __sextant_adapter_trace_record(unsigned type,
                                   const unsigned long long *fields,
                                   unsigned count);

/** Prints Text (one line, without the prefix and the newline) as a
 *  "sextant: warning: " line where the runtime prints its own messages: the
 *  standard error the program started with, never raising SIGPIPE, with
 *  control bytes shown as \xNN. */
void __sextant_adapter_warn(const char *text);

/** Prints Text as a "sextant: " line, as __sextant_adapter_warn() does,
 *  when the runtime prints its own final line (SEXTANT_VERBOSE at least 1):
 *  where a job's output went. */
void __sextant_adapter_note(const char *text);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SEXTANT_ADAPTER_ABI_H */
