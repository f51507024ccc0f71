//===- runtime/trace/ThreadTrace.h - Trace buffer of one thread -----------===//
//
// Part of Sextant. With SEXTANT_TRACE=1 every recording thread owns a
// ThreadTrace: a buffer of SEXTANT_BUFFER_SIZE bytes into which enter and
// exit events are encoded compactly (TraceFormat.h), written to
// <experiment>/trace/thread-<index>.sxt whenever it is full and at the end
// of the thread or process.
//
// The trace mirrors the thread's CallPathRecorder exactly: the runtime
// records an enter after the recorder opened a frame, an exit after it
// closed its top frame, and the number of frames it closed by a repair
// (longjmp) or at the end (closeAll); an exit the recorder ignored records
// nothing. Enters and exits in the file are thus the profile's, balanced.
// The region ids of open frames, needed at the start of each chunk, are
// read from the recorder. The hot part (TraceCursor: write position, limit,
// deadline of the short form) lives in the thread's ThreadState; an event in
// its short form costs two compares there, one store into the buffer and the
// cursor's advance.
//
// Overflow policy: once the buffer has less room left than one more event
// group, the recording thread's next event takes the slow path, which
// records it and writes the chunk with pwrite(2) right away (taken once per
// buffer), then reuses the buffer; so the memory per thread is bounded by
// the buffer size and no event is skipped.
// Descriptors: the file is created (O_EXCL|O_NOFOLLOW, with its header) at
// the first chunk and then opened again for each chunk write (openat on the
// trace directory's one descriptor, O_NOFOLLOW, never O_CREAT; pwrite at
// the end of the last complete chunk) and closed right after it, so tracing
// holds a descriptor per directory and one only while a chunk is written,
// never one per live thread, and a program near its RLIMIT_NOFILE keeps its
// descriptors. Each chunk
// carries a CRC-32C (TraceFormat.h), computed here at flush time.
// If the file cannot be created or opened (no descriptor left: EMFILE,
// ENFILE) or a write fails (disk full, directory not writable), the chunk
// is dropped, counted in TraceStatistics and reported
// (one error message per process); the file is cut back to its last
// complete chunk and recording goes on, so a later chunk may succeed. Each
// chunk lists the regions open at its start, so readers resume after a
// dropped chunk with balanced events.
//
// Not thread-safe: used by its thread, or by the finalizer while that
// thread is idle (see ThreadState.h).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_TRACE_THREADTRACE_H
#define SEXTANT_RUNTIME_TRACE_THREADTRACE_H

#include "format/schema/TraceFormat.h"
#include "runtime/clock/Clock.h"
#include "runtime/io/ExperimentDirectory.h"
#include "runtime/profile/CallPathRecorder.h"
#include "runtime/trace/SpaceReserve.h"
#include "runtime/trace/TraceStatistics.h"

#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

namespace sextant {
namespace runtime {

/// What the traces of all threads share; owned by the runtime, set at
/// start-up (and again in the child after fork, before any thread records).
struct TraceTarget {
  /// The experiment directory: the trace files are created in its trace/
  /// sub-directory (never through a link, never over an existing file).
  ExperimentDirectory *Output = nullptr;
  int64_t Pid = 0;
  double TicksPerSecond = 0;
  /// Start of the measurement; time zero of every trace.
  Ticks OriginTicks = 0;
  /// Bytes of each thread's buffer (SEXTANT_BUFFER_SIZE).
  size_t BufferSize = 0;
  /// Set once the first write error was printed.
  mutable std::atomic<bool> ErrorPrinted{false};
  /// Room for the final files, made before the first chunk is written.
  mutable SpaceReserve Reserve;
};

/// The smallest buffer a ThreadTrace accepts.
constexpr size_t MinTraceBufferSize = 4096;

/// The part of a thread's trace that every event touches, kept inside the
/// thread's ThreadState so that the hot path reaches it without following a
/// pointer (see ThreadTrace below for the rest). Next is null when the
/// thread has no trace.
///
/// The fast path writes an event only in its short form (TraceFormat.h: an
/// 8-byte enter, a 4-byte exit, each holding the low 29 bits of its time), only
/// while Next is not past Limit and the time not past Deadline (ShortEventReach
/// ticks after the chunk's anchor, the time of its last long event); it neither
/// flushes nor keeps the time of the last event. Anything else returns false
/// and the caller takes ThreadTrace's slow path, which writes the long form (a
/// varint delta from the anchor, which it moves to the event), moves Deadline
/// with the anchor and writes the chunk when it is full. Between two long
/// events a thread therefore writes short ones for at most 2^27 ticks (about 54
/// ms at 2.5 GHz); the next event after that is a long one.
struct TraceCursor {
  /// Where the next event goes; null: not tracing.
  uint8_t *Next = nullptr;
  /// Past this point the buffer may not hold one more event group after a
  /// short event.
  uint8_t *Limit = nullptr;
  /// The latest time a short event may have: ShortEventReach past the
  /// anchor.
  Ticks Deadline = 0;

  /// Bytes a short event may store.
  static constexpr size_t FastEventStoreBytes = trace::ShortEnterBytes;

  SEXTANT_ALWAYS_INLINE bool tracing() const { return Next != nullptr; }
  /// tracing() as a load of its own, for the plugin's fast paths: the
  /// compiler then tests the cursor in memory (one compare) instead of
  /// loading it into a register that only the tracing case uses.
  SEXTANT_ALWAYS_INLINE bool tracingTested() const {
#if defined(__x86_64__) && defined(__GCC_ASM_FLAG_OUTPUTS__)
    bool NotTracing;
    asm("cmpq $0, %1" : "=@ccz"(NotTracing) : "m"(Next));
    return !NotTracing;
#else
    return tracing();
#endif
  }

  /// Writes the short enter of Region at Now; false (nothing written) when
  /// the event needs the slow path.
  SEXTANT_ALWAYS_INLINE bool tryEnter(uint32_t Region, Ticks Now) noexcept {
    // Every member is read before the event's bytes are stored (a byte
    // store may alias them) and written after.
    uint8_t *Out = Next;
    if (__builtin_expect(!fitsShortEvent(Out, Now), 0))
      return false;
    uint64_t Word = trace::shortEnterWord(Region, Now);
    std::memcpy(Out, &Word, sizeof(Word));
    advance<trace::ShortEnterBytes>();
    return true;
  }

  /// Writes the short exit at Now; false (nothing written) when the event
  /// needs the slow path.
  SEXTANT_ALWAYS_INLINE bool tryExit(Ticks Now) noexcept {
    uint8_t *Out = Next;
    if (__builtin_expect(!fitsShortEvent(Out, Now), 0))
      return false;
    uint32_t Word = trace::shortExitWord(Now);
    std::memcpy(Out, &Word, sizeof(Word));
    advance<trace::ShortExitBytes>();
    return true;
  }

  /// The Deadline of short events after the long event at Anchor.
  static Ticks deadlineAfter(Ticks Anchor) {
    return Anchor > ~Ticks(0) - trace::ShortEventReach
               ? ~Ticks(0)
               : Anchor + trace::ShortEventReach;
  }

private:
  static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
                "the short events are stored as words in little-endian order");

  /// Whether a short event at Now may be written at Out (Next): the buffer
  /// has room (Out not past Limit) and Now is not past Deadline.
  SEXTANT_ALWAYS_INLINE bool fitsShortEvent(const uint8_t *Out,
                                            Ticks Now) const noexcept {
    return __builtin_expect(Out <= Limit, 1) &&
           __builtin_expect(Now <= Deadline, 1);
  }

  /// Next += Bytes after a short event. On x86-64 one add to memory: the
  /// compiler would add to the register that holds Next and store it, one
  /// instruction more for the same work.
  template <size_t Bytes> SEXTANT_ALWAYS_INLINE void advance() noexcept {
#if defined(__x86_64__)
    asm("addq %1, %0" : "+m"(Next) : "i"(Bytes));
#else
    Next += Bytes;
#endif
  }
};

/// The rest of a thread's trace: the buffer, the file, the chunk being
/// filled and the statistics. The hot part is the TraceCursor it is given,
/// which must outlive it.
///
/// The trace mirrors the thread's CallPathRecorder, which the caller keeps
/// in step: after the recorder opened a frame, TraceCursor::tryEnter() or
/// else recordEnter(); after it closed its top frame, TraceCursor::tryExit()
/// or else recordExit(); after it closed several frames at once (a repair,
/// the end), recordExits() with their number. Nothing is recorded for an
/// exit the recorder ignored.
class ThreadTrace {
public:
  /// A trace of thread number Index (OS thread id Tid) writing through Hot.
  /// Allocates the buffer of Target.BufferSize bytes (at least
  /// MinTraceBufferSize) and points Hot at it; throws std::bad_alloc. No
  /// file is created before the first write.
  ThreadTrace(const TraceTarget &Target, uint32_t Index, uint64_t Tid,
              TraceCursor &Hot);
  /// Writes nothing; leaves Hot not tracing.
  ~ThreadTrace();
  ThreadTrace(const ThreadTrace &) = delete;
  ThreadTrace &operator=(const ThreadTrace &) = delete;

  /// The slow path of an enter of Region at Now (see TraceCursor); call
  /// right after Recorder.enter() when tryEnter() returned false.
  void recordEnter(uint32_t Region, Ticks Now,
                   const CallPathRecorder &Recorder) noexcept;
  /// The slow path of one exit at Now; call right after the recorder closed
  /// its top frame when tryExit() returned false.
  void recordExit(Ticks Now, const CallPathRecorder &Recorder) noexcept;
  /// Records Frames exits at Now (none when 0); call right after the
  /// recorder closed that many frames at once.
  void recordExits(size_t Frames, Ticks Now,
                   const CallPathRecorder &Recorder) noexcept;
  /// Records enters at Now of the recorder's frames from FromLevel up; call
  /// right after the recorder opened them at once (an adopted context).
  void recordEnters(size_t FromLevel, Ticks Now,
                    const CallPathRecorder &Recorder) noexcept;

  /// Records a record (TraceFormat.h, kind 3) of Type with Count fields
  /// (at most trace::MaxRecordFields; more: nothing is recorded) at Now,
  /// e.g. an MPI message for the adapter. Writes the chunk first when the
  /// record may not fit.
  void recordRecord(trace::RecordType Type, const uint64_t *Fields,
                    uint32_t Count, Ticks Now,
                    const CallPathRecorder &Recorder) noexcept;

  /// Ends the trace after Recorder.closeAll(Now) closed FramesClosed
  /// frames: records those exits, writes the last chunk and the file header
  /// again with the thread's name. Nothing may be recorded afterwards.
  void finish(Ticks Now, size_t FramesClosed, const CallPathRecorder &Recorder);

  /// The name finish() writes instead of the OS's name of the thread.
  void setThreadName(std::string Name) { NameOverride = std::move(Name); }

  /// In a child process after fork(): forgets the parent's buffered events
  /// and file (the parent writes them) and starts over as thread Index
  /// (OS thread id Tid) of the child, with the frames open in Recorder.
  /// Target must already describe the child.
  void restartAfterFork(uint32_t Index, uint64_t Tid,
                        const CallPathRecorder &Recorder);

  const TraceStatistics &statistics() const { return Statistics; }
  uint32_t index() const { return Index; }
  /// The path of this thread's trace file.
  std::string filePath() const;
  /// The name of the trace file in the trace directory.
  std::string fileName() const;

private:
  void put(trace::EventKind Kind, Ticks Now, uint64_t Operand) noexcept;
  /// The delta of a long event at Now from the anchor (0 when the clock went
  /// back), after which it moves the anchor to the event.
  uint64_t advanceAnchor(Ticks Now) noexcept;
  /// Moves the anchor to Time and the short events' deadline with it.
  void setAnchor(Ticks Time) noexcept {
    Anchor = Time;
    Hot.Deadline = TraceCursor::deadlineAfter(Time);
  }
  /// Writes the chunk when the cursor is past the limit.
  void flushIfFull(const CallPathRecorder &Recorder) noexcept {
    if (Hot.Next > Hot.Limit)
      flush(Recorder);
  }
  /// Writes the chunk and starts the next one.
  void flush(const CallPathRecorder &Recorder) noexcept;
  /// Writes the chunk, which ends with Depth frames open.
  void writeChunk(size_t Depth) noexcept;
  /// The events of the chunk, which ends with Depth frames open: those the
  /// slow path counted plus the fast ones, derived from their bytes and
  /// the change of depth they made.
  uint32_t chunkEvents(size_t Depth) const noexcept;
  /// Starts a chunk with the OpenFrames outermost frames open in Recorder
  /// (none when null).
  void beginChunk(const CallPathRecorder *Recorder, size_t OpenFrames) noexcept;
  /// Opens the file for a chunk write, creating it with its header at the
  /// first write (ExperimentDirectory::createFile; then openFile, never
  /// created again); returns the descriptor, which the caller closes, or -1
  /// with Error set.
  int openForWrite(std::string &Error);
  /// The file header with what is known now (the name once finished).
  void encodeHeader(uint8_t *Out) const;
  /// Keeps and prints (once per process) a write error; may throw
  /// std::bad_alloc.
  void recordError(const std::string &Message);

  TraceCursor &Hot;
  const TraceTarget &Target;
  std::unique_ptr<uint8_t[]> Buffer;
  size_t Capacity = 0;
  uint8_t *EventsBegin = nullptr;
  uint32_t Sequence = 0;
  Ticks ChunkBaseTicks = 0;
  uint32_t ChunkOpenFrames = 0;
  uint32_t ChunkStackBytes = 0;
  /// The time of the chunk's last long event (its base time before one),
  /// from which the long events' deltas count (TraceFormat.h).
  Ticks Anchor = 0;
  /// What the slow path (put, recordRecord) wrote into the chunk: events
  /// (an ExitMany of N counts N, a record 1), bytes, and enters minus
  /// exited frames.
  uint32_t SlowEvents = 0;
  size_t SlowBytes = 0;
  int64_t SlowDepthChange = 0;
  uint32_t Index = 0;
  uint64_t Tid = 0;
  std::string ThreadName;
  std::string NameOverride;
  /// Whether the file was created (with its header), and its size.
  bool FileCreated = false;
  uint64_t FileSize = 0;
  TraceStatistics Statistics;
};

/// Records in the trace (Hot and Trace; Trace null when not tracing) the
/// enter of Region at Now that Recorder.enter() has just recorded.
SEXTANT_ALWAYS_INLINE void traceEnter(TraceCursor &Hot, ThreadTrace *Trace,
                                      uint32_t Region, Ticks Now,
                                      const CallPathRecorder &Recorder) {
  if (Hot.tracing() && !Hot.tryEnter(Region, Now))
    Trace->recordEnter(Region, Now, Recorder);
}

/// Records the exit of Region at Now in Recorder and in the trace (Hot and
/// Trace; Trace null when not tracing); returns what Recorder.exit()
/// returns. Never allocates, never throws.
SEXTANT_ALWAYS_INLINE const CallPathTree::Node *
exitAndTrace(CallPathRecorder &Recorder, TraceCursor &Hot, ThreadTrace *Trace,
             uint32_t Region, Ticks Now) noexcept {
  if (__builtin_expect(Recorder.isTop(Region), 1)) {
    const CallPathTree::Node *Throttled = Recorder.exitTop(Now);
    if (Hot.tracing() && !Hot.tryExit(Now))
      Trace->recordExit(Now, Recorder);
    return Throttled;
  }
  size_t Closed = Recorder.exitMismatched(Region, Now);
  if (Trace)
    Trace->recordExits(Closed, Now, Recorder);
  return nullptr;
}

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_TRACE_THREADTRACE_H
