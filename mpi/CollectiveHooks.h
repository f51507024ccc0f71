//===- mpi/CollectiveHooks.h - Hooks of collective operations ---*- C++ -*-===//
//
// Part of Sextant. The accounting hooks (HookSupport.h) of the collective
// operations, blocking and nonblocking (a nonblocking one counts at the
// call). Counted per function: the bytes this rank passes to MPI in send
// buffers and gets back in receive buffers; a rank's own block counts as
// sent and received unless MPI_IN_PLACE leaves it in place; calls as root
// are counted. With SEXTANT_TRACE=1 every collective call on an
// intracommunicator (MPI_Barrier too) is recorded in the trace
// (MessageTrace.h, traceCollective).
//
// The gathers and scatters are mirror images, and so are their v forms:
// each is one rooted exchange (recordRooted) whose blocks go to the root or
// come from it. The all-to-all forms differ only in how their blocks are
// sized (recordAllToAll). Blocks are sized by the kinds below: equal
// blocks, blocks of one datatype with a count each (the v forms) and blocks
// with a count and a datatype each (the w form).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_COLLECTIVEHOOKS_H
#define SEXTANT_MPI_COLLECTIVEHOOKS_H

#include "HookSupport.h"

#include <optional>

namespace sextant {
namespace mpi {
namespace hooks {

/// Records a collective call on Comm that returned Result in the trace
/// (MessageTrace.h), when tracing: its root (HasRoot) is Root.
inline void traceCall(int Result, MPI_Comm Comm, bool HasRoot, int Root) {
  if (Result == MPI_SUCCESS && messagesTraced())
    traceCollective(Comm, HasRoot, Root);
}

/// MPI_Barrier and MPI_Ibarrier move no data: only their trace record.
struct Barrier : Stateless {
  template <typename... Rest>
  static void after(State &, int Result, MPI_Comm Comm, Rest &...) {
    traceCall(Result, Comm, false, 0);
  }
};
struct MPI_Barrier : Barrier {};
struct MPI_Ibarrier : Barrier {};

//===----------------------------------------------------------------------===//
// The blocks of a collective
//===----------------------------------------------------------------------===//

/// Count elements of Type: one rank's block.
struct Block {
  MPI_Datatype Type;
  MPI_Count Count;
  uint64_t bytes() const { return dataBytes(Type, Count); }
};

/// One block for every rank, all alike (MPI_Gather, MPI_Alltoall, ...).
struct EqualBlocks {
  Block Each;
  /// The bytes of the blocks of Size ranks.
  uint64_t total(int Size) const { return Each.bytes() * Size; }
  /// The same without one rank's block.
  uint64_t othersThan(int Size, int) const { return Each.bytes() * (Size - 1); }
};

/// Bytes of the sum of Counts[0..N) elements of Type.
template <typename CountArray>
uint64_t sumBytes(CountArray Counts, int N, MPI_Datatype Type) {
  if (!Counts || N <= 0)
    return 0;
  MPI_Count Sum = 0;
  for (int I = 0; I < N; ++I)
    Sum += Counts[I];
  return dataBytes(Type, Sum);
}

/// Counts[I] elements of Type for rank I (the v forms).
template <typename CountArray> struct CountedBlocks {
  CountArray Counts;
  MPI_Datatype Type;
  uint64_t total(int Size) const { return sumBytes(Counts, Size, Type); }
  uint64_t othersThan(int Size, int Rank) const {
    return total(Size) - dataBytes(Type, Counts[Rank]);
  }
};

/// Bytes of Counts[I] elements of Types[I] for I in [0, N) but Skip.
template <typename CountArray>
uint64_t typedBytes(CountArray Counts, const MPI_Datatype *Types, int N,
                    int Skip) {
  uint64_t Sum = 0;
  if (!Counts || !Types)
    return 0;
  for (int I = 0; I < N; ++I)
    if (I != Skip)
      Sum += dataBytes(Types[I], Counts[I]);
  return Sum;
}

/// Counts[I] elements of Types[I] for rank I (the w form).
template <typename CountArray> struct TypedBlocks {
  CountArray Counts;
  const MPI_Datatype *Types;
  uint64_t total(int Size) const { return typedBytes(Counts, Types, Size, -1); }
  uint64_t othersThan(int Size, int Rank) const {
    return typedBytes(Counts, Types, Size, Rank);
  }
};

//===----------------------------------------------------------------------===//
// Rooted collectives
//===----------------------------------------------------------------------===//

/// Whether this rank is the root of a rooted collective, and whether it
/// takes part at all (an intercommunicator's non-root members of the root
/// group pass MPI_PROC_NULL).
struct RootRole {
  bool Root = false;
  bool Participates = true;
  CollectiveShape Shape;
};
inline RootRole rootRole(MPI_Comm Comm, int Root) {
  RootRole Role;
  Role.Shape = collectiveShape(Comm);
  if (Role.Shape.Inter) {
    Role.Root = Root == MPI_ROOT;
    Role.Participates = Root != MPI_PROC_NULL;
  } else {
    Role.Root = Root == Role.Shape.Rank;
  }
  return Role;
}

/// This rank's role in a rooted collective that returned Result, when it
/// is to be counted: the call succeeded and the rank takes part.
inline std::optional<RootRole> countedRole(int Result, MPI_Comm Comm,
                                           int Root) {
  if (!succeeded(Result))
    return std::nullopt;
  RootRole Role = rootRole(Comm, Root);
  if (!Role.Participates)
    return std::nullopt;
  return Role;
}

struct Bcast : Stateless {
  template <typename Count, typename... Rest>
  static void after(State &, int Result, void *, Count N, MPI_Datatype Type,
                    int Root, MPI_Comm Comm, Rest &...) {
    traceCall(Result, Comm, true, Root);
    std::optional<RootRole> Role = countedRole(Result, Comm, Root);
    if (!Role)
      return;
    uint64_t Bytes = dataBytes(Type, N);
    recordCollective(currentFunction(), Role->Root ? Bytes : 0,
                     Role->Root ? 0 : Bytes, Role->Root);
  }
};
struct MPI_Bcast : Bcast {};
struct MPI_Ibcast : Bcast {};

struct Reduce : Stateless {
  template <typename Count, typename... Rest>
  static void after(State &, int Result, const void *, void *, Count N,
                    MPI_Datatype Type, MPI_Op, int Root, MPI_Comm Comm,
                    Rest &...) {
    traceCall(Result, Comm, true, Root);
    std::optional<RootRole> Role = countedRole(Result, Comm, Root);
    if (!Role)
      return;
    uint64_t Bytes = dataBytes(Type, N);
    bool SendsData = !(Role->Shape.Inter && Role->Root);
    recordCollective(currentFunction(), SendsData ? Bytes : 0,
                     Role->Root ? Bytes : 0, Role->Root);
  }
};
struct MPI_Reduce : Reduce {};
struct MPI_Ireduce : Reduce {};

/// Which way the blocks of a rooted exchange go.
enum class RootedFlow {
  ToRoot,  ///< from every member to the root (MPI_Gather(v))
  FromRoot ///< from the root to every member (MPI_Scatter(v))
};

/// Records a rooted exchange of one block between the root and every
/// member, whose blocks go to the root or come from it (Flow). Own: this
/// rank's block in its own buffer (a gather's send buffer, a scatter's
/// receive buffer); Blocks: the root's buffer of every member's block;
/// InPlace: the own buffer is MPI_IN_PLACE. An intracommunicator's root
/// passes its own block from one buffer to the other, unless in place.
template <typename RootBlocks>
void recordRooted(RootedFlow Flow, const RootRole &Role, bool InPlace,
                  Block Own, const RootBlocks &Blocks) {
  uint64_t OwnBytes = 0;  // this rank's own buffer
  uint64_t RootBytes = 0; // the root's buffer of blocks
  const CollectiveShape &Shape = Role.Shape;
  if (!Role.Root) {
    OwnBytes = Own.bytes();
  } else if (Shape.Inter) {
    RootBytes = Blocks.total(Shape.Size);
  } else if (InPlace) {
    RootBytes = Blocks.othersThan(Shape.Size, Shape.Rank);
  } else {
    OwnBytes = Own.bytes();
    RootBytes = Blocks.total(Shape.Size);
  }
  if (Flow == RootedFlow::ToRoot)
    recordCollective(currentFunction(), OwnBytes, RootBytes, Role.Root);
  else
    recordCollective(currentFunction(), RootBytes, OwnBytes, Role.Root);
}

/// MPI_Gather and MPI_Scatter, whose parameters are alike: the send side,
/// then the receive side, the root and the communicator.
template <RootedFlow Flow> struct GatherOrScatter : Stateless {
  template <typename Count, typename... Rest>
  static void after(State &, int Result, const void *SendBuffer,
                    Count SendCount, MPI_Datatype SendType, void *ReceiveBuffer,
                    Count ReceiveCount, MPI_Datatype ReceiveType, int Root,
                    MPI_Comm Comm, Rest &...) {
    traceCall(Result, Comm, true, Root);
    std::optional<RootRole> Role = countedRole(Result, Comm, Root);
    if (!Role)
      return;
    Block SendBlock{SendType, SendCount};
    Block ReceiveBlock{ReceiveType, ReceiveCount};
    if (Flow == RootedFlow::ToRoot)
      recordRooted(Flow, *Role, SendBuffer == MPI_IN_PLACE, SendBlock,
                   EqualBlocks{ReceiveBlock});
    else
      recordRooted(Flow, *Role, ReceiveBuffer == MPI_IN_PLACE, ReceiveBlock,
                   EqualBlocks{SendBlock});
  }
};
struct MPI_Gather : GatherOrScatter<RootedFlow::ToRoot> {};
struct MPI_Igather : GatherOrScatter<RootedFlow::ToRoot> {};
struct MPI_Scatter : GatherOrScatter<RootedFlow::FromRoot> {};
struct MPI_Iscatter : GatherOrScatter<RootedFlow::FromRoot> {};

struct Gatherv : Stateless {
  template <typename Count, typename CountArray, typename DisplacementArray,
            typename... Rest>
  static void after(State &, int Result, const void *SendBuffer,
                    Count SendCount, MPI_Datatype SendType, void *,
                    CountArray ReceiveCounts, DisplacementArray,
                    MPI_Datatype ReceiveType, int Root, MPI_Comm Comm,
                    Rest &...) {
    traceCall(Result, Comm, true, Root);
    if (std::optional<RootRole> Role = countedRole(Result, Comm, Root))
      recordRooted(RootedFlow::ToRoot, *Role, SendBuffer == MPI_IN_PLACE,
                   Block{SendType, SendCount},
                   CountedBlocks<CountArray>{ReceiveCounts, ReceiveType});
  }
};
struct MPI_Gatherv : Gatherv {};
struct MPI_Igatherv : Gatherv {};

struct Scatterv : Stateless {
  template <typename CountArray, typename DisplacementArray, typename Count,
            typename... Rest>
  static void after(State &, int Result, const void *, CountArray SendCounts,
                    DisplacementArray, MPI_Datatype SendType,
                    void *ReceiveBuffer, Count ReceiveCount,
                    MPI_Datatype ReceiveType, int Root, MPI_Comm Comm,
                    Rest &...) {
    traceCall(Result, Comm, true, Root);
    if (std::optional<RootRole> Role = countedRole(Result, Comm, Root))
      recordRooted(RootedFlow::FromRoot, *Role, ReceiveBuffer == MPI_IN_PLACE,
                   Block{ReceiveType, ReceiveCount},
                   CountedBlocks<CountArray>{SendCounts, SendType});
  }
};
struct MPI_Scatterv : Scatterv {};
struct MPI_Iscatterv : Scatterv {};

//===----------------------------------------------------------------------===//
// Collectives without a root
//===----------------------------------------------------------------------===//

template <bool Exclusive> struct Allreduce : Stateless {
  template <typename Count, typename... Rest>
  static void after(State &, int Result, const void *, void *, Count N,
                    MPI_Datatype Type, MPI_Op, MPI_Comm Comm, Rest &...) {
    traceCall(Result, Comm, false, 0);
    if (!succeeded(Result))
      return;
    uint64_t Bytes = dataBytes(Type, N);
    bool Receives = !Exclusive || collectiveShape(Comm).Rank != 0;
    recordCollective(currentFunction(), Bytes, Receives ? Bytes : 0, false);
  }
};
struct MPI_Allreduce : Allreduce<false> {};
struct MPI_Iallreduce : Allreduce<false> {};
struct MPI_Scan : Allreduce<false> {};
struct MPI_Iscan : Allreduce<false> {};
struct MPI_Exscan : Allreduce<true> {};
struct MPI_Iexscan : Allreduce<true> {};

struct Allgather : Stateless {
  template <typename Count, typename... Rest>
  static void after(State &, int Result, const void *SendBuffer,
                    Count SendCount, MPI_Datatype SendType, void *,
                    Count ReceiveCount, MPI_Datatype ReceiveType, MPI_Comm Comm,
                    Rest &...) {
    traceCall(Result, Comm, false, 0);
    if (!succeeded(Result))
      return;
    CollectiveShape Shape = collectiveShape(Comm);
    uint64_t BlockBytes = dataBytes(ReceiveType, ReceiveCount);
    bool InPlace = SendBuffer == MPI_IN_PLACE;
    recordCollective(currentFunction(),
                     InPlace ? BlockBytes : dataBytes(SendType, SendCount),
                     BlockBytes * (Shape.Size - (InPlace ? 1 : 0)), false);
  }
};
struct MPI_Allgather : Allgather {};
struct MPI_Iallgather : Allgather {};

struct Allgatherv : Stateless {
  template <typename Count, typename CountArray, typename DisplacementArray,
            typename... Rest>
  static void after(State &, int Result, const void *SendBuffer,
                    Count SendCount, MPI_Datatype SendType, void *,
                    CountArray ReceiveCounts, DisplacementArray,
                    MPI_Datatype ReceiveType, MPI_Comm Comm, Rest &...) {
    traceCall(Result, Comm, false, 0);
    if (!succeeded(Result))
      return;
    CollectiveShape Shape = collectiveShape(Comm);
    uint64_t Received = sumBytes(ReceiveCounts, Shape.Size, ReceiveType);
    uint64_t Sent = dataBytes(SendType, SendCount);
    if (SendBuffer == MPI_IN_PLACE && !Shape.Inter) {
      Sent = dataBytes(ReceiveType, ReceiveCounts[Shape.Rank]);
      Received -= Sent;
    }
    recordCollective(currentFunction(), Sent, Received, false);
  }
};
struct MPI_Allgatherv : Allgatherv {};
struct MPI_Iallgatherv : Allgatherv {};

/// Records an exchange in which every rank sends a block to every rank and
/// receives one from each, after a call on Comm that succeeded. In place,
/// the receive buffer's blocks but this rank's own are sent and replaced.
template <typename SendSide, typename ReceiveSide>
void recordAllToAll(MPI_Comm Comm, bool InPlace, const SendSide &Send,
                    const ReceiveSide &Receive) {
  CollectiveShape Shape = collectiveShape(Comm);
  if (InPlace) {
    uint64_t Moved = Receive.othersThan(Shape.Size, Shape.Rank);
    recordCollective(currentFunction(), Moved, Moved, false);
  } else {
    recordCollective(currentFunction(), Send.total(Shape.Size),
                     Receive.total(Shape.Size), false);
  }
}

struct Alltoall : Stateless {
  template <typename Count, typename... Rest>
  static void after(State &, int Result, const void *SendBuffer,
                    Count SendCount, MPI_Datatype SendType, void *,
                    Count ReceiveCount, MPI_Datatype ReceiveType, MPI_Comm Comm,
                    Rest &...) {
    traceCall(Result, Comm, false, 0);
    if (succeeded(Result))
      recordAllToAll(Comm, SendBuffer == MPI_IN_PLACE,
                     EqualBlocks{{SendType, SendCount}},
                     EqualBlocks{{ReceiveType, ReceiveCount}});
  }
};
struct MPI_Alltoall : Alltoall {};
struct MPI_Ialltoall : Alltoall {};

struct Alltoallv : Stateless {
  template <typename CountArray, typename DisplacementArray, typename... Rest>
  static void after(State &, int Result, const void *SendBuffer,
                    CountArray SendCounts, DisplacementArray,
                    MPI_Datatype SendType, void *, CountArray ReceiveCounts,
                    DisplacementArray, MPI_Datatype ReceiveType, MPI_Comm Comm,
                    Rest &...) {
    traceCall(Result, Comm, false, 0);
    if (succeeded(Result))
      recordAllToAll(Comm, SendBuffer == MPI_IN_PLACE,
                     CountedBlocks<CountArray>{SendCounts, SendType},
                     CountedBlocks<CountArray>{ReceiveCounts, ReceiveType});
  }
};
struct MPI_Alltoallv : Alltoallv {};
struct MPI_Ialltoallv : Alltoallv {};

struct Alltoallw : Stateless {
  template <typename CountArray, typename DisplacementArray, typename... Rest>
  static void
  after(State &, int Result, const void *SendBuffer, CountArray SendCounts,
        DisplacementArray, const MPI_Datatype *SendTypes, void *,
        CountArray ReceiveCounts, DisplacementArray,
        const MPI_Datatype *ReceiveTypes, MPI_Comm Comm, Rest &...) {
    traceCall(Result, Comm, false, 0);
    if (succeeded(Result))
      recordAllToAll(Comm, SendBuffer == MPI_IN_PLACE,
                     TypedBlocks<CountArray>{SendCounts, SendTypes},
                     TypedBlocks<CountArray>{ReceiveCounts, ReceiveTypes});
  }
};
struct MPI_Alltoallw : Alltoallw {};
struct MPI_Ialltoallw : Alltoallw {};

struct ReduceScatter : Stateless {
  template <typename CountArray, typename... Rest>
  static void after(State &, int Result, const void *, void *,
                    CountArray ReceiveCounts, MPI_Datatype Type, MPI_Op,
                    MPI_Comm Comm, Rest &...) {
    traceCall(Result, Comm, false, 0);
    if (!succeeded(Result))
      return;
    CollectiveShape Shape = collectiveShape(Comm);
    uint64_t Received = Shape.Rank >= 0 && ReceiveCounts
                            ? dataBytes(Type, ReceiveCounts[Shape.Rank])
                            : 0;
    recordCollective(currentFunction(),
                     sumBytes(ReceiveCounts, Shape.Size, Type), Received,
                     false);
  }
};
struct MPI_Reduce_scatter : ReduceScatter {};
struct MPI_Ireduce_scatter : ReduceScatter {};

struct ReduceScatterBlock : Stateless {
  template <typename Count, typename... Rest>
  static void after(State &, int Result, const void *, void *, Count N,
                    MPI_Datatype Type, MPI_Op, MPI_Comm Comm, Rest &...) {
    traceCall(Result, Comm, false, 0);
    if (!succeeded(Result))
      return;
    uint64_t BlockBytes = dataBytes(Type, N);
    recordCollective(currentFunction(), BlockBytes * collectiveShape(Comm).Size,
                     BlockBytes, false);
  }
};
struct MPI_Reduce_scatter_block : ReduceScatterBlock {};
struct MPI_Ireduce_scatter_block : ReduceScatterBlock {};

} // namespace hooks
} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_COLLECTIVEHOOKS_H
