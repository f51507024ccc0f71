//===- mpi/MpiAccounting.cpp - Bytes and partners of MPI calls ------------===//
//
// Part of Sextant. See MpiAccounting.h.
//
//===----------------------------------------------------------------------===//

#include "MpiAccounting.h"
#include "MessageTrace.h"
#include "MpiTraits.h"

namespace sextant {
namespace mpi {

std::atomic<uint64_t> CallCounts[FunctionCount];
thread_local FunctionId CurrentFunction;

FunctionId currentFunction() { return CurrentFunction; }
FunctionId setCurrentFunction(FunctionId Function) {
  FunctionId Previous = CurrentFunction;
  CurrentFunction = Function;
  return Previous;
}

Accounting &accounting() {
  static Accounting *State = new Accounting(); // never destroyed
  return *State;
}

uint64_t dataBytes(MPI_Datatype Type, MPI_Count Count) {
  if (Type == MPI_DATATYPE_NULL || Count <= 0)
    return 0;
  MPI_Count Size = 0;
  if (!traits::typeSize(Type, Size) || Size <= 0)
    return 0;
  return static_cast<uint64_t>(Size) * static_cast<uint64_t>(Count);
}

namespace {

/// World ranks of Group's members.
RankMap translateGroup(MPI_Group Group) {
  int Size = 0;
  PMPI_Group_size(Group, &Size);
  std::vector<int> Local(static_cast<size_t>(Size));
  for (int I = 0; I < Size; ++I)
    Local[I] = I;
  auto World = std::make_shared<std::vector<int>>(static_cast<size_t>(Size));
  MPI_Group WorldGroup;
  PMPI_Comm_group(MPI_COMM_WORLD, &WorldGroup);
  PMPI_Group_translate_ranks(Group, Size, Local.data(), WorldGroup,
                             World->data());
  PMPI_Group_free(&WorldGroup);
  for (int &Rank : *World)
    if (Rank == MPI_UNDEFINED)
      Rank = -1;
  return World;
}

RankMap cached(std::unordered_map<uint64_t, RankMap> &Map, uint64_t Key,
               bool &Found) {
  Accounting &State = accounting();
  std::lock_guard<std::mutex> Lock(State.MapMutex);
  auto Entry = Map.find(Key);
  Found = Entry != Map.end();
  return Found ? Entry->second : RankMap();
}

void remember(std::unordered_map<uint64_t, RankMap> &Map, uint64_t Key,
              const RankMap &Ranks) {
  Accounting &State = accounting();
  std::lock_guard<std::mutex> Lock(State.MapMutex);
  Map[Key] = Ranks;
}

} // namespace

RankMap communicatorRanks(MPI_Comm Comm) {
  if (Comm == MPI_COMM_WORLD || Comm == MPI_COMM_NULL)
    return RankMap();
  Accounting &State = accounting();
  bool Found = false;
  RankMap Ranks = cached(State.CommunicatorRanks, handleKey(Comm), Found);
  if (Found)
    return Ranks;
  int Inter = 0;
  PMPI_Comm_test_inter(Comm, &Inter);
  MPI_Group Group;
  if ((Inter ? PMPI_Comm_remote_group(Comm, &Group)
             : PMPI_Comm_group(Comm, &Group)) != MPI_SUCCESS)
    return RankMap();
  Ranks = translateGroup(Group);
  PMPI_Group_free(&Group);
  remember(State.CommunicatorRanks, handleKey(Comm), Ranks);
  return Ranks;
}

RankMap windowRanks(MPI_Win Window) {
  Accounting &State = accounting();
  bool Found = false;
  RankMap Ranks = cached(State.WindowRanks, handleKey(Window), Found);
  if (Found)
    return Ranks;
  MPI_Group Group;
  if (PMPI_Win_get_group(Window, &Group) != MPI_SUCCESS)
    return RankMap();
  Ranks = translateGroup(Group);
  PMPI_Group_free(&Group);
  remember(State.WindowRanks, handleKey(Window), Ranks);
  return Ranks;
}

void forgetCommunicator(MPI_Comm Comm) {
  Accounting &State = accounting();
  std::lock_guard<std::mutex> Lock(State.MapMutex);
  State.CommunicatorRanks.erase(handleKey(Comm));
}

void forgetWindow(MPI_Win Window) {
  Accounting &State = accounting();
  std::lock_guard<std::mutex> Lock(State.MapMutex);
  State.WindowRanks.erase(handleKey(Window));
}

int worldRankOf(const RankMap &Map, int Rank) {
  if (Rank < 0)
    return -1;
  if (!Map)
    return Rank < accounting().WorldSize ? Rank : -1;
  return static_cast<size_t>(Rank) < Map->size() ? (*Map)[Rank] : -1;
}

CollectiveShape collectiveShape(MPI_Comm Comm) {
  CollectiveShape Shape;
  int Inter = 0;
  PMPI_Comm_test_inter(Comm, &Inter);
  Shape.Inter = Inter != 0;
  if (Shape.Inter)
    PMPI_Comm_remote_size(Comm, &Shape.Size);
  else
    PMPI_Comm_size(Comm, &Shape.Size);
  PMPI_Comm_rank(Comm, &Shape.Rank);
  return Shape;
}

void recordSend(FunctionId Function, MPI_Comm Comm, int Destination,
                uint64_t Bytes) {
  if (Destination == MPI_PROC_NULL)
    return;
  Accounting &State = accounting();
  State.PointToPoint.recordSend(
      worldRankOf(communicatorRanks(Comm), Destination), Bytes);
  State.Bytes[static_cast<unsigned>(Function)].Sent.fetch_add(
      Bytes, std::memory_order_relaxed);
}

void recordReceive(FunctionId Function, const RankMap &Ranks,
                   const MPI_Status &Status) {
  // Cancelled first: the other fields of a cancelled receive's status are
  // undefined (Open MPI's holds no valid source rank).
  int Cancelled = 0;
  PMPI_Test_cancelled(&Status, &Cancelled);
  Accounting &State = accounting();
  if (Cancelled) {
    State.CancelledOperations.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  if (Status.MPI_SOURCE == MPI_PROC_NULL || Status.MPI_SOURCE < 0)
    return;
  // The status holds the received bytes (MPI_BYTE units).
  uint64_t Bytes = traits::receivedBytes(Status);
  State.PointToPoint.recordReceive(worldRankOf(Ranks, Status.MPI_SOURCE),
                                   Bytes);
  traceReceive(Ranks, Status, Bytes);
  State.Bytes[static_cast<unsigned>(Function)].Received.fetch_add(
      Bytes, std::memory_order_relaxed);
}

void recordCollective(FunctionId Function, uint64_t Sent, uint64_t Received,
                      bool Root) {
  FunctionBytes &Bytes = accounting().Bytes[static_cast<unsigned>(Function)];
  Bytes.Sent.fetch_add(Sent, std::memory_order_relaxed);
  Bytes.Received.fetch_add(Received, std::memory_order_relaxed);
  if (Root)
    Bytes.RootCalls.fetch_add(1, std::memory_order_relaxed);
}

void recordOneSided(FunctionId Function, MPI_Win Window, int Target,
                    uint64_t Sent, uint64_t Received) {
  if (Target == MPI_PROC_NULL)
    return;
  Accounting &State = accounting();
  int Partner = worldRankOf(windowRanks(Window), Target);
  if (Sent != 0 || Received == 0)
    State.OneSided.recordSend(Partner, Sent);
  if (Received != 0)
    State.OneSided.recordReceive(Partner, Received);
  FunctionBytes &Bytes = State.Bytes[static_cast<unsigned>(Function)];
  Bytes.Sent.fetch_add(Sent, std::memory_order_relaxed);
  Bytes.Received.fetch_add(Received, std::memory_order_relaxed);
}

void completeRequest(MPI_Request Request, const MPI_Status &Status) {
  if (Request == MPI_REQUEST_NULL)
    return;
  Accounting &State = accounting();
  std::optional<RequestRecord> Record =
      State.Requests.complete(handleKey(Request));
  if (!Record)
    return;
  auto Function = static_cast<FunctionId>(Record->Function);
  if (Record->Kind == RequestKind::Send ||
      Record->Kind == RequestKind::SendReceive) {
    int Cancelled = 0;
    PMPI_Test_cancelled(&Status, &Cancelled);
    if (Cancelled) {
      State.CancelledOperations.fetch_add(1, std::memory_order_relaxed);
      return;
    }
    if (Record->SendPartner != NoSendPartner) {
      State.PointToPoint.recordSend(Record->SendPartner, Record->SendBytes);
      State.Bytes[Record->Function].Sent.fetch_add(Record->SendBytes,
                                                   std::memory_order_relaxed);
    }
  }
  if (Record->Kind == RequestKind::Receive ||
      Record->Kind == RequestKind::SendReceive)
    recordReceive(Function, Record->ReceiveRanks, Status);
}

} // namespace mpi
} // namespace sextant
