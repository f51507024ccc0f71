//===- runtime/profile/CallPathRecorder.cpp - Shadow stack of one thread --===//
//
// Part of Sextant. The rarely taken paths of the recorder: an enter that
// needs a new node or a deeper stack, repair of mismatched exits and closing
// at the end.
//
//===----------------------------------------------------------------------===//

#include "runtime/profile/CallPathRecorder.h"

namespace sextant {
namespace runtime {

namespace {
constexpr size_t InitialStackDepth = 64;
} // namespace

CallPathRecorder::Frame CallPathRecorder::EmptyStack[2] = {
    {SentinelRegion}, {}};

void CallPathRecorder::growStack() {
  // The old end sentinel becomes an unused slot (Region 0).
  size_t Grown = Stack.empty() ? InitialStackDepth : Capacity * 2;
  Stack.resize(Grown + 2);
  Stack.front().Region = SentinelRegion;
  Frames = Stack.data() + 1;
  Capacity = Grown;
}

void CallPathRecorder::enterNew(uint32_t Region, Ticks Now,
                                uintptr_t FrameAddress) {
  if (Depth == Capacity)
    growStack();
  Frame &Slot = Frames[Depth];
  CallPathTree::NodeIndex Parent =
      Depth == 0 ? CallPathTree::RootNode : Frames[Depth - 1].Node;
  CallPathTree::NodeIndex Node = Tree.child(Parent, Region);
  ++Tree.node(Node).Visits;
  Slot.Region = Region;
  Slot.Node = Node;
  Slot.Start = Now;
  Slot.ChildTicks = 0;
  Slot.FrameAddress = FrameAddress;
  ++Depth;
}

size_t CallPathRecorder::exitMismatched(uint32_t Region, Ticks Now) noexcept {
  size_t Level = Depth;
  while (Level > ContextDepth && Frames[Level - 1].Region != Region)
    --Level;
  if (Level == ContextDepth) {
    ++Counters.IgnoredExits;
    return 0;
  }
  // Frames[Level - 1] is the innermost open frame of Region; the frames above
  // it lost their exits.
  ++Counters.Repairs;
  Counters.ExitsRepaired += Depth - Level;
  size_t Closed = Depth - Level + 1;
  while (Depth >= Level)
    closeTop(Now);
  return Closed;
}

size_t CallPathRecorder::closeAbandonedFrames(uintptr_t FrameAddress,
                                              Ticks Now) noexcept {
  size_t Closed = 0;
  while (topMayBeAbandoned(FrameAddress)) {
    closeTop(Now);
    ++Closed;
  }
  if (Closed != 0) {
    ++Counters.Repairs;
    Counters.ExitsRepaired += Closed;
  }
  return Closed;
}

size_t CallPathRecorder::closeAll(Ticks Now) noexcept {
  size_t Closed = Depth;
  Counters.FramesOpenAtEnd += Depth - ContextDepth;
  while (Depth > ContextDepth)
    closeTop(Now);
  releaseContext(Now);
  return Closed;
}

void CallPathRecorder::adoptContext(const uint32_t *Regions, size_t Count) {
  if (Depth != 0 || Count == 0)
    return;
  while (Capacity < Count)
    growStack();
  // Every slot keeps the node of the last frame it held (see
  // tryEnterReused): a context like the last one adopted (a worker of the
  // same parallel region again) needs no lookup in the tree and no
  // allocation. A slot's region and node change together, after
  // Tree.child() succeeded, and Depth only at the end: a throw leaves no
  // frame open and every slot consistent.
  CallPathTree::NodeIndex Parent = CallPathTree::RootNode;
  for (size_t Level = 0; Level < Count; ++Level) {
    Frame &Slot = Frames[Level];
    if (Slot.Region != Regions[Level] ||
        Tree.node(Slot.Node).Parent != Parent) {
      CallPathTree::NodeIndex Node = Tree.child(Parent, Regions[Level]);
      Slot.Region = Regions[Level];
      Slot.Node = Node;
    }
    Slot.Start = 0;
    Slot.ChildTicks = 0;
    Slot.FrameAddress = 0;
    Parent = Slot.Node;
  }
  Depth = ContextDepth = Count;
}

size_t CallPathRecorder::releaseContext(Ticks Now) noexcept {
  size_t Closed = Depth;
  if (Depth > ContextDepth) {
    ++Counters.Repairs;
    Counters.ExitsRepaired += Depth - ContextDepth;
    while (Depth > ContextDepth)
      closeTop(Now);
  }
  while (Depth != 0) {
    const Frame &Top = Frames[--Depth];
    Tree.node(Top.Node).InclusiveTicks += Top.ChildTicks;
    if (Depth != 0)
      Frames[Depth - 1].ChildTicks += Top.ChildTicks;
  }
  ContextDepth = 0;
  return Closed;
}

void CallPathRecorder::restart(Ticks Now) {
  CallPathTree Fresh;
  std::vector<CallPathTree::NodeIndex> Nodes(Depth);
  CallPathTree::NodeIndex Parent = CallPathTree::RootNode;
  for (size_t Level = 0; Level < Depth; ++Level) {
    Parent = Nodes[Level] = Fresh.child(Parent, Frames[Level].Region);
    Fresh.node(Parent).Visits = 1;
  }
  // Nothing below throws.
  for (size_t Level = 0; Level < Depth; ++Level) {
    Frames[Level].Node = Nodes[Level];
    Frames[Level].Start = Now;
    Frames[Level].ChildTicks = 0;
  }
  for (size_t Level = Depth; Level < Capacity; ++Level)
    Frames[Level].Region = 0; // their nodes were in the old tree
  Tree = std::move(Fresh);
  Counters = RepairCounters();
}

} // namespace runtime
} // namespace sextant
