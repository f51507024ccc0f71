//===- mpi/CompletionHooks.h - Hooks of Wait and Test -----------*- C++ -*-===//
//
// Part of Sextant. The accounting hooks (HookSupport.h) of the calls that
// complete requests: MPI_Wait, MPI_Test and their -any, -all and -some
// forms. A completed request's record (NonblockingHooks.h) and its status
// make the message counted (completeRequest, MpiAccounting.h). Before the
// call the hooks copy the request handles, which MPI overwrites with
// MPI_REQUEST_NULL, and give MPI status storage where the program passes
// MPI_STATUS(ES)_IGNORE.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_COMPLETIONHOOKS_H
#define SEXTANT_MPI_COMPLETIONHOOKS_H

#include "HookSupport.h"

#include <vector>

namespace sextant {
namespace mpi {
namespace hooks {

/// One request and room for its status.
struct RequestState {
  MPI_Request Request = MPI_REQUEST_NULL;
  MPI_Status Own;
  void capture(const MPI_Request *Pointer, MPI_Status *&Status) {
    Request = Pointer ? *Pointer : MPI_REQUEST_NULL;
    if (Status == MPI_STATUS_IGNORE)
      Status = &Own;
  }
};

/// Room for the statuses of Wait/Test calls on several requests when the
/// program passes MPI_STATUSES_IGNORE, and a copy of the request handles
/// (the calls overwrite completed requests with MPI_REQUEST_NULL).
struct RequestArrayState {
  /// Calls on up to this many requests need no allocation.
  static constexpr int InlineCount = 16;
  int Count = 0;
  MPI_Request InlineRequests[InlineCount];
  MPI_Status InlineStatuses[InlineCount];
  std::vector<MPI_Request> MoreRequests;
  std::vector<MPI_Status> MoreStatuses;

  /// StatusArray: the call's status array, or null when it has none.
  void capture(int N, const MPI_Request *Array, MPI_Status **StatusArray) {
    if (N <= 0 || !Array)
      return;
    Count = N;
    MPI_Request *Requests = InlineRequests;
    if (N > InlineCount) {
      MoreRequests.resize(static_cast<size_t>(N));
      Requests = MoreRequests.data();
    }
    for (int I = 0; I < N; ++I)
      Requests[I] = Array[I];
    if (StatusArray && *StatusArray == MPI_STATUSES_IGNORE) {
      if (N > InlineCount) {
        MoreStatuses.resize(static_cast<size_t>(N));
        *StatusArray = MoreStatuses.data();
      } else {
        *StatusArray = InlineStatuses;
      }
    }
  }
  MPI_Request at(int Index) const {
    if (Index < 0 || Index >= Count)
      return MPI_REQUEST_NULL;
    return Count > InlineCount ? MoreRequests[Index] : InlineRequests[Index];
  }
  /// Completes the requests that MPI_Waitall/MPI_Testall completed.
  void completeAll(int N, const MPI_Status *Statuses) const {
    for (int I = 0; I < N; ++I)
      completeRequest(at(I), Statuses[I]);
  }
};

struct MPI_Wait {
  using State = RequestState;
  static void before(State &S, MPI_Request *&Request, MPI_Status *&Status) {
    S.capture(Request, Status);
  }
  static void after(State &S, int Result, MPI_Request *, MPI_Status *Status) {
    if (succeeded(Result))
      completeRequest(S.Request, *Status);
  }
};
struct MPI_Test {
  using State = RequestState;
  static void before(State &S, MPI_Request *&Request, int *&,
                     MPI_Status *&Status) {
    S.capture(Request, Status);
  }
  static void after(State &S, int Result, MPI_Request *, int *Flag,
                    MPI_Status *Status) {
    if (succeeded(Result) && Flag && *Flag)
      completeRequest(S.Request, *Status);
  }
};
struct MPI_Waitany {
  struct State : RequestArrayState {
    MPI_Status Own;
  };
  static void before(State &S, int &Count, MPI_Request *&Requests, int *&,
                     MPI_Status *&Status) {
    S.capture(Count, Requests, nullptr);
    if (Status == MPI_STATUS_IGNORE)
      Status = &S.Own;
  }
  static void after(State &S, int Result, int, MPI_Request *, int *Index,
                    MPI_Status *Status) {
    if (succeeded(Result) && Index && *Index != MPI_UNDEFINED)
      completeRequest(S.at(*Index), *Status);
  }
};
struct MPI_Testany {
  using State = MPI_Waitany::State;
  static void before(State &S, int &Count, MPI_Request *&Requests, int *&Index,
                     int *&, MPI_Status *&Status) {
    MPI_Waitany::before(S, Count, Requests, Index, Status);
  }
  static void after(State &S, int Result, int Count, MPI_Request *Requests,
                    int *Index, int *Flag, MPI_Status *Status) {
    if (Flag && *Flag)
      MPI_Waitany::after(S, Result, Count, Requests, Index, Status);
  }
};
struct MPI_Waitall {
  using State = RequestArrayState;
  static void before(State &S, int &Count, MPI_Request *&Requests,
                     MPI_Status *&Statuses) {
    S.capture(Count, Requests, &Statuses);
  }
  static void after(State &S, int Result, int Count, MPI_Request *,
                    MPI_Status *Statuses) {
    if (succeeded(Result))
      S.completeAll(Count, Statuses);
  }
};
struct MPI_Testall {
  using State = RequestArrayState;
  static void before(State &S, int &Count, MPI_Request *&Requests, int *&,
                     MPI_Status *&Statuses) {
    S.capture(Count, Requests, &Statuses);
  }
  static void after(State &S, int Result, int Count, MPI_Request *, int *Flag,
                    MPI_Status *Statuses) {
    if (succeeded(Result) && Flag && *Flag)
      S.completeAll(Count, Statuses);
  }
};
struct MPI_Waitsome {
  using State = RequestArrayState;
  static void before(State &S, int &Count, MPI_Request *&Requests, int *&,
                     int *&, MPI_Status *&Statuses) {
    S.capture(Count, Requests, &Statuses);
  }
  static void after(State &S, int Result, int, MPI_Request *, int *Completed,
                    int *Indices, MPI_Status *Statuses) {
    if (!succeeded(Result) || !Completed || *Completed == MPI_UNDEFINED)
      return;
    for (int I = 0; I < *Completed; ++I)
      completeRequest(S.at(Indices[I]), Statuses[I]);
  }
};
struct MPI_Testsome : MPI_Waitsome {};

} // namespace hooks
} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_COMPLETIONHOOKS_H
