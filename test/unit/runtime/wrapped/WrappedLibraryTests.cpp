//===- test/unit/runtime/wrapped/WrappedLibraryTests.cpp ------------------===//
//
// A wrapped library.
//
// Part of Sextant. runtime/wrapped/WrappedLibrary: calls, bytes and
// collective calls per function, the traffic of each transfer kind per
// peer, peers outside the job (or before its size is known) counted, and
// exact totals from many threads at once.
//
//===----------------------------------------------------------------------===//

#include "runtime/wrapped/WrappedLibrary.h"

#include <catch2/catch.hpp>

#include <thread>
#include <vector>

using namespace sextant;
using namespace sextant::runtime;

namespace {

const char *const Names[] = {"shmem_putmem", "shmem_getmem",
                             "shmem_barrier_all"};
const sextant_wrapped_library Shmem = {SEXTANT_WRAPPER_ABI_VERSION, "shmem", 3,
                                       Names};

} // namespace

TEST_CASE("a wrapped library counts calls, bytes and traffic per peer",
          "[wrapped]") {
  WrappedLibrary Library(Shmem);
  CHECK(Library.name() == "shmem");
  // Before the job's size is known, a peer cannot be placed.
  Library.recordTransfer(SEXTANT_TRANSFER_PUT, 1, 8);
  REQUIRE(Library.setPeerCount(4));
  CHECK(Library.setPeerCount(9)); // the first count stays
  CHECK(Library.peerCount() == 4);
  Library.recordCall(0, 100, 0);
  Library.recordTransfer(SEXTANT_TRANSFER_PUT, 1, 100);
  Library.recordCall(1, 64, 0);
  Library.recordTransfer(SEXTANT_TRANSFER_GET, 3, 64);
  Library.recordTransfer(SEXTANT_TRANSFER_ATOMIC, 0, 4);
  Library.recordTransfer(SEXTANT_TRANSFER_FETCHING_ATOMIC, 1, 4);
  Library.recordCall(2, 0, SEXTANT_WRAPPED_COLLECTIVE);
  Library.recordCall(2, 0, SEXTANT_WRAPPED_COLLECTIVE);
  Library.recordCall(7, 1, 0);                        // not a function of it
  Library.recordTransfer(SEXTANT_TRANSFER_PUT, 4, 1); // outside the job
  Library.recordTransfer(SEXTANT_TRANSFER_PUT, -1, 1);
  Library.recordTransfer(9, 0, 1); // not a kind

  format::RankLibraryCalls Calls = Library.snapshot(2, 4);
  CHECK(Calls.Library == "shmem");
  CHECK(Calls.Rank == 2);
  CHECK(Calls.RankCount == 4);
  REQUIRE(Calls.Functions.size() == 3);
  CHECK(Calls.Functions[0].Name == "shmem_putmem");
  CHECK(Calls.Functions[0].Calls == 1);
  CHECK(Calls.Functions[0].Bytes == 100);
  CHECK(Calls.Functions[2].Calls == 2);
  CHECK(Calls.Functions[2].CollectiveCalls == 2);
  REQUIRE(Calls.Traffic.size() == 3);
  CHECK(Calls.Traffic[0].first == 0);
  CHECK(Calls.Traffic[0].second.MessagesSent == 1);
  CHECK(Calls.Traffic[0].second.MessagesReceived == 0);
  CHECK(Calls.Traffic[1].first == 1);
  CHECK(Calls.Traffic[1].second.MessagesSent == 2);
  CHECK(Calls.Traffic[1].second.BytesSent == 104);
  CHECK(Calls.Traffic[1].second.MessagesReceived == 1);
  CHECK(Calls.Traffic[1].second.BytesReceived == 4);
  CHECK(Calls.Traffic[2].first == 3);
  CHECK(Calls.Traffic[2].second.BytesReceived == 64);
  CHECK(Calls.PeersOutOfRange == 4);
}

TEST_CASE("a function never called is left out", "[wrapped]") {
  WrappedLibrary Library(Shmem);
  Library.recordCall(1, 0, 0);
  format::RankLibraryCalls Calls = Library.snapshot(-1, 0);
  REQUIRE(Calls.Functions.size() == 1);
  CHECK(Calls.Functions[0].Name == "shmem_getmem");
  CHECK(Calls.Traffic.empty());
}

TEST_CASE("counts from many threads at once are exact", "[wrapped]") {
  WrappedLibrary Library(Shmem);
  REQUIRE(Library.setPeerCount(2));
  constexpr int Threads = 4, Calls = 20000;
  std::vector<std::thread> Workers;
  for (int T = 0; T < Threads; ++T)
    Workers.emplace_back([&Library, T] {
      for (int I = 0; I < Calls; ++I) {
        Library.recordCall(0, 3, 0);
        Library.recordTransfer(SEXTANT_TRANSFER_PUT, T % 2, 3);
      }
    });
  for (std::thread &W : Workers)
    W.join();
  format::RankLibraryCalls Counted = Library.snapshot(0, 2);
  REQUIRE(Counted.Functions.size() == 1);
  CHECK(Counted.Functions[0].Calls == uint64_t(Threads) * Calls);
  CHECK(Counted.Functions[0].Bytes == uint64_t(Threads) * Calls * 3);
  REQUIRE(Counted.Traffic.size() == 2);
  CHECK(Counted.Traffic[0].second.MessagesSent ==
        uint64_t(Threads / 2) * Calls);
  CHECK(Counted.Traffic[1].second.BytesSent ==
        uint64_t(Threads / 2) * Calls * 3);
}
