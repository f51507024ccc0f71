//===- mpi/NonblockingHooks.h - Hooks of requests being started -*- C++ -*-===//
//
// Part of Sextant. The accounting hooks (HookSupport.h) of nonblocking and
// persistent point-to-point communication: the calls that start an
// operation leave a record of it in the request table (RequestTable.h);
// the operation is counted as a message, as a blocking one would be
// (PointToPointHooks.h), when Wait/Test completes it (CompletionHooks.h);
// a cancelled one is not counted. MPI_Start(all), MPI_Cancel and
// MPI_Request_free update the records.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_NONBLOCKINGHOOKS_H
#define SEXTANT_MPI_NONBLOCKINGHOOKS_H

#include "HookSupport.h"

#include <optional>

namespace sextant {
namespace mpi {
namespace hooks {

inline void addRequest(MPI_Request *Request, RequestRecord Record) {
  if (Request && *Request != MPI_REQUEST_NULL)
    accounting().Requests.insert(handleKey(*Request), std::move(Record));
}

/// The record of an operation of Kind that the current function starts; a
/// persistent one is inactive until MPI_Start.
inline RequestRecord startedRecord(RequestKind Kind, bool Persistent) {
  RequestRecord Record;
  Record.Kind = Kind;
  Record.Persistent = Persistent;
  Record.Active = !Persistent;
  Record.Function = static_cast<unsigned>(currentFunction());
  return Record;
}

template <bool Persistent> struct NonblockingSend {
  struct State {};
  template <typename Count>
  static void before(State &, const void *&, Count &N, MPI_Datatype &Type,
                     int &Destination, int &Tag, MPI_Comm &Comm,
                     MPI_Request *&) {
    if (!Persistent) // a persistent send starts at MPI_Start
      traceSendStart(Comm, Destination, Tag, N, Type);
  }
  template <typename Count>
  static void after(State &, int Result, const void *, Count N,
                    MPI_Datatype Type, int Destination, int Tag, MPI_Comm Comm,
                    MPI_Request *Request) {
    if (!succeeded(Result) || Destination == MPI_PROC_NULL)
      return;
    RequestRecord Record = startedRecord(RequestKind::Send, Persistent);
    RankMap Ranks = communicatorRanks(Comm);
    Record.SendPartner = worldRankOf(Ranks, Destination);
    Record.SendBytes = dataBytes(Type, N);
    if (Persistent && messagesTraced()) {
      Record.Tag = Tag;
      Record.Communicator = communicatorId(Ranks);
    }
    addRequest(Request, std::move(Record));
  }
};
struct MPI_Isend : NonblockingSend<false> {};
struct MPI_Ibsend : NonblockingSend<false> {};
struct MPI_Issend : NonblockingSend<false> {};
struct MPI_Irsend : NonblockingSend<false> {};
struct MPI_Send_init : NonblockingSend<true> {};
struct MPI_Bsend_init : NonblockingSend<true> {};
struct MPI_Ssend_init : NonblockingSend<true> {};
struct MPI_Rsend_init : NonblockingSend<true> {};

template <bool Persistent> struct NonblockingReceive : Stateless {
  template <typename Count>
  static void after(State &, int Result, void *, Count, MPI_Datatype, int, int,
                    MPI_Comm Comm, MPI_Request *Request) {
    if (!succeeded(Result))
      return;
    RequestRecord Record = startedRecord(RequestKind::Receive, Persistent);
    Record.ReceiveRanks = communicatorRanks(Comm);
    addRequest(Request, std::move(Record));
  }
};
struct MPI_Irecv : NonblockingReceive<false> {};
struct MPI_Recv_init : NonblockingReceive<true> {};

struct MPI_Imrecv {
  struct State {
    RankMap Ranks;
  };
  template <typename Count>
  static void before(State &S, void *&, Count &, MPI_Datatype &,
                     MPI_Message *&Message, MPI_Request *&) {
    if (Message)
      S.Ranks = takeMessage(*Message);
  }
  template <typename Count>
  static void after(State &S, int Result, void *, Count, MPI_Datatype,
                    MPI_Message *, MPI_Request *Request) {
    if (!succeeded(Result))
      return;
    RequestRecord Record = startedRecord(RequestKind::Receive, false);
    Record.ReceiveRanks = S.Ranks;
    addRequest(Request, std::move(Record));
  }
};

/// MPI_Isendrecv and MPI_Isendrecv_replace: a send of Bytes to Destination
/// and a receive, on Comm, under one request.
inline RequestRecord sendReceiveRecord(MPI_Comm Comm, int Destination,
                                       uint64_t Bytes) {
  RequestRecord Record = startedRecord(RequestKind::SendReceive, false);
  RankMap Ranks = communicatorRanks(Comm);
  if (Destination != MPI_PROC_NULL) {
    Record.SendPartner = worldRankOf(Ranks, Destination);
    Record.SendBytes = Bytes;
  }
  Record.ReceiveRanks = Ranks;
  return Record;
}

struct MPI_Isendrecv {
  struct State {};
  template <typename Count>
  static void before(State &, const void *&, Count &SendCount,
                     MPI_Datatype &SendType, int &Destination, int &SendTag,
                     void *&, Count &, MPI_Datatype &, int &, int &,
                     MPI_Comm &Comm, MPI_Request *&) {
    traceSendStart(Comm, Destination, SendTag, SendCount, SendType);
  }
  template <typename Count>
  static void after(State &, int Result, const void *, Count SendCount,
                    MPI_Datatype SendType, int Destination, int, void *, Count,
                    MPI_Datatype, int, int, MPI_Comm Comm,
                    MPI_Request *Request) {
    if (succeeded(Result))
      addRequest(Request, sendReceiveRecord(Comm, Destination,
                                            dataBytes(SendType, SendCount)));
  }
};
struct MPI_Isendrecv_replace {
  struct State {};
  template <typename Count>
  static void before(State &, void *&, Count &N, MPI_Datatype &Type,
                     int &Destination, int &SendTag, int &, int &,
                     MPI_Comm &Comm, MPI_Request *&) {
    traceSendStart(Comm, Destination, SendTag, N, Type);
  }
  template <typename Count>
  static void after(State &, int Result, void *, Count N, MPI_Datatype Type,
                    int Destination, int, int, int, MPI_Comm Comm,
                    MPI_Request *Request) {
    if (succeeded(Result))
      addRequest(Request,
                 sendReceiveRecord(Comm, Destination, dataBytes(Type, N)));
  }
};

/// Traces the persistent sends that Requests[0, Count) start.
inline void traceStartedSends(int Count, const MPI_Request *Requests) {
  if (!messagesTraced() || !Requests)
    return;
  for (int I = 0; I < Count; ++I)
    if (std::optional<RequestRecord> Record =
            accounting().Requests.persistent(handleKey(Requests[I])))
      traceStartedSend(*Record);
}

struct MPI_Start {
  struct State {};
  static void before(State &, MPI_Request *&Request) {
    traceStartedSends(1, Request);
  }
  static void after(State &, int Result, MPI_Request *Request) {
    if (succeeded(Result) && Request)
      accounting().Requests.start(handleKey(*Request));
  }
};
struct MPI_Startall {
  struct State {};
  static void before(State &, int &Count, MPI_Request *&Requests) {
    traceStartedSends(Count, Requests);
  }
  static void after(State &, int Result, int Count, MPI_Request *Requests) {
    if (!succeeded(Result) || !Requests)
      return;
    for (int I = 0; I < Count; ++I)
      accounting().Requests.start(handleKey(Requests[I]));
  }
};
struct MPI_Cancel {
  struct State {};
  static void before(State &, MPI_Request *&Request) {
    if (Request && accountingActive())
      accounting().Requests.cancel(handleKey(*Request));
  }
  static void after(State &, int, MPI_Request *) {}
};
struct MPI_Request_free {
  struct State {
    MPI_Request Request = MPI_REQUEST_NULL;
  };
  static void before(State &S, MPI_Request *&Request) {
    S.Request = Request ? *Request : MPI_REQUEST_NULL;
  }
  static void after(State &S, int Result, MPI_Request *) {
    if (!succeeded(Result) || S.Request == MPI_REQUEST_NULL)
      return;
    std::optional<RequestRecord> Record =
        accounting().Requests.release(handleKey(S.Request));
    if (!Record || !Record->Active || Record->CancelRequested)
      return;
    // The operation completes without a status: a send is counted now, a
    // receive's bytes and source stay unknown.
    if (Record->SendPartner != NoSendPartner) {
      accounting().PointToPoint.recordSend(Record->SendPartner,
                                           Record->SendBytes);
      accounting().Bytes[Record->Function].Sent.fetch_add(
          Record->SendBytes, std::memory_order_relaxed);
    }
    if (Record->Kind != RequestKind::Send)
      accounting().FreedActiveReceives.fetch_add(1, std::memory_order_relaxed);
  }
};

} // namespace hooks
} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_NONBLOCKINGHOOKS_H
