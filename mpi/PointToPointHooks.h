//===- mpi/PointToPointHooks.h - Hooks of blocking messages -----*- C++ -*-===//
//
// Part of Sextant. The accounting hooks (HookSupport.h) of blocking
// point-to-point communication and of matched probes. Counted: one message
// and its bytes per completed send or receive, with the partner's world
// rank, in the point-to-point matrix; sends to / receives from
// MPI_PROC_NULL are not messages. A matched probe remembers its
// communicator for the MPI_Mrecv (or MPI_Imrecv, NonblockingHooks.h) that
// receives the message.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_POINTTOPOINTHOOKS_H
#define SEXTANT_MPI_POINTTOPOINTHOOKS_H

#include "HookSupport.h"

namespace sextant {
namespace mpi {
namespace hooks {

struct BlockingSend {
  struct State {};
  template <typename Count>
  static void before(State &, const void *&, Count &N, MPI_Datatype &Type,
                     int &Destination, int &Tag, MPI_Comm &Comm) {
    traceSendStart(Comm, Destination, Tag, N, Type);
  }
  template <typename Count>
  static void after(State &, int Result, const void *, Count N,
                    MPI_Datatype Type, int Destination, int, MPI_Comm Comm) {
    if (succeeded(Result))
      recordSend(currentFunction(), Comm, Destination, dataBytes(Type, N));
  }
};
struct MPI_Send : BlockingSend {};
struct MPI_Bsend : BlockingSend {};
struct MPI_Ssend : BlockingSend {};
struct MPI_Rsend : BlockingSend {};

/// Room for the status of a receive when the program passes
/// MPI_STATUS_IGNORE, and the ranks of a matched message's communicator.
struct StatusState {
  MPI_Status Own;
  RankMap Ranks;
  void capture(MPI_Status *&Status) {
    if (Status == MPI_STATUS_IGNORE)
      Status = &Own;
  }
};

struct MPI_Recv {
  using State = StatusState;
  template <typename Count>
  static void before(State &S, void *&, Count &, MPI_Datatype &, int &, int &,
                     MPI_Comm &, MPI_Status *&Status) {
    S.capture(Status);
  }
  template <typename Count>
  static void after(State &, int Result, void *, Count, MPI_Datatype, int, int,
                    MPI_Comm Comm, MPI_Status *Status) {
    if (succeeded(Result))
      recordReceive(currentFunction(), communicatorRanks(Comm), *Status);
  }
};

/// MPI_Sendrecv and MPI_Sendrecv_replace: a send of N elements of Type to
/// Destination with Tag and a receive described by Status, on Comm.
struct SendReceive {
  using State = StatusState;
  template <typename Count>
  static void start(State &S, MPI_Status *&Status, MPI_Comm Comm,
                    int Destination, int Tag, Count N, MPI_Datatype Type) {
    S.capture(Status);
    traceSendStart(Comm, Destination, Tag, N, Type);
  }
  template <typename Count>
  static void finish(int Result, MPI_Comm Comm, int Destination, Count N,
                     MPI_Datatype Type, const MPI_Status *Status) {
    if (!succeeded(Result))
      return;
    recordSend(currentFunction(), Comm, Destination, dataBytes(Type, N));
    recordReceive(currentFunction(), communicatorRanks(Comm), *Status);
  }
};

struct MPI_Sendrecv : SendReceive {
  template <typename Count>
  static void before(State &S, const void *&, Count &SendCount,
                     MPI_Datatype &SendType, int &Destination, int &SendTag,
                     void *&, Count &, MPI_Datatype &, int &, int &,
                     MPI_Comm &Comm, MPI_Status *&Status) {
    start(S, Status, Comm, Destination, SendTag, SendCount, SendType);
  }
  template <typename Count>
  static void after(State &, int Result, const void *, Count SendCount,
                    MPI_Datatype SendType, int Destination, int, void *, Count,
                    MPI_Datatype, int, int, MPI_Comm Comm, MPI_Status *Status) {
    finish(Result, Comm, Destination, SendCount, SendType, Status);
  }
};

struct MPI_Sendrecv_replace : SendReceive {
  template <typename Count>
  static void before(State &S, void *&, Count &N, MPI_Datatype &Type,
                     int &Destination, int &SendTag, int &, int &,
                     MPI_Comm &Comm, MPI_Status *&Status) {
    start(S, Status, Comm, Destination, SendTag, N, Type);
  }
  template <typename Count>
  static void after(State &, int Result, void *, Count N, MPI_Datatype Type,
                    int Destination, int, int, int, MPI_Comm Comm,
                    MPI_Status *Status) {
    finish(Result, Comm, Destination, N, Type, Status);
  }
};

struct MPI_Mprobe : Stateless {
  static void after(State &, int Result, int, int, MPI_Comm Comm,
                    MPI_Message *Message, MPI_Status *) {
    if (succeeded(Result) && Message)
      rememberMessage(*Message, Comm);
  }
};
struct MPI_Improbe : Stateless {
  static void after(State &, int Result, int, int, MPI_Comm Comm, int *Flag,
                    MPI_Message *Message, MPI_Status *) {
    if (succeeded(Result) && Flag && *Flag && Message)
      rememberMessage(*Message, Comm);
  }
};
struct MPI_Mrecv {
  using State = StatusState;
  template <typename Count>
  static void before(State &S, void *&, Count &, MPI_Datatype &,
                     MPI_Message *&Message, MPI_Status *&Status) {
    S.capture(Status);
    if (Message)
      S.Ranks = takeMessage(*Message);
  }
  template <typename Count>
  static void after(State &S, int Result, void *, Count, MPI_Datatype,
                    MPI_Message *, MPI_Status *Status) {
    if (succeeded(Result))
      recordReceive(currentFunction(), S.Ranks, *Status);
  }
};

} // namespace hooks
} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_POINTTOPOINTHOOKS_H
