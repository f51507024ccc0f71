//===- runtime/profile/CallPathRecorder.h - Shadow stack of one thread ----===//
//
// Part of Sextant. A CallPathRecorder turns the enter and exit events of one
// thread into a CallPathTree. It keeps a shadow stack of open frames (region,
// node, start time, time spent in children, canonical frame address); exit()
// closes the top frame and adds its inclusive and exclusive time to the
// frame's node.
//
// Frames abandoned without an exit (longjmp, exceptions caught in
// uninstrumented code) are repaired in two ways:
//  - at enter: each frame may carry the canonical frame address (CFA) of its
//    function. The stack grows down, so a live ancestor of a function being
//    entered always has a larger CFA; open frames on top of the shadow stack
//    whose CFA is not larger than the new frame's are gone and are closed at
//    the timestamp of the enter (closeAbandonedFrames); the time the repair
//    takes (the unwinder confirms the CFA) is charged to no region: the new
//    frame starts after it, and the frame below leaves it out of its
//    exclusive time (chargeToNoRegion);
//  - at exit: if the exiting region is deeper in the stack, every frame above
//    it is closed at the same timestamp, then the region itself; an exit of a
//    region that is not on the stack at all is ignored.
// Both are counted (RepairCounters).
//
// The recorder takes timestamps and frame addresses as arguments and touches
// no global state, so it is unit tested directly. It is not thread-safe: one
// recorder per thread. enter() allocates only when a new call-path node or a
// deeper stack is needed; if that allocation fails it throws std::bad_alloc
// and leaves the recorder unchanged. Nothing else allocates or throws.
//
// Context frames (OpenMP, see OpenMPTool.h). A worker thread of a parallel
// region adopts the call path of the thread that started the region as
// context frames at the bottom of its empty stack, so that its own frames
// hang beneath the parallel region in the tree. Context frames count no
// visits and no exclusive time; when they are released, each adds the time
// of its closed children to its inclusive time (as a derived inclusive time
// would), which keeps every node's children within its inclusive time. The
// hot path does not know about them: only the cold paths (mismatched exits,
// closeAll) stop at the context. A context may stay open between the tasks
// that use it (holdsContext): its frames then gather their children's time
// over several tasks and add the sum at the release, the same total.
//
// Hot path. A slot of the shadow stack keeps the frame last opened at its
// depth after it is closed; enter() reuses that frame's node when the same
// region is entered again at that depth (a loop calling the same function),
// which skips the hash lookup of the child in the tree. The parent need not
// be compared: every slot in use holds a child of the node of the slot
// below it. A reuse keeps the slot's node; every other write of a slot's
// node marks the slot above it unused (forgetSlotAbove), since that slot
// may hold a child of the node it replaced. Each frame keeps its node's
// address besides its index (rebased whenever the tree's node array moves),
// so enter() and exit() reach the node without the array's address. exit()
// also checks the throttling threshold (ThrottlePolicy.h) on the node it
// closes, one comparison of its visit count.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_PROFILE_CALLPATHRECORDER_H
#define SEXTANT_RUNTIME_PROFILE_CALLPATHRECORDER_H

#include "common/Compiler.h"
#include "runtime/clock/Clock.h"
#include "runtime/profile/CallPathTree.h"
#include "runtime/regions/ThrottlePolicy.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sextant {
namespace runtime {

/// Counts of the events that did not nest properly.
struct RepairCounters {
  /// Events that closed abandoned frames: an exit of a region below the top
  /// of the stack, or an enter below frames whose stack frames were gone.
  uint64_t Repairs = 0;
  /// Frames closed by those repairs: exits that never arrived.
  uint64_t ExitsRepaired = 0;
  /// Exits of a region that was not on the stack at all.
  uint64_t IgnoredExits = 0;
  /// Frames still open when the recording ended (closeAll).
  uint64_t FramesOpenAtEnd = 0;

  RepairCounters &operator+=(const RepairCounters &Other) {
    Repairs += Other.Repairs;
    ExitsRepaired += Other.ExitsRepaired;
    IgnoredExits += Other.IgnoredExits;
    FramesOpenAtEnd += Other.FramesOpenAtEnd;
    return *this;
  }
};

class CallPathRecorder {
public:
  CallPathRecorder() = default;
  CallPathRecorder(const CallPathRecorder &) = delete;
  CallPathRecorder &operator=(const CallPathRecorder &) = delete;

  /// Opens a frame of Region (never 0) at time Now below the current top
  /// frame. FrameAddress is the CFA of the region's function, or 0 when
  /// unknown (then the frame is never judged abandoned at enter).
  SEXTANT_ALWAYS_INLINE void enter(uint32_t Region, Ticks Now,
                                   uintptr_t FrameAddress = 0) {
    if (__builtin_expect(!tryEnterReused(Region, Now, FrameAddress), 0))
      enterNew(Region, Now, FrameAddress);
  }

  /// enter() when the stack has room and the slot at the current depth
  /// last held a frame of Region under the same parent (see the file
  /// comment): opens the frame on that slot's node and returns true.
  /// Otherwise returns false and changes nothing: then enter() must be
  /// called.
  SEXTANT_ALWAYS_INLINE bool tryEnterReused(uint32_t Region, Ticks Now,
                                            uintptr_t FrameAddress) noexcept {
    if (__builtin_expect(!canEnterReused(Region), 0))
      return false;
    enterReused(Now, storedFrameAddress(FrameAddress));
    return true;
  }

  /// tryEnterReused() in two parts: true when it would open the frame.
  SEXTANT_ALWAYS_INLINE bool canEnterReused(uint32_t Region) const noexcept {
    // The sentinels (see Frames) make the checks of an empty or full stack
    // unnecessary: the slot past the last is never one of Region (not 0).
    // The slot above the top holds a child of the top frame's node when it
    // holds a region at all (see the file comment).
    return Top[1].Region == Region;
  }
  /// Opens the frame of tryEnterReused() once canEnterReused() is true;
  /// FrameAddress is a known CFA (isBelowTopFrame() was true for it), not
  /// 0.
  SEXTANT_ALWAYS_INLINE void enterReused(Ticks Now,
                                         uintptr_t FrameAddress) noexcept {
    Frame &Slot = Top[1];
    ++Slot.NodeAddress->Visits;
    Slot.Start = Now;
    Slot.ChildTicks = 0;
    Slot.FrameAddress = FrameAddress;
    Top = &Slot;
  }

  /// enter() on Node, a node of this recorder's tree that a caller kept
  /// (nodeAt()), when Node is Region's child of the top frame's node (then
  /// the stack has room for it): a caller whose sites alternate at one depth
  /// (the OpenMP tool: a loop, then the implicit barrier) then needs no lookup.
  /// Otherwise returns false and changes nothing.
  SEXTANT_ALWAYS_INLINE bool
  tryEnterNode(uint32_t Region, Ticks Now,
               CallPathTree::NodeIndex Node) noexcept {
    // No test of room above the top: a node that is a child of the top
    // frame's node was created for a frame one slot above the top's depth
    // (every node's depth in the tree is the depth of its frames), so the
    // stack, which never shrinks, has that slot.
    if (__builtin_expect(Node >= Tree.size(), 0))
      return false;
    CallPathTree::Node &Kept = Tree.node(Node);
    if (Kept.Region != Region || Kept.Parent != Top->Node)
      return false;
    Frame &Slot = Top[1];
    ++Kept.Visits;
    if (Slot.Node != Node)
      forgetSlotAbove(Slot);
    Slot.Region = Region;
    Slot.Node = Node;
    Slot.NodeAddress = &Kept;
    Slot.Start = Now;
    Slot.ChildTicks = 0;
    Slot.FrameAddress = NoFrameAddress;
    Top = &Slot;
    return true;
  }

  /// enter() when tryEnterReused() failed: grows the stack when full,
  /// finds or creates the child node (out of line). Throws as enter().
  void enterNew(uint32_t Region, Ticks Now, uintptr_t FrameAddress);

  /// Closes the frame of Region at time Now, repairing the stack when
  /// Region is not on top (see the file comment). Returns the node of the
  /// closed frame when it has just reached the throttling threshold (see
  /// setThrottleThreshold), else null.
  SEXTANT_ALWAYS_INLINE const CallPathTree::Node *exit(uint32_t Region,
                                                       Ticks Now) noexcept {
    if (__builtin_expect(isTop(Region), 1))
      return exitTop(Now);
    exitMismatched(Region, Now);
    return nullptr;
  }

  // exit() in two parts, for callers that need to know how many frames an
  // exit closed (the trace): if isTop(Region), exitTop(Now) closes one
  // frame; else exitMismatched(Region, Now) closes as many as it returns.

  /// True when the top frame is one of Region.
  SEXTANT_ALWAYS_INLINE bool isTop(uint32_t Region) const noexcept {
    return Top->Region == Region; // never the sentinel's
  }
  /// Closes the top frame at time Now (there must be one); returns what
  /// exit() returns.
  SEXTANT_ALWAYS_INLINE const CallPathTree::Node *exitTop(Ticks Now) noexcept {
    return closeTop(Now);
  }
  /// True when the top frame is one of Region and closing it cannot reach
  /// the throttling threshold: then exitTopUnthrottled() does what exitTop()
  /// does. False for every Region when the stack is empty (the sentinel's
  /// region is SentinelRegion), also for the handle values SEXTANT_INVALID
  /// and SEXTANT_FILTERED, which are never the region of an open frame: the
  /// plugin's exit needs no test of its handle before this one.
  SEXTANT_ALWAYS_INLINE bool
  canExitTopUnthrottled(uint32_t Region) const noexcept {
    return Top->Region == Region && Top->NodeAddress->Visits != Throttle.Visits;
  }
  /// exitTop() once canExitTopUnthrottled() is true.
  SEXTANT_ALWAYS_INLINE void exitTopUnthrottled(Ticks Now) noexcept {
    closeTopTimes(Now);
  }
  /// The exit of Region when it is not the top frame: closes every frame
  /// down to the innermost one of Region and returns their number, or
  /// counts an ignored exit and returns 0 when Region is not open.
  size_t exitMismatched(uint32_t Region, Ticks Now) noexcept;

  /// Sets the throttling check of exit(); the default never throttles.
  void setThrottleThreshold(const ThrottleThreshold &Threshold) {
    Throttle = Threshold;
  }

  /// Counts an exit that was ignored outside the recorder (an end of a user
  /// region that was not open).
  void countIgnoredExit() noexcept { ++Counters.IgnoredExits; }

  /// Cheap test before an enter of a frame with CFA FrameAddress: true when
  /// the top frame would be judged abandoned (its known CFA is not larger).
  /// False on an empty stack, when the top frame's CFA is unknown and when
  /// FrameAddress is 0.
  bool topMayBeAbandoned(uintptr_t FrameAddress) const noexcept {
    uintptr_t TopAddress = Top->FrameAddress;
    return Top != Frames - 1 && TopAddress != NoFrameAddress &&
           TopAddress <= FrameAddress;
  }

  /// The fast path's test of a frame address FrameAddress on the thread's
  /// stack (above its low end, which the caller tests): true when it is
  /// below the top frame's known CFA, or, when that is unknown or the stack
  /// empty, not above the stack's high end (setStackHigh()). Then
  /// FrameAddress is on the stack and the top frame not abandoned: it
  /// replaces the stack's upper bound and !topMayBeAbandoned(). A CFA is
  /// known only when on the stack, so not above the high end. Always false
  /// before the first frame was opened, and when the stack is unknown.
  SEXTANT_ALWAYS_INLINE bool
  isBelowTopFrame(uintptr_t FrameAddress) const noexcept {
    return FrameAddress < Top->FrameAddress;
  }

  /// Declares StackHigh the highest address of the thread's stack, the
  /// largest CFA a frame can have (0 when unknown: then isBelowTopFrame()
  /// is always false). Frames whose CFA is unknown store StackHigh + 1.
  void setStackHigh(uintptr_t StackHigh) noexcept;

  /// Closes, at time Now, the top frames whose known CFA is not larger than
  /// FrameAddress (the exact CFA of a function being entered): their stack
  /// frames no longer exist. Returns how many were closed.
  size_t closeAbandonedFrames(uintptr_t FrameAddress, Ticks Now) noexcept;

  /// Leaves Duration, which just passed in the top frame (if any), out of
  /// its exclusive time, as the time of a child would be, but in no child:
  /// the runtime's own work (repairing the stack at an enter) is charged to
  /// no region.
  void chargeToNoRegion(Ticks Duration) noexcept {
    if (depth() != 0)
      Top->ChildTicks += Duration;
  }

  /// Closes every open frame at time Now (end of the thread or process);
  /// counts them as FramesOpenAtEnd (context frames are released, not
  /// counted). Returns how many frames were removed, context included.
  size_t closeAll(Ticks Now) noexcept;

  /// An open frame as a copy of the recorder keeps it (RecorderCopy.h).
  struct OpenFrame {
    uint32_t Region;
    CallPathTree::NodeIndex Node;
    Ticks Start;
    Ticks ChildTicks;
  };
  /// Copies the depth() open frames, outermost first, to Out. Never
  /// allocates.
  void copyOpenFrames(OpenFrame *Out) const noexcept;
  /// Makes this recorder, a new one, hold a copy of another: the tree of
  /// NodeCount nodes at Nodes (CallPathTree::assignNodes), the Depth open
  /// frames at Open (outermost first, the lowest ContextDepth of them
  /// context frames) and the counters Copied. The frames' CFAs are unknown.
  /// Throws std::bad_alloc; also for a frame whose node is not in the tree.
  void restoreCopy(const CallPathTree::Node *Nodes, size_t NodeCount,
                   const OpenFrame *Open, size_t Depth, size_t ContextDepth,
                   const RepairCounters &Copied);

  /// Forgets the profile but keeps the open frames, as if each had been
  /// entered at Now (one visit each): the recorder of the forking thread in
  /// a child process after fork(). Throws std::bad_alloc, leaving the
  /// recorder unchanged.
  void restart(Ticks Now);

  /// Opens Regions[0, Count) (outermost first) as context frames on the
  /// empty stack (see the file comment); does nothing unless depth() is 0.
  /// Throws std::bad_alloc, leaving the recorder unchanged.
  void adoptContext(const uint32_t *Regions, size_t Count);

  /// Closes the frames above the context at Now (counted as repaired exits)
  /// and releases the context frames, adding their children's time to their
  /// inclusive time; the stack is then empty. Returns the number of frames
  /// removed (context frames included).
  size_t releaseContext(Ticks Now) noexcept;

  /// True when the stack holds context frames of Regions[0, Count) and
  /// nothing above them: a context kept open after its last task (an OpenMP
  /// worker's, see OpenMPTool.h) serves as the adoption of Regions. One
  /// comparison per frame, no lookup.
  bool holdsContext(const uint32_t *Regions, size_t Count) const noexcept {
    if (ContextDepth != Count || !holdsOnlyContext())
      return false;
    for (size_t Level = 0; Level < Count; ++Level)
      if (Frames[Level].Region != Regions[Level])
        return false;
    return true;
  }

  /// Number of context frames at the bottom of the stack.
  size_t contextDepth() const { return ContextDepth; }
  /// depth() == contextDepth(): no frame above the context (or no frame at
  /// all), compared by address (depth() divides by the frame's size).
  bool holdsOnlyContext() const noexcept {
    return Top == Frames - 1 + ContextDepth;
  }

  /// Number of open frames (context frames included).
  size_t depth() const { return static_cast<size_t>(Top - (Frames - 1)); }
  /// Region of the open frame at Level (0 = outermost).
  uint32_t regionAt(size_t Level) const { return Frames[Level].Region; }
  /// Tree node of the open frame at Level (0 = outermost).
  CallPathTree::NodeIndex nodeAt(size_t Level) const {
    return Frames[Level].Node;
  }

  const CallPathTree &tree() const { return Tree; }
  const RepairCounters &counters() const { return Counters; }

  /// Bytes at the start of a recorder that enter() and exit() touch on
  /// their fast path: the stack, its top and capacity and the throttling
  /// check (ThreadState.h keeps them on its first two cache lines). The
  /// tree is not read there: the frames carry their nodes' addresses.
  static constexpr size_t hotBytes();

private:
  /// The region of the sentinel below the stack: neither a region id (ids
  /// are 1 to RegionRegistry's limit, below it) nor a handle value
  /// (SEXTANT_INVALID 0, SEXTANT_FILTERED 0xFFFFFFFF).
  static constexpr uint32_t SentinelRegion = 0xFFFFFFFEu;

  struct Frame {
    uint32_t Region = 0;
    CallPathTree::NodeIndex Node = CallPathTree::RootNode;
    /// Tree.node(Node), kept by rebaseNodeAddresses(): the fast path
    /// reaches the node without the node array's address. Null in
    /// EmptyStack, whose frames are never a frame's node.
    CallPathTree::Node *NodeAddress = nullptr;
    Ticks Start = 0;
    Ticks ChildTicks = 0; ///< inclusive time of the closed children
    /// CFA of the function; NoFrameAddress when unknown (0 in EmptyStack,
    /// which makes isBelowTopFrame() false).
    uintptr_t FrameAddress = 0;
  };

  SEXTANT_ALWAYS_INLINE const CallPathTree::Node *closeTop(Ticks Now) noexcept {
    CallPathTree::Node &Node = closeTopTimes(Now);
    if (__builtin_expect(Node.Visits == Throttle.Visits, 0) &&
        reachesThrottleThreshold(Throttle, Node.Visits, Node.InclusiveTicks))
      return &Node;
    return nullptr;
  }

  /// Closes the top frame at Now and returns its node.
  SEXTANT_ALWAYS_INLINE CallPathTree::Node &closeTopTimes(Ticks Now) noexcept {
    const Frame &Closed = *Top--;
    Ticks Elapsed = Now > Closed.Start ? Now - Closed.Start : 0;
    CallPathTree::Node &Node = *Closed.NodeAddress;
    Node.InclusiveTicks += Elapsed;
    // Not clamped per visit: the children's time never exceeds Elapsed on a
    // clock that does not go back; where it did, the excess comes off the
    // node's sum, which is read through CallPathTree::Node::exclusive().
    Node.ExclusiveTicks += Elapsed - Closed.ChildTicks;
    Top->ChildTicks += Elapsed; // the sentinel's is never read
    return Node;
  }

  void growStack();
  static Frame EmptyStack[2];

  /// FrameAddress as a frame stores it: NoFrameAddress for 0 (unknown).
  uintptr_t storedFrameAddress(uintptr_t FrameAddress) const noexcept {
    return FrameAddress != 0 ? FrameAddress : NoFrameAddress;
  }

  /// The child of Parent for Region in Tree (CallPathTree::child()); when
  /// the node array moved, sets every frame's NodeAddress anew.
  CallPathTree::NodeIndex child(CallPathTree::NodeIndex Parent,
                                uint32_t Region);
  /// Sets the NodeAddress of every frame of Stack (open, kept and the
  /// sentinels) to its node in Tree's node array.
  void rebaseNodeAddresses() noexcept;

  /// Marks the slot above Slot (a slot of Frames, not a sentinel) unused:
  /// Slot's node is about to change, and the slot above may hold a child of
  /// the old one. The slot above may be the end sentinel, whose region stays
  /// 0. A slot's node changes only through here, or with every slot above
  /// it marked unused (restart).
  static void forgetSlotAbove(Frame &Slot) noexcept { (&Slot)[1].Region = 0; }

  /// Makes the Depth lowest frames the open ones (moves Top).
  void setDepth(size_t Depth) noexcept { Top = Frames - 1 + Depth; }

  /// Frames[0, depth()) are the open frames, Top the last of them (the
  /// sentinel Frames[-1] when there is none): the fast path reaches the top
  /// frame and the slot above it without index arithmetic.
  /// Frames[depth(), Capacity) keep the
  /// frames last closed at their depth (Region 0 when never used, or when
  /// the slot below changed its node: forgetSlotAbove()); every slot with a
  /// region holds a child of the node of the slot below it.
  /// Frames[-1] and Frames[Capacity] are sentinels: Frames[-1] has the root
  /// as its node and SentinelRegion as its region, Frames[Capacity] region 0
  /// (no region); before the first growStack(),
  /// Frames points into EmptyStack, whose sentinels are only read.
  /// The members the fast path touches come first (see hotBytes()).
  Frame *Frames = EmptyStack + 1;
  Frame *Top = EmptyStack;
  size_t Capacity = 0;
  ThrottleThreshold Throttle;
  CallPathTree Tree;
  /// Frames[0, ContextDepth) are context frames.
  size_t ContextDepth = 0;
  /// The FrameAddress of a frame whose CFA is unknown, and of the sentinel
  /// below the stack: one more than the stack's highest address
  /// (setStackHigh()), so that isBelowTopFrame() needs one comparison.
  uintptr_t NoFrameAddress = 1;
  RepairCounters Counters;
  /// The storage of Frames. Grown by doubling, never shrunk.
  std::vector<Frame> Stack;
};

constexpr size_t CallPathRecorder::hotBytes() {
  return offsetof(CallPathRecorder, Tree);
}

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_PROFILE_CALLPATHRECORDER_H
