//===- mpi/CollectiveHooks.h - Hooks of collective operations ---*- C++ -*-===//
//
// Part of Sextant. The accounting hooks (HookSupport.h) of the collective
// operations, blocking and nonblocking (a nonblocking one counts at the
// call). Counted per function: the bytes this rank passes to MPI in send
// buffers and gets back in receive buffers; a rank's own block counts as
// sent and received unless MPI_IN_PLACE leaves it in place; calls as root
// are counted.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_COLLECTIVEHOOKS_H
#define SEXTANT_MPI_COLLECTIVEHOOKS_H

#include "HookSupport.h"

namespace sextant {
namespace mpi {
namespace hooks {

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

struct Bcast : Stateless {
  template <typename Count, typename... Rest>
  static void after(State &, int Result, void *, Count N, MPI_Datatype Type,
                    int Root, MPI_Comm Comm, Rest &...) {
    if (!succeeded(Result))
      return;
    RootRole Role = rootRole(Comm, Root);
    if (!Role.Participates)
      return;
    uint64_t Bytes = dataBytes(Type, N);
    recordCollective(currentFunction(), Role.Root ? Bytes : 0,
                     Role.Root ? 0 : Bytes, Role.Root);
  }
};
struct MPI_Bcast : Bcast {};
struct MPI_Ibcast : Bcast {};

struct Reduce : Stateless {
  template <typename Count, typename... Rest>
  static void after(State &, int Result, const void *, void *, Count N,
                    MPI_Datatype Type, MPI_Op, int Root, MPI_Comm Comm,
                    Rest &...) {
    if (!succeeded(Result))
      return;
    RootRole Role = rootRole(Comm, Root);
    if (!Role.Participates)
      return;
    uint64_t Bytes = dataBytes(Type, N);
    bool SendsData = !(Role.Shape.Inter && Role.Root);
    recordCollective(currentFunction(), SendsData ? Bytes : 0,
                     Role.Root ? Bytes : 0, Role.Root);
  }
};
struct MPI_Reduce : Reduce {};
struct MPI_Ireduce : Reduce {};

template <bool Exclusive> struct Allreduce : Stateless {
  template <typename Count, typename... Rest>
  static void after(State &, int Result, const void *, void *, Count N,
                    MPI_Datatype Type, MPI_Op, MPI_Comm Comm, Rest &...) {
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

struct Gather : Stateless {
  template <typename Count, typename... Rest>
  static void after(State &, int Result, const void *SendBuffer,
                    Count SendCount, MPI_Datatype SendType, void *,
                    Count ReceiveCount, MPI_Datatype ReceiveType, int Root,
                    MPI_Comm Comm, Rest &...) {
    if (!succeeded(Result))
      return;
    RootRole Role = rootRole(Comm, Root);
    if (!Role.Participates)
      return;
    uint64_t Block = dataBytes(ReceiveType, ReceiveCount);
    if (!Role.Root) {
      recordCollective(currentFunction(), dataBytes(SendType, SendCount), 0,
                       false);
    } else if (Role.Shape.Inter) {
      recordCollective(currentFunction(), 0, Block * Role.Shape.Size, true);
    } else {
      bool InPlace = SendBuffer == MPI_IN_PLACE;
      recordCollective(currentFunction(),
                       InPlace ? 0 : dataBytes(SendType, SendCount),
                       Block * (Role.Shape.Size - (InPlace ? 1 : 0)), true);
    }
  }
};
struct MPI_Gather : Gather {};
struct MPI_Igather : Gather {};

struct Gatherv : Stateless {
  template <typename Count, typename CountArray, typename DisplacementArray,
            typename... Rest>
  static void after(State &, int Result, const void *SendBuffer,
                    Count SendCount, MPI_Datatype SendType, void *,
                    CountArray ReceiveCounts, DisplacementArray,
                    MPI_Datatype ReceiveType, int Root, MPI_Comm Comm,
                    Rest &...) {
    if (!succeeded(Result))
      return;
    RootRole Role = rootRole(Comm, Root);
    if (!Role.Participates)
      return;
    if (!Role.Root) {
      recordCollective(currentFunction(), dataBytes(SendType, SendCount), 0,
                       false);
      return;
    }
    uint64_t Received = sumBytes(ReceiveCounts, Role.Shape.Size, ReceiveType);
    uint64_t Sent = 0;
    if (!Role.Shape.Inter) {
      if (SendBuffer == MPI_IN_PLACE)
        Received -= dataBytes(ReceiveType, ReceiveCounts[Role.Shape.Rank]);
      else
        Sent = dataBytes(SendType, SendCount);
    }
    recordCollective(currentFunction(), Sent, Received, true);
  }
};
struct MPI_Gatherv : Gatherv {};
struct MPI_Igatherv : Gatherv {};

struct Scatter : Stateless {
  template <typename Count, typename... Rest>
  static void after(State &, int Result, const void *, Count SendCount,
                    MPI_Datatype SendType, void *ReceiveBuffer,
                    Count ReceiveCount, MPI_Datatype ReceiveType, int Root,
                    MPI_Comm Comm, Rest &...) {
    if (!succeeded(Result))
      return;
    RootRole Role = rootRole(Comm, Root);
    if (!Role.Participates)
      return;
    uint64_t Block = dataBytes(SendType, SendCount);
    if (!Role.Root) {
      recordCollective(currentFunction(), 0,
                       dataBytes(ReceiveType, ReceiveCount), false);
    } else if (Role.Shape.Inter) {
      recordCollective(currentFunction(), Block * Role.Shape.Size, 0, true);
    } else {
      bool InPlace = ReceiveBuffer == MPI_IN_PLACE;
      recordCollective(
          currentFunction(), Block * (Role.Shape.Size - (InPlace ? 1 : 0)),
          InPlace ? 0 : dataBytes(ReceiveType, ReceiveCount), true);
    }
  }
};
struct MPI_Scatter : Scatter {};
struct MPI_Iscatter : Scatter {};

struct Scatterv : Stateless {
  template <typename CountArray, typename DisplacementArray, typename Count,
            typename... Rest>
  static void after(State &, int Result, const void *, CountArray SendCounts,
                    DisplacementArray, MPI_Datatype SendType,
                    void *ReceiveBuffer, Count ReceiveCount,
                    MPI_Datatype ReceiveType, int Root, MPI_Comm Comm,
                    Rest &...) {
    if (!succeeded(Result))
      return;
    RootRole Role = rootRole(Comm, Root);
    if (!Role.Participates)
      return;
    if (!Role.Root) {
      recordCollective(currentFunction(), 0,
                       dataBytes(ReceiveType, ReceiveCount), false);
      return;
    }
    uint64_t Sent = sumBytes(SendCounts, Role.Shape.Size, SendType);
    uint64_t Received = 0;
    if (!Role.Shape.Inter) {
      if (ReceiveBuffer == MPI_IN_PLACE)
        Sent -= dataBytes(SendType, SendCounts[Role.Shape.Rank]);
      else
        Received = dataBytes(ReceiveType, ReceiveCount);
    }
    recordCollective(currentFunction(), Sent, Received, true);
  }
};
struct MPI_Scatterv : Scatterv {};
struct MPI_Iscatterv : Scatterv {};

struct Allgather : Stateless {
  template <typename Count, typename... Rest>
  static void after(State &, int Result, const void *SendBuffer,
                    Count SendCount, MPI_Datatype SendType, void *,
                    Count ReceiveCount, MPI_Datatype ReceiveType, MPI_Comm Comm,
                    Rest &...) {
    if (!succeeded(Result))
      return;
    CollectiveShape Shape = collectiveShape(Comm);
    uint64_t Block = dataBytes(ReceiveType, ReceiveCount);
    bool InPlace = SendBuffer == MPI_IN_PLACE;
    recordCollective(currentFunction(),
                     InPlace ? Block : dataBytes(SendType, SendCount),
                     Block * (Shape.Size - (InPlace ? 1 : 0)), false);
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

struct Alltoall : Stateless {
  template <typename Count, typename... Rest>
  static void after(State &, int Result, const void *SendBuffer,
                    Count SendCount, MPI_Datatype SendType, void *,
                    Count ReceiveCount, MPI_Datatype ReceiveType, MPI_Comm Comm,
                    Rest &...) {
    if (!succeeded(Result))
      return;
    CollectiveShape Shape = collectiveShape(Comm);
    uint64_t Block = dataBytes(ReceiveType, ReceiveCount);
    if (SendBuffer == MPI_IN_PLACE) {
      uint64_t Moved = Block * (Shape.Size - 1);
      recordCollective(currentFunction(), Moved, Moved, false);
    } else {
      recordCollective(currentFunction(),
                       dataBytes(SendType, SendCount) * Shape.Size,
                       Block * Shape.Size, false);
    }
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
    if (!succeeded(Result))
      return;
    CollectiveShape Shape = collectiveShape(Comm);
    uint64_t Received = sumBytes(ReceiveCounts, Shape.Size, ReceiveType);
    if (SendBuffer == MPI_IN_PLACE) {
      Received -= dataBytes(ReceiveType, ReceiveCounts[Shape.Rank]);
      recordCollective(currentFunction(), Received, Received, false);
    } else {
      recordCollective(currentFunction(),
                       sumBytes(SendCounts, Shape.Size, SendType), Received,
                       false);
    }
  }
};
struct MPI_Alltoallv : Alltoallv {};
struct MPI_Ialltoallv : Alltoallv {};

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

struct Alltoallw : Stateless {
  template <typename CountArray, typename DisplacementArray, typename... Rest>
  static void
  after(State &, int Result, const void *SendBuffer, CountArray SendCounts,
        DisplacementArray, const MPI_Datatype *SendTypes, void *,
        CountArray ReceiveCounts, DisplacementArray,
        const MPI_Datatype *ReceiveTypes, MPI_Comm Comm, Rest &...) {
    if (!succeeded(Result))
      return;
    CollectiveShape Shape = collectiveShape(Comm);
    if (SendBuffer == MPI_IN_PLACE) {
      uint64_t Moved =
          typedBytes(ReceiveCounts, ReceiveTypes, Shape.Size, Shape.Rank);
      recordCollective(currentFunction(), Moved, Moved, false);
    } else {
      recordCollective(
          currentFunction(), typedBytes(SendCounts, SendTypes, Shape.Size, -1),
          typedBytes(ReceiveCounts, ReceiveTypes, Shape.Size, -1), false);
    }
  }
};
struct MPI_Alltoallw : Alltoallw {};
struct MPI_Ialltoallw : Alltoallw {};

struct ReduceScatter : Stateless {
  template <typename CountArray, typename... Rest>
  static void after(State &, int Result, const void *, void *,
                    CountArray ReceiveCounts, MPI_Datatype Type, MPI_Op,
                    MPI_Comm Comm, Rest &...) {
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
    if (!succeeded(Result))
      return;
    uint64_t Block = dataBytes(Type, N);
    recordCollective(currentFunction(), Block * collectiveShape(Comm).Size,
                     Block, false);
  }
};
struct MPI_Reduce_scatter_block : ReduceScatterBlock {};
struct MPI_Ireduce_scatter_block : ReduceScatterBlock {};

} // namespace hooks
} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_COLLECTIVEHOOKS_H
