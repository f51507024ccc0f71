/*===- sextant/wrapper_abi.h - Runtime interface of library wrappers -*- C -*-===*\
 *
 * The functions libsextant exports for the library wrappers that
 * `sextant wrap` generates from a library's headers (docs/wrapping.md).
 * Programs do not call them.
 *
 * A wrapper measures each wrapped function as a region, through
 * instrumentation_abi.h exactly like instrumented code, with descriptor flag
 * SEXTANT_REGION_LIBRARY. What its annotation file says about a function's
 * semantics (bytes moved, the peer, collective) goes through the functions
 * below: the runtime keeps, per wrapped library, each function's calls and
 * bytes and the traffic to and from each peer, and writes them into the
 * experiment as library-<name>.json (docs/output-formats.md). A library
 * whose processes form a job (OpenSHMEM's PEs) places the process in the
 * job through __sextant_wrapped_set_rank.
 *
 * Every function may be called from any thread at any time, also before the
 * runtime started and after the measurement was written (then it does
 * nothing). None of them calls back into a wrapped library.
\*===----------------------------------------------------------------------===*/

#ifndef SEXTANT_WRAPPER_ABI_H
#define SEXTANT_WRAPPER_ABI_H

#ifdef __cplusplus
extern "C" {
#endif

/** Version of this interface; a wrapper passes it at registration, and the
 *  runtime refuses (with a warning naming the library) a version it does
 *  not know. */
#define SEXTANT_WRAPPER_ABI_VERSION 1

/** What a transfer does, from the calling process's point of view. */
enum sextant_transfer_kind {
  /** Data sent to the peer (a put, a send). */
  SEXTANT_TRANSFER_PUT = 0,
  /** Data received from the peer (a get, a receive). */
  SEXTANT_TRANSFER_GET = 1,
  /** An atomic operation at the peer: counted as sent to it, and, when it
   *  fetches, also as received from it. */
  SEXTANT_TRANSFER_ATOMIC = 2,
  SEXTANT_TRANSFER_FETCHING_ATOMIC = 3
};

/** Flags of __sextant_wrapped_call. */
enum sextant_wrapped_call_flags {
  /** The call is collective over the job (or a team of it). */
  SEXTANT_WRAPPED_COLLECTIVE = 1u << 0
};

/** One wrapped library, a constant of its generated wrapper. */
typedef struct sextant_wrapped_library {
  int abi_version;                   /**< SEXTANT_WRAPPER_ABI_VERSION */
  const char *name;                  /**< as given to `sextant wrap init` */
  unsigned function_count;           /**< entries of function_names */
  const char *const *function_names; /**< the wrapped functions' names */
} sextant_wrapped_library;

/** Registers Library (idempotent per library); returns its id (>= 0), or -1
 *  when nothing is recorded (no measurement, unknown ABI version). A wrapper
 *  calls it once, at its first wrapped call, and keeps the id. */
int __sextant_wrapped_library_register(const sextant_wrapped_library *library);

/** One call of function Function (an index into function_names) of library
 *  Library, which moved Bytes (0 when not annotated); Flags from
 *  sextant_wrapped_call_flags. */
void __sextant_wrapped_call(int library, unsigned function,
                            unsigned long long bytes, unsigned flags);

/** A transfer of Bytes to or from Peer (a rank of the job, as the library
 *  numbers them) by Function of Library; Kind from sextant_transfer_kind. A
 *  peer outside the job is counted, not placed in the matrix. */
void __sextant_wrapped_transfer(int library, unsigned function, int kind,
                                int peer, unsigned long long bytes);

/** Makes the process rank Rank of Size, as Library numbers its processes
 *  (e.g. shmem_my_pe() and shmem_n_pes() after shmem_init): the output goes
 *  to <base>/rank-<Rank>, as for MPI (adapter_abi.h). Returns 1 when
 *  accepted. */
int __sextant_wrapped_set_rank(int library, int rank, int size);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SEXTANT_WRAPPER_ABI_H */
