//===- runtime/profile/CallPathRecorder.cpp - Shadow stack of one thread --===//
//
// Part of Sextant. The rarely taken paths of the recorder: an enter that
// needs a new node or a deeper stack, repair of mismatched exits and closing
// at the end.
//
//===----------------------------------------------------------------------===//

#include "runtime/profile/CallPathRecorder.h"

#include <new>

namespace sextant {
namespace runtime {

namespace {
constexpr size_t InitialStackDepth = 64;
} // namespace

CallPathRecorder::Frame CallPathRecorder::EmptyStack[2] = {{SentinelRegion},
                                                           {}};

void CallPathRecorder::growStack() {
  // The old end sentinel becomes an unused slot (Region 0).
  size_t Grown = Stack.empty() ? InitialStackDepth : Capacity * 2;
  size_t Depth = depth();
  Stack.resize(Grown + 2);
  Stack.front().Region = SentinelRegion;
  Stack.front().FrameAddress = NoFrameAddress;
  Frames = Stack.data() + 1;
  setDepth(Depth);
  Capacity = Grown;
  rebaseNodeAddresses();
}

CallPathTree::NodeIndex CallPathRecorder::child(CallPathTree::NodeIndex Parent,
                                                uint32_t Region) {
  const CallPathTree::Node *Nodes = &Tree.node(CallPathTree::RootNode);
  CallPathTree::NodeIndex Node = Tree.child(Parent, Region);
  if (&Tree.node(CallPathTree::RootNode) != Nodes)
    rebaseNodeAddresses();
  return Node;
}

void CallPathRecorder::rebaseNodeAddresses() noexcept {
  // Every frame's Node is a node of Tree, kept or not (restart() resets
  // the frames it forgets to the root).
  CallPathTree::Node *Nodes = &Tree.node(CallPathTree::RootNode);
  for (Frame &Slot : Stack)
    Slot.NodeAddress = Nodes + Slot.Node;
}

void CallPathRecorder::enterNew(uint32_t Region, Ticks Now,
                                uintptr_t FrameAddress) {
  if (depth() == Capacity)
    growStack();
  Frame &Slot = Top[1];
  // The sentinel's node is the root.
  CallPathTree::NodeIndex Node = child(Top->Node, Region);
  CallPathTree::Node &Entered = Tree.node(Node);
  ++Entered.Visits;
  if (Slot.Node != Node)
    forgetSlotAbove(Slot);
  Slot.Region = Region;
  Slot.Node = Node;
  Slot.NodeAddress = &Entered;
  Slot.Start = Now;
  Slot.ChildTicks = 0;
  Slot.FrameAddress = storedFrameAddress(FrameAddress);
  Top = &Slot;
}

void CallPathRecorder::setStackHigh(uintptr_t StackHigh) noexcept {
  uintptr_t Unknown = StackHigh + 1;
  // The sentinel and the open frames whose CFA is unknown.
  if (!Stack.empty())
    for (Frame *Open = Frames - 1; Open <= Top; ++Open)
      if (Open->FrameAddress == NoFrameAddress)
        Open->FrameAddress = Unknown;
  NoFrameAddress = Unknown;
}

size_t CallPathRecorder::exitMismatched(uint32_t Region, Ticks Now) noexcept {
  size_t Depth = depth();
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
  for (size_t Count = 0; Count != Closed; ++Count)
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
  size_t Closed = depth();
  Counters.FramesOpenAtEnd += Closed - ContextDepth;
  while (depth() > ContextDepth)
    closeTop(Now);
  releaseContext(Now);
  return Closed;
}

void CallPathRecorder::copyOpenFrames(OpenFrame *Out) const noexcept {
  for (size_t Level = 0; Level < depth(); ++Level)
    Out[Level] = OpenFrame{Frames[Level].Region, Frames[Level].Node,
                           Frames[Level].Start, Frames[Level].ChildTicks};
}

void CallPathRecorder::restoreCopy(const CallPathTree::Node *Nodes,
                                   size_t NodeCount, const OpenFrame *Open,
                                   size_t Depth, size_t CopiedContextDepth,
                                   const RepairCounters &Copied) {
  for (size_t Level = 0; Level < Depth; ++Level)
    if (Open[Level].Node >= NodeCount)
      throw std::bad_alloc(); // not a copy of one recorder
  Tree.assignNodes(Nodes, NodeCount);
  while (Capacity < Depth)
    growStack();
  for (size_t Level = 0; Level < Depth; ++Level) {
    Frame &Slot = Frames[Level];
    Slot.Region = Open[Level].Region;
    Slot.Node = Open[Level].Node;
    Slot.Start = Open[Level].Start;
    Slot.ChildTicks = Open[Level].ChildTicks;
    Slot.FrameAddress = NoFrameAddress;
  }
  setDepth(Depth);
  ContextDepth = CopiedContextDepth <= Depth ? CopiedContextDepth : Depth;
  Counters = Copied;
  rebaseNodeAddresses();
}

void CallPathRecorder::adoptContext(const uint32_t *Regions, size_t Count) {
  if (depth() != 0 || Count == 0)
    return;
  while (Capacity < Count)
    growStack();
  // Every slot keeps the node of the last frame it held (see
  // tryEnterReused): a context like the last one adopted (a worker of the
  // same parallel region again) needs no lookup in the tree and no
  // allocation. A slot that holds Regions[Level] holds its child of the
  // node below (see the file comment); any other gets the child and marks
  // the slot above it unused. A slot's region and node change together,
  // after Tree.child() succeeded, and the depth only at the end: a throw
  // leaves no frame open and every slot consistent.
  CallPathTree::NodeIndex Parent = CallPathTree::RootNode;
  for (size_t Level = 0; Level < Count; ++Level) {
    Frame &Slot = Frames[Level];
    if (Slot.Region != Regions[Level]) {
      CallPathTree::NodeIndex Node = child(Parent, Regions[Level]);
      forgetSlotAbove(Slot);
      Slot.Region = Regions[Level];
      Slot.Node = Node;
      Slot.NodeAddress = &Tree.node(Node);
    }
    Slot.Start = 0;
    Slot.ChildTicks = 0;
    Slot.FrameAddress = NoFrameAddress;
    Parent = Slot.Node;
  }
  setDepth(Count);
  ContextDepth = Count;
}

size_t CallPathRecorder::releaseContext(Ticks Now) noexcept {
  size_t Closed = depth();
  if (Closed > ContextDepth) {
    ++Counters.Repairs;
    Counters.ExitsRepaired += Closed - ContextDepth;
    while (depth() > ContextDepth)
      closeTop(Now);
  }
  while (depth() != 0) {
    const Frame &Released = *Top--;
    Tree.node(Released.Node).InclusiveTicks += Released.ChildTicks;
    if (depth() != 0)
      Top->ChildTicks += Released.ChildTicks;
  }
  ContextDepth = 0;
  return Closed;
}

void CallPathRecorder::restart(Ticks Now) {
  CallPathTree Fresh;
  size_t Depth = depth();
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
  for (size_t Level = Depth; Level < Capacity; ++Level) {
    Frames[Level].Region = 0; // their nodes were in the old tree
    Frames[Level].Node = CallPathTree::RootNode;
  }
  Tree = std::move(Fresh);
  rebaseNodeAddresses();
  Counters = RepairCounters();
}

} // namespace runtime
} // namespace sextant
