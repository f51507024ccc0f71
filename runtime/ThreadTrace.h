//===- runtime/ThreadTrace.h - Trace buffer of one thread -------*- C++ -*-===//
//
// Part of Sextant. With SEXTANT_TRACE=1 every recording thread owns a
// ThreadTrace: a buffer of SEXTANT_BUFFER_SIZE bytes into which enter and
// exit events are encoded compactly (TraceFormat.h), written to
// <experiment>/trace/thread-<index>.sxt whenever it is full and at the end
// of the thread or process.
//
// The trace mirrors the thread's CallPathRecorder exactly: the runtime calls
// recordEnter() after the recorder opened a frame and recordExit() after it
// closed one, and the trace compares its own count of open frames with the
// recorder's. Frames the recorder closed by a repair (longjmp), at the end
// (closeAll) or not at all (an exit of a region that was not open) thus
// produce exactly the exits the profile has, so enters and exits in the
// file are balanced. The region ids of open frames, needed at the start of
// each chunk, are read from the recorder.
//
// Overflow policy: when an event leaves less than the room for one more
// event group, the recording thread writes the chunk with pwrite(2) right
// away (a slow path, taken once per buffer) and reuses the buffer, so the
// memory per thread is bounded by the buffer size and no event is skipped.
// If the file cannot be created or a write fails (disk full, directory not
// writable), the chunk is dropped, counted in TraceStatistics and reported
// (one error message per process); the file is cut back to its last
// complete chunk and recording goes on, so a later chunk may succeed. Each
// chunk lists the regions open at its start, so readers resume after a
// dropped chunk with balanced events.
//
// Not thread-safe: used by its thread, or by the finalizer while that
// thread is idle (see ThreadState.h).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_THREADTRACE_H
#define SEXTANT_RUNTIME_THREADTRACE_H

#include "CallPathRecorder.h"
#include "Clock.h"
#include "TraceFormat.h"
#include "TraceStatistics.h"

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
  /// Absolute path of <experiment directory>/trace.
  std::string Directory;
  int64_t Pid = 0;
  double TicksPerSecond = 0;
  /// Start of the measurement; time zero of every trace.
  Ticks OriginTicks = 0;
  /// Bytes of each thread's buffer (SEXTANT_BUFFER_SIZE).
  size_t BufferSize = 0;
  /// Set once the first write error was printed.
  mutable std::atomic<bool> ErrorPrinted{false};
};

/// The smallest buffer a ThreadTrace accepts.
constexpr size_t MinTraceBufferSize = 4096;

class ThreadTrace {
public:
  /// A trace of thread number Index (OS thread id Tid). Allocates the
  /// buffer of Target.BufferSize bytes (at least MinTraceBufferSize);
  /// throws std::bad_alloc. No file is created before the first write.
  ThreadTrace(const TraceTarget &Target, uint32_t Index, uint64_t Tid);
  /// Closes the file if open; writes nothing.
  ~ThreadTrace();
  ThreadTrace(const ThreadTrace &) = delete;
  ThreadTrace &operator=(const ThreadTrace &) = delete;

  /// Records the enter of Region at Now; call right after Recorder.enter().
  SEXTANT_ALWAYS_INLINE void
  recordEnter(uint32_t Region, Ticks Now,
              const CallPathRecorder &Recorder) noexcept {
    if (__builtin_expect(Recorder.depth() != static_cast<size_t>(Depth) + 1,
                         0)) {
      recordEnterSlow(Region, Now, Recorder);
      return;
    }
    // Every member is read before the first byte is stored (a byte store
    // may alias them) and written after the last.
    uint8_t *Out = Cursor;
    uint8_t *End = Limit;
    Ticks Last = LastTicks;
    uint32_t NewDepth = Depth + 1;
    uint32_t Events = ChunkEvents + 1;
    uint64_t Delta = Now > Last ? Now - Last : 0;
    uint64_t Head = Delta << trace::KindBits; // kind Enter (0)
    if (__builtin_expect(((Head >> 14) | (Region >> 7)) == 0, 1)) {
      // The delta in two bytes whatever its value, the region id in one.
      uint32_t Packed =
          packPaddedVarint(static_cast<uint32_t>(Head)) | (Region << 16);
      std::memcpy(Out, &Packed, sizeof(Packed));
      Out += 3;
    } else {
      Out = trace::writeVarint(Out, Head);
      Out = trace::writeVarint(Out, Region);
    }
    Cursor = Out;
    LastTicks = Last + Delta;
    Depth = NewDepth;
    ChunkEvents = Events;
    if (__builtin_expect(Out > End, 0))
      flush(Recorder);
  }

  /// Records the exits of the frames the recorder closed since the last
  /// record (normally one; none for an ignored exit; several after a
  /// repair) at Now; call right after Recorder.exit() or closeAll().
  SEXTANT_ALWAYS_INLINE void
  recordExit(Ticks Now, const CallPathRecorder &Recorder) noexcept {
    if (__builtin_expect(Recorder.depth() + 1 != static_cast<size_t>(Depth),
                         0)) {
      recordExitSlow(Now, Recorder);
      return;
    }
    uint8_t *Out = Cursor;
    uint8_t *End = Limit;
    Ticks Last = LastTicks;
    uint32_t NewDepth = Depth - 1;
    uint32_t Events = ChunkEvents + 1;
    uint64_t Delta = Now > Last ? Now - Last : 0;
    uint64_t Head = (Delta << trace::KindBits) |
                    static_cast<uint64_t>(trace::EventKind::Exit);
    if (__builtin_expect((Head >> 14) == 0, 1)) {
      uint16_t Packed =
          static_cast<uint16_t>(packPaddedVarint(static_cast<uint32_t>(Head)));
      std::memcpy(Out, &Packed, sizeof(Packed));
      Out += 2;
    } else {
      Out = trace::writeVarint(Out, Head);
    }
    Cursor = Out;
    LastTicks = Last + Delta;
    Depth = NewDepth;
    ChunkEvents = Events;
    if (__builtin_expect(Out > End, 0))
      flush(Recorder);
  }

  /// Ends the trace after Recorder.closeAll(Now): records those exits,
  /// writes the last chunk and the thread's name, closes the file. Nothing
  /// may be recorded afterwards.
  void finish(Ticks Now, const CallPathRecorder &Recorder);

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

private:
  // Event heads (delta << 2 | kind) below 2^14, i.e. deltas below 2^12
  // ticks (about 1.6 us at 2.5 GHz), take the two-byte encoding of
  // packPaddedVarint(); larger ones the shortest encoding.
  static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
                "packPaddedVarint() stores its bytes in little-endian order");

  /// The LEB128 encoding of Value (< 2^14) in exactly two bytes, padded
  /// when Value is below 128 (the first byte has its continuation bit set
  /// and the second is 0), in the low 16 bits of the result in memory order
  /// on a little-endian machine. Readers accept padded varints (see
  /// TraceFormat.h). The fixed length keeps the cursor independent of the
  /// timestamp: with the shortest encoding, the position of every later
  /// event of the thread would wait for the clock read that decided the
  /// length, and the TSC read is the slowest instruction of the hot path.
  static SEXTANT_ALWAYS_INLINE uint32_t packPaddedVarint(uint32_t Value) {
    return (Value & 0x7fu) | 0x80u | ((Value << 1) & 0x7f00u);
  }

  void recordEnterSlow(uint32_t Region, Ticks Now,
                       const CallPathRecorder &Recorder) noexcept;
  void recordExitSlow(Ticks Now, const CallPathRecorder &Recorder) noexcept;
  /// Brings Depth to the recorder's depth minus Keep with exits or enters
  /// at Now.
  void synchronize(Ticks Now, const CallPathRecorder &Recorder,
                   size_t Keep) noexcept;
  void put(trace::EventKind Kind, Ticks Now, uint64_t Operand) noexcept;
  /// Writes the chunk and starts the next one.
  void flush(const CallPathRecorder &Recorder) noexcept;
  void writeChunk() noexcept;
  /// Starts a chunk with the Depth open frames of Recorder (null when
  /// Depth is 0).
  void beginChunk(const CallPathRecorder *Recorder) noexcept;
  bool ensureFile(std::string &Error);
  /// Keeps and prints (once per process) a write error; may throw
  /// std::bad_alloc.
  void recordError(const std::string &Message);

  // Touched by every event.
  uint8_t *Cursor = nullptr;
  /// Past this point the buffer may not hold one more event group.
  uint8_t *Limit = nullptr;
  Ticks LastTicks = 0;
  /// Frames open in the trace (equals the recorder's depth between events).
  uint32_t Depth = 0;
  uint32_t ChunkEvents = 0;

  // Slow path.
  const TraceTarget &Target;
  std::unique_ptr<uint8_t[]> Buffer;
  size_t Capacity = 0;
  uint8_t *EventsBegin = nullptr;
  uint32_t Sequence = 0;
  Ticks ChunkBaseTicks = 0;
  uint32_t ChunkOpenFrames = 0;
  uint32_t ChunkStackBytes = 0;
  uint32_t Index = 0;
  uint64_t Tid = 0;
  std::string ThreadName;
  std::string NameOverride;
  int Descriptor = -1;
  uint64_t FileSize = 0;
  TraceStatistics Statistics;
};

/// The name of thread Tid of process Pid for traces and reports: "main" for
/// the process's main thread, else its name (/proc/self/task/<tid>/comm),
/// empty if unknown. Uses only open/read/close.
std::string threadDisplayName(int64_t Pid, uint64_t Tid);

/// The OS thread id of the calling thread.
uint64_t currentThreadId();

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_THREADTRACE_H
