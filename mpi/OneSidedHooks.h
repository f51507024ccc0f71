//===- mpi/OneSidedHooks.h - Hooks of one-sided communication ---*- C++ -*-===//
//
// Part of Sextant. The accounting hooks (HookSupport.h) of one-sided
// communication. Counted in the one-sided matrix: put and accumulate data
// as sent to the target, get data as received from it; the read-modify-write
// calls count both ways.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_ONESIDEDHOOKS_H
#define SEXTANT_MPI_ONESIDEDHOOKS_H

#include "HookSupport.h"

#include <tuple>

namespace sextant {
namespace mpi {
namespace hooks {

/// Put, get and accumulate: (origin, count, type, target rank, ...). The
/// window is the trailing parameter at WindowPosition after the target
/// rank. Sends: the origin data goes to the target (else it comes from it).
template <bool Sends, size_t WindowPosition> struct Transfer : Stateless {
  template <typename Count, typename... Rest>
  static void after(State &, int Result, const void *, Count N,
                    MPI_Datatype Type, int Target, Rest &...Tail) {
    if (!succeeded(Result))
      return;
    uint64_t Bytes = dataBytes(Type, N);
    MPI_Win Window = std::get<WindowPosition>(std::tie(Tail...));
    recordOneSided(currentFunction(), Window, Target, Sends ? Bytes : 0,
                   Sends ? 0 : Bytes);
  }
};
// After the target rank: displacement, target count, target type, window.
struct MPI_Put : Transfer<true, 3> {};
struct MPI_Rput : Transfer<true, 3> {};
struct MPI_Get : Transfer<false, 3> {};
struct MPI_Rget : Transfer<false, 3> {};
// ... and the operation before the window.
struct MPI_Accumulate : Transfer<true, 4> {};
struct MPI_Raccumulate : Transfer<true, 4> {};

struct GetAccumulate : Stateless {
  template <typename Count, typename... Rest>
  static void after(State &, int Result, const void *, Count OriginCount,
                    MPI_Datatype OriginType, void *, Count ResultCount,
                    MPI_Datatype ResultType, int Target, MPI_Aint, Count,
                    MPI_Datatype, MPI_Op, MPI_Win Window, Rest &...) {
    if (succeeded(Result))
      recordOneSided(currentFunction(), Window, Target,
                     dataBytes(OriginType, OriginCount),
                     dataBytes(ResultType, ResultCount));
  }
};
struct MPI_Get_accumulate : GetAccumulate {};
struct MPI_Rget_accumulate : GetAccumulate {};

struct MPI_Fetch_and_op : Stateless {
  static void after(State &, int Result, const void *, void *,
                    MPI_Datatype Type, int Target, MPI_Aint, MPI_Op,
                    MPI_Win Window) {
    if (succeeded(Result))
      recordOneSided(currentFunction(), Window, Target, dataBytes(Type, 1),
                     dataBytes(Type, 1));
  }
};
struct MPI_Compare_and_swap : Stateless {
  static void after(State &, int Result, const void *, const void *, void *,
                    MPI_Datatype Type, int Target, MPI_Aint, MPI_Win Window) {
    if (succeeded(Result))
      recordOneSided(currentFunction(), Window, Target, dataBytes(Type, 2),
                     dataBytes(Type, 1));
  }
};

} // namespace hooks
} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_ONESIDEDHOOKS_H
