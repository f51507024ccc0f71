//===- runtime/profile/RecorderCopy.h - A copy of a thread's recorder -----===//
//
// Part of Sextant. A RecorderCopy is a copy of one thread's CallPathRecorder
// (the nodes of its tree, its open frames, its repair counters) and of the
// thread's name, taken by another thread while the owner is held outside
// its events (a snapshot, see ThreadRegistry::copyProfile). Taking it
// allocates nothing from the heap and takes no lock: the copy lives in a
// private anonymous mapping of its own, made with mmap(2), so that the
// thread taking it never waits for a lock that a held thread may own (a
// program's own allocator, say). Everything that allocates happens later,
// in rebuild(), once the threads run again.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_PROFILE_RECORDERCOPY_H
#define SEXTANT_RUNTIME_PROFILE_RECORDERCOPY_H

#include "runtime/clock/Clock.h"
#include "runtime/profile/CallPathRecorder.h"
#include "runtime/profile/CallPathTree.h"

#include <cstddef>
#include <string_view>

namespace sextant {
namespace runtime {

class RecorderCopy {
public:
  RecorderCopy() = default;
  ~RecorderCopy() { release(); }
  RecorderCopy(RecorderCopy &&Other) noexcept { *this = std::move(Other); }
  RecorderCopy &operator=(RecorderCopy &&Other) noexcept;
  RecorderCopy(const RecorderCopy &) = delete;
  RecorderCopy &operator=(const RecorderCopy &) = delete;

  /// Copies Recorder and the thread's name Name, dropping an earlier copy;
  /// false, with nothing kept, when the mapping cannot be made. Neither
  /// allocates from the heap nor locks.
  bool capture(const CallPathRecorder &Recorder,
               std::string_view Name) noexcept;

  /// True when a capture() succeeded.
  bool holdsCopy() const { return Mapping != nullptr; }
  /// The thread's name as captured.
  std::string_view name() const { return {NameChars, NameLength}; }

  /// Makes Into, a new recorder, hold the copy and closes its open frames
  /// at Now (CallPathRecorder::closeAll), as the end of the thread would.
  /// Throws std::bad_alloc.
  void rebuild(CallPathRecorder &Into, Ticks Now) const;

private:
  void release() noexcept;

  void *Mapping = nullptr;
  size_t MappingBytes = 0;
  const CallPathTree::Node *Nodes = nullptr;
  size_t NodeCount = 0;
  const CallPathRecorder::OpenFrame *Frames = nullptr;
  size_t Depth = 0;
  size_t ContextDepth = 0;
  RepairCounters Counters;
  const char *NameChars = nullptr;
  size_t NameLength = 0;
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_PROFILE_RECORDERCOPY_H
