//===- mpi/MessageTrace.cpp - MPI messages in the trace -------------------===//
//
// Part of Sextant. See MessageTrace.h.
//
//===----------------------------------------------------------------------===//

#include "MessageTrace.h"

#include "format/schema/TraceFormat.h"
#include "sextant/adapter_abi.h"

namespace sextant {
namespace mpi {

namespace {

void record(trace::RecordType Type, uint64_t Communicator, int Partner,
            int Tag, uint64_t Bytes) {
  unsigned long long Fields[trace::MessageRecordFields] = {
      Communicator, static_cast<unsigned long long>(Partner + 1),
      static_cast<unsigned long long>(static_cast<unsigned>(Tag)), Bytes};
  __sextant_adapter_trace_record(static_cast<unsigned>(Type), Fields,
                                 trace::MessageRecordFields);
}

} // namespace

uint64_t communicatorId(const RankMap &Ranks) {
  if (!Ranks)
    return 0;
  uint64_t Hash = 1469598103934665603ull; // FNV-1a offset basis
  auto Mix = [&Hash](uint32_t Value) {
    for (unsigned Byte = 0; Byte < 4; ++Byte) {
      Hash ^= (Value >> (8 * Byte)) & 0xff;
      Hash *= 1099511628211ull; // FNV prime
    }
  };
  Mix(static_cast<uint32_t>(Ranks->size()));
  for (int Rank : *Ranks)
    Mix(static_cast<uint32_t>(Rank));
  return Hash == 0 ? 1 : Hash;
}

void traceSend(MPI_Comm Comm, int Destination, int Tag, uint64_t Bytes) {
  if (!messagesTraced() || Destination == MPI_PROC_NULL)
    return;
  RankMap Ranks = communicatorRanks(Comm);
  record(trace::RecordType::MessageSent, communicatorId(Ranks),
         worldRankOf(Ranks, Destination), Tag, Bytes);
}

void traceStartedSend(const RequestRecord &Record) {
  if (!messagesTraced() || Record.SendPartner == NoSendPartner ||
      Record.Kind != RequestKind::Send)
    return;
  record(trace::RecordType::MessageSent, Record.Communicator,
         Record.SendPartner, Record.Tag, Record.SendBytes);
}

void traceCollective(MPI_Comm Comm, bool HasRoot, int Root) {
  if (!messagesTraced())
    return;
  CollectiveShape Shape = collectiveShape(Comm);
  if (Shape.Inter)
    return;
  RankMap Ranks = communicatorRanks(Comm);
  int RootRank = HasRoot ? worldRankOf(Ranks, Root) : -1;
  unsigned long long Fields[trace::CollectiveRecordFields] = {
      communicatorId(Ranks), static_cast<unsigned long long>(RootRank + 1),
      static_cast<unsigned long long>(Shape.Size)};
  __sextant_adapter_trace_record(
      static_cast<unsigned>(trace::RecordType::CollectiveCalled), Fields,
      trace::CollectiveRecordFields);
}

void traceReceive(const RankMap &Ranks, const MPI_Status &Status,
                  uint64_t Bytes) {
  if (!messagesTraced())
    return;
  record(trace::RecordType::MessageReceived, communicatorId(Ranks),
         worldRankOf(Ranks, Status.MPI_SOURCE), Status.MPI_TAG, Bytes);
}

} // namespace mpi
} // namespace sextant
