//===- mpi/HookSupport.h - What the accounting hooks share ------*- C++ -*-===//
//
// Part of Sextant. The accounting hooks of the PMPI wrappers are one struct
// per function annotated `hook` in wrap/interfaces/mpi.annotations, in one
// header per MPI family (the annotation file includes each):
//
//   SessionHooks.h         start-up, end, faults;
//   HandleLifetimeHooks.h  handles whose cached rank translations go;
//   PointToPointHooks.h    blocking point-to-point and matched probes;
//   NonblockingHooks.h     nonblocking and persistent point-to-point;
//   CompletionHooks.h      Wait/Test on requests;
//   CollectiveHooks.h      collectives, blocking and nonblocking;
//   OneSidedHooks.h        one-sided communication.
//
// The generated wrapper of MPI_X (and of its large-count variant MPI_X_c)
// does
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
// currentFunction(), set by the wrapper's CallRegion). What each family
// counts (docs/output-formats.md, "mpi.json") its header says.
//
// This header holds what several families use: the stateless default, the
// success test, the trace record of a starting send and the communicators
// of matched probes.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_HOOKSUPPORT_H
#define SEXTANT_MPI_HOOKSUPPORT_H

#include "MessageTrace.h"
#include "MpiAccounting.h"

#include <mutex>

namespace sextant {
namespace mpi {
namespace hooks {

/// The default: no state, nothing before the call.
struct Stateless {
  struct State {};
  template <typename... Arguments>
  static void before(State &, Arguments &...) {}
};

/// Whether a call that returned Result is to be counted.
inline bool succeeded(int Result) {
  return Result == MPI_SUCCESS && accountingActive();
}

/// Records the start of a send in the trace (MessageTrace.h), when tracing.
template <typename Count>
void traceSendStart(MPI_Comm Comm, int Destination, int Tag, Count N,
                    MPI_Datatype Type) {
  if (messagesTraced())
    traceSend(Comm, Destination, Tag, dataBytes(Type, N));
}

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

} // namespace hooks
} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_HOOKSUPPORT_H
