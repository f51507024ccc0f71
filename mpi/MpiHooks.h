//===- mpi/MpiHooks.h - Accounting hooks of the PMPI wrappers ---*- C++ -*-===//
//
// Part of Sextant. One struct per function annotated `hook` in
// wrap/interfaces/mpi.annotations. The generated wrapper of MPI_X (and of
// its large-count variant MPI_X_c) does
//
//   hooks::MPI_X::State sextant_pending;
//   hooks::MPI_X::before(sextant_pending, <the wrapper's parameters>);
//   sextant_result = PMPI_X(<parameters>);
//   hooks::MPI_X::after(sextant_pending, sextant_result, <parameters>);
//
// before() receives the parameters as lvalue references and may replace
// MPI_STATUS(ES)_IGNORE by status storage in Pending (the program never sees
// the difference) or remember request handles that the call overwrites.
// Counts are template parameters so that one hook serves int and MPI_Count.
// Bytes are counted for the function actually called (MPI_X or MPI_X_c,
// currentFunction(), set by the wrapper's CallRegion).
//
// What is counted (docs/output-formats.md, "mpi.json"):
//   - point-to-point: one message and its bytes per completed send or
//     receive, with the partner's world rank, in the point-to-point matrix;
//     nonblocking and persistent operations when Wait/Test completes them
//     (a cancelled one is not counted); sends to / receives from
//     MPI_PROC_NULL are not messages;
//   - collectives, per function: the bytes this rank passes to MPI in send
//     buffers and gets back in receive buffers; a rank's own block counts as
//     sent and received unless MPI_IN_PLACE leaves it in place; calls as
//     root are counted; nonblocking collectives count at the call;
//   - one-sided: put and accumulate data as sent to the target, get data as
//     received from it, in the one-sided matrix.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_MPIHOOKS_H
#define SEXTANT_MPI_MPIHOOKS_H

#include "MessageTrace.h"
#include "MpiAccounting.h"
#include "MpiSession.h"

#include <tuple>
#include <vector>

namespace sextant {
namespace mpi {
namespace hooks {

/// The default: no state, nothing before the call.
struct Stateless {
  struct State {};
  template <typename... Arguments>
  static void before(State &, Arguments &...) {}
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

inline bool succeeded(int Result) {
  return Result == MPI_SUCCESS && accountingActive();
}

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
};

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

//===----------------------------------------------------------------------===//
// Start-up, end, faults, handle lifetimes
//===----------------------------------------------------------------------===//

struct MPI_Init : Stateless {
  static void after(State &, int Result, int *, char ***) {
    sessionAfterInit(Result, -1);
  }
};
struct MPI_Init_thread : Stateless {
  static void after(State &, int Result, int *, char ***, int, int *Provided) {
    sessionAfterInit(Result, Provided ? *Provided : -1);
  }
};
struct MPI_Finalize {
  struct State {};
  static void before(State &) { sessionBeforeFinalize(); }
  static void after(State &, int) { sessionAfterFinalize(); }
};
struct MPI_Abort {
  struct State {};
  static void before(State &, MPI_Comm &, int &Code) {
    sessionBeforeAbort(Code);
  }
  static void after(State &, int, MPI_Comm, int) {}
};
struct MPI_Comm_free {
  struct State {};
  static void before(State &, MPI_Comm *&Comm) {
    if (Comm)
      forgetCommunicator(*Comm);
  }
  static void after(State &, int, MPI_Comm *) {}
};
struct MPI_Comm_disconnect : MPI_Comm_free {};
struct MPI_Win_free {
  struct State {};
  static void before(State &, MPI_Win *&Window) {
    if (Window)
      forgetWindow(*Window);
  }
  static void after(State &, int, MPI_Win *) {}
};

//===----------------------------------------------------------------------===//
// Blocking point-to-point
//===----------------------------------------------------------------------===//

/// Records the start of a send in the trace (MessageTrace.h), when tracing.
template <typename Count>
void traceSendStart(MPI_Comm Comm, int Destination, int Tag, Count N,
                    MPI_Datatype Type) {
  if (messagesTraced())
    traceSend(Comm, Destination, Tag, dataBytes(Type, N));
}

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

struct MPI_Sendrecv {
  using State = StatusState;
  template <typename Count>
  static void before(State &S, const void *&, Count &SendCount,
                     MPI_Datatype &SendType, int &Destination, int &SendTag,
                     void *&, Count &, MPI_Datatype &, int &, int &,
                     MPI_Comm &Comm, MPI_Status *&Status) {
    S.capture(Status);
    traceSendStart(Comm, Destination, SendTag, SendCount, SendType);
  }
  template <typename Count>
  static void after(State &, int Result, const void *, Count SendCount,
                    MPI_Datatype SendType, int Destination, int, void *, Count,
                    MPI_Datatype, int, int, MPI_Comm Comm, MPI_Status *Status) {
    if (!succeeded(Result))
      return;
    recordSend(currentFunction(), Comm, Destination,
               dataBytes(SendType, SendCount));
    recordReceive(currentFunction(), communicatorRanks(Comm), *Status);
  }
};

struct MPI_Sendrecv_replace {
  using State = StatusState;
  template <typename Count>
  static void before(State &S, void *&, Count &N, MPI_Datatype &Type,
                     int &Destination, int &SendTag, int &, int &,
                     MPI_Comm &Comm, MPI_Status *&Status) {
    S.capture(Status);
    traceSendStart(Comm, Destination, SendTag, N, Type);
  }
  template <typename Count>
  static void after(State &, int Result, void *, Count N, MPI_Datatype Type,
                    int Destination, int, int, int, MPI_Comm Comm,
                    MPI_Status *Status) {
    if (!succeeded(Result))
      return;
    recordSend(currentFunction(), Comm, Destination, dataBytes(Type, N));
    recordReceive(currentFunction(), communicatorRanks(Comm), *Status);
  }
};

/// Matched probes: the message handle remembers its communicator's ranks
/// until MPI_Mrecv/MPI_Imrecv receives it.
inline void rememberMessage(MPI_Message Message, MPI_Comm Comm) {
  if (Message == MPI_MESSAGE_NULL || Message == MPI_MESSAGE_NO_PROC)
    return;
  RankMap Ranks = communicatorRanks(Comm);
  Accounting &State = accounting();
  std::lock_guard<std::mutex> Lock(State.MapMutex);
  State.MessageRanks[handleKey(Message)] = Ranks;
}
inline RankMap takeMessage(MPI_Message Message) {
  Accounting &State = accounting();
  std::lock_guard<std::mutex> Lock(State.MapMutex);
  auto Found = State.MessageRanks.find(handleKey(Message));
  if (Found == State.MessageRanks.end())
    return RankMap();
  RankMap Ranks = Found->second;
  State.MessageRanks.erase(Found);
  return Ranks;
}

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

//===----------------------------------------------------------------------===//
// Nonblocking and persistent point-to-point
//===----------------------------------------------------------------------===//

inline void addRequest(MPI_Request *Request, RequestRecord Record) {
  if (Request && *Request != MPI_REQUEST_NULL)
    accounting().Requests.insert(handleKey(*Request), std::move(Record));
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
    RequestRecord Record;
    Record.Kind = RequestKind::Send;
    Record.Persistent = Persistent;
    Record.Active = !Persistent;
    Record.Function = static_cast<unsigned>(currentFunction());
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
    RequestRecord Record;
    Record.Kind = RequestKind::Receive;
    Record.Persistent = Persistent;
    Record.Active = !Persistent;
    Record.Function = static_cast<unsigned>(currentFunction());
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
    RequestRecord Record;
    Record.Kind = RequestKind::Receive;
    Record.Function = static_cast<unsigned>(currentFunction());
    Record.ReceiveRanks = S.Ranks;
    addRequest(Request, std::move(Record));
  }
};

inline RequestRecord sendReceiveRecord(MPI_Comm Comm, int Destination,
                                       uint64_t Bytes) {
  RequestRecord Record;
  Record.Kind = RequestKind::SendReceive;
  Record.Function = static_cast<unsigned>(currentFunction());
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

//===----------------------------------------------------------------------===//
// Completion
//===----------------------------------------------------------------------===//

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
  static void after(State &S, int Result, int, MPI_Request *, int *Index,
                    int *Flag, MPI_Status *Status) {
    if (succeeded(Result) && Flag && *Flag && Index && *Index != MPI_UNDEFINED)
      completeRequest(S.at(*Index), *Status);
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
    if (!succeeded(Result))
      return;
    for (int I = 0; I < Count; ++I)
      completeRequest(S.at(I), Statuses[I]);
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
    if (!succeeded(Result) || !Flag || !*Flag)
      return;
    for (int I = 0; I < Count; ++I)
      completeRequest(S.at(I), Statuses[I]);
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

//===----------------------------------------------------------------------===//
// Collectives
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

//===----------------------------------------------------------------------===//
// One-sided
//===----------------------------------------------------------------------===//

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

#endif // SEXTANT_MPI_MPIHOOKS_H
