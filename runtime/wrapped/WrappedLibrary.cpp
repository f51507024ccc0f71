//===- runtime/wrapped/WrappedLibrary.cpp - One wrapped library's counts --===//
//
// Part of Sextant. See WrappedLibrary.h.
//
//===----------------------------------------------------------------------===//

#include "runtime/wrapped/WrappedLibrary.h"

#include <new>

namespace sextant {
namespace runtime {

WrappedLibrary::WrappedLibrary(const sextant_wrapped_library &Descriptor)
    : Descriptor(&Descriptor), Name(Descriptor.name),
      Functions(new FunctionCounters[Descriptor.function_count]) {
  FunctionNames.reserve(Descriptor.function_count);
  for (unsigned I = 0; I < Descriptor.function_count; ++I) {
    const char *Function =
        Descriptor.function_names ? Descriptor.function_names[I] : nullptr;
    FunctionNames.push_back(Function ? Function
                                     : "<function " + std::to_string(I) + ">");
  }
}

WrappedLibrary::~WrappedLibrary() {
  delete[] Peers.load(std::memory_order_relaxed);
}

void WrappedLibrary::recordCall(unsigned Function, uint64_t Bytes,
                                unsigned Flags) noexcept {
  if (Function >= FunctionNames.size())
    return;
  FunctionCounters &F = Functions[Function];
  count(F.Calls, F.Bytes, Bytes);
  if (Flags & SEXTANT_WRAPPED_COLLECTIVE)
    F.CollectiveCalls.fetch_add(1, std::memory_order_relaxed);
}

void WrappedLibrary::recordTransfer(int Kind, int Peer,
                                    uint64_t Bytes) noexcept {
  PeerCounters *Table = Peers.load(std::memory_order_acquire);
  if (!Table || Peer < 0 || Peer >= PeerCount.load(std::memory_order_relaxed) ||
      Kind < SEXTANT_TRANSFER_PUT || Kind > SEXTANT_TRANSFER_FETCHING_ATOMIC) {
    PeersOutOfRange.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  PeerCounters &P = Table[Peer];
  // Puts and atomics go to the peer; gets and fetching atomics come back.
  if (Kind != SEXTANT_TRANSFER_GET)
    count(P.MessagesSent, P.BytesSent, Bytes);
  if (Kind == SEXTANT_TRANSFER_GET || Kind == SEXTANT_TRANSFER_FETCHING_ATOMIC)
    count(P.MessagesReceived, P.BytesReceived, Bytes);
}

bool WrappedLibrary::setPeerCount(int Count) noexcept {
  if (Count <= 0)
    return false;
  if (Peers.load(std::memory_order_acquire))
    return true;
  PeerCounters *Table = new (std::nothrow) PeerCounters[Count];
  if (!Table)
    return false;
  // The count first: a reader that sees the table sees its size.
  PeerCount.store(Count, std::memory_order_relaxed);
  Peers.store(Table, std::memory_order_release);
  return true;
}

format::RankLibraryCalls WrappedLibrary::snapshot(int Rank,
                                                  int RankCount) const {
  format::RankLibraryCalls Out;
  Out.Library = Name;
  Out.Rank = Rank;
  Out.RankCount = RankCount;
  for (size_t I = 0; I < FunctionNames.size(); ++I) {
    const FunctionCounters &F = Functions[I];
    format::LibraryFunctionCalls Calls;
    Calls.Name = FunctionNames[I];
    Calls.Calls = F.Calls.load(std::memory_order_relaxed);
    Calls.Bytes = F.Bytes.load(std::memory_order_relaxed);
    Calls.CollectiveCalls = F.CollectiveCalls.load(std::memory_order_relaxed);
    if (Calls.Calls)
      Out.Functions.push_back(std::move(Calls));
  }
  if (const PeerCounters *Table = Peers.load(std::memory_order_acquire)) {
    int Count = PeerCount.load(std::memory_order_relaxed);
    for (int Peer = 0; Peer < Count; ++Peer) {
      const PeerCounters &P = Table[Peer];
      format::Traffic T;
      T.MessagesSent = P.MessagesSent.load(std::memory_order_relaxed);
      T.BytesSent = P.BytesSent.load(std::memory_order_relaxed);
      T.MessagesReceived = P.MessagesReceived.load(std::memory_order_relaxed);
      T.BytesReceived = P.BytesReceived.load(std::memory_order_relaxed);
      if (!T.empty())
        Out.Traffic.push_back({Peer, T});
    }
  }
  Out.PeersOutOfRange = PeersOutOfRange.load(std::memory_order_relaxed);
  return Out;
}

} // namespace runtime
} // namespace sextant
