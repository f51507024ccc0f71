//===- runtime/profile/RecorderCopy.cpp - A copy of a thread's recorder ---===//
//
// Part of Sextant. See RecorderCopy.h. The mapping holds the nodes, then the
// open frames, then the name's characters.
//
//===----------------------------------------------------------------------===//

#include "runtime/profile/RecorderCopy.h"

#include <cstring>
#include <sys/mman.h>
#include <utility>

namespace sextant {
namespace runtime {

namespace {

constexpr size_t roundUp(size_t Bytes, size_t Alignment) {
  return (Bytes + Alignment - 1) / Alignment * Alignment;
}

} // namespace

RecorderCopy &RecorderCopy::operator=(RecorderCopy &&Other) noexcept {
  if (this != &Other) {
    release();
    Mapping = std::exchange(Other.Mapping, nullptr);
    MappingBytes = std::exchange(Other.MappingBytes, 0);
    Nodes = Other.Nodes;
    NodeCount = Other.NodeCount;
    Frames = Other.Frames;
    Depth = Other.Depth;
    ContextDepth = Other.ContextDepth;
    Counters = Other.Counters;
    NameChars = Other.NameChars;
    NameLength = Other.NameLength;
  }
  return *this;
}

void RecorderCopy::release() noexcept {
  if (Mapping)
    ::munmap(Mapping, MappingBytes);
  Mapping = nullptr;
  MappingBytes = 0;
  NodeCount = 0;
  Depth = 0;
  NameLength = 0;
}

bool RecorderCopy::capture(const CallPathRecorder &Recorder,
                           std::string_view Name) noexcept {
  release();
  const CallPathTree &Tree = Recorder.tree();
  size_t TreeNodes = Tree.size();
  size_t OpenFrames = Recorder.depth();
  size_t NodeBytes = TreeNodes * sizeof(CallPathTree::Node);
  size_t FrameOffset = roundUp(NodeBytes, alignof(CallPathRecorder::OpenFrame));
  size_t NameOffset =
      FrameOffset + OpenFrames * sizeof(CallPathRecorder::OpenFrame);
  size_t Bytes = NameOffset + Name.size();
  void *Memory = ::mmap(nullptr, Bytes, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (Memory == MAP_FAILED)
    return false;
  auto *Base = static_cast<char *>(Memory);
  std::memcpy(Base, &Tree.node(CallPathTree::RootNode), NodeBytes);
  auto *OpenCopy =
      reinterpret_cast<CallPathRecorder::OpenFrame *>(Base + FrameOffset);
  Recorder.copyOpenFrames(OpenCopy);
  if (!Name.empty())
    std::memcpy(Base + NameOffset, Name.data(), Name.size());
  Mapping = Memory;
  MappingBytes = Bytes;
  Nodes = reinterpret_cast<const CallPathTree::Node *>(Base);
  NodeCount = TreeNodes;
  Frames = OpenCopy;
  Depth = OpenFrames;
  ContextDepth = Recorder.contextDepth();
  Counters = Recorder.counters();
  NameChars = Base + NameOffset;
  NameLength = Name.size();
  return true;
}

void RecorderCopy::rebuild(CallPathRecorder &Into, Ticks Now) const {
  if (!Mapping)
    return;
  Into.restoreCopy(Nodes, NodeCount, Frames, Depth, ContextDepth, Counters);
  Into.closeAll(Now);
}

} // namespace runtime
} // namespace sextant
