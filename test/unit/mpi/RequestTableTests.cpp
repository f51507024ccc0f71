//===- test/unit/mpi/RequestTableTests.cpp - Pending operations -----------===//
//
// Part of Sextant. The request table: completion of nonblocking records,
// persistent requests across starts, cancel, free, one handle shared by
// several completed sends, and concurrent use by several threads.
//
//===----------------------------------------------------------------------===//

#include "RequestTable.h"

#include <catch2/catch.hpp>

#include <thread>
#include <vector>

using namespace sextant::mpi;

namespace {
RequestRecord sendRecord(int Partner, uint64_t Bytes, bool Persistent = false) {
  RequestRecord Record;
  Record.Kind = RequestKind::Send;
  Record.SendPartner = Partner;
  Record.SendBytes = Bytes;
  Record.Persistent = Persistent;
  Record.Active = !Persistent;
  return Record;
}
} // namespace

TEST_CASE("a nonblocking request completes once", "[requests]") {
  RequestTable Table;
  Table.insert(7, sendRecord(2, 800));
  REQUIRE(Table.size() == 1);
  std::optional<RequestRecord> Done = Table.complete(7);
  REQUIRE(Done);
  CHECK(Done->SendPartner == 2);
  CHECK(Done->SendBytes == 800);
  CHECK(Table.size() == 0);
  CHECK_FALSE(Table.complete(7));
}

TEST_CASE("unknown requests complete to nothing", "[requests]") {
  RequestTable Table;
  CHECK_FALSE(Table.complete(42));
  CHECK_FALSE(Table.release(42));
  CHECK_FALSE(Table.start(42));
  Table.cancel(42); // no effect, no crash
  CHECK(Table.size() == 0);
}

TEST_CASE("a persistent request counts once per start", "[requests]") {
  RequestTable Table;
  Table.insert(3, sendRecord(1, 40, /*Persistent=*/true));
  // Inactive before MPI_Start: a Wait on it completes nothing.
  CHECK_FALSE(Table.complete(3));
  for (int Round = 0; Round < 3; ++Round) {
    REQUIRE(Table.start(3));
    std::optional<RequestRecord> Done = Table.complete(3);
    REQUIRE(Done);
    CHECK(Done->SendBytes == 40);
    CHECK_FALSE(Table.complete(3)); // inactive again
  }
  CHECK(Table.size() == 1);
  std::optional<RequestRecord> Freed = Table.release(3);
  REQUIRE(Freed);
  CHECK_FALSE(Freed->Active);
  CHECK(Table.size() == 0);
}

TEST_CASE("cancel marks the record and start clears the mark", "[requests]") {
  RequestTable Table;
  Table.insert(5, sendRecord(0, 8));
  Table.cancel(5);
  std::optional<RequestRecord> Done = Table.complete(5);
  REQUIRE(Done);
  CHECK(Done->CancelRequested);

  Table.insert(6, sendRecord(0, 8, true));
  Table.start(6);
  Table.cancel(6);
  Table.start(6);
  Done = Table.complete(6);
  REQUIRE(Done);
  CHECK_FALSE(Done->CancelRequested);
}

TEST_CASE("one handle for several completed sends is a queue", "[requests]") {
  // MPICH returns one predefined handle for sends that completed at once.
  RequestTable Table;
  Table.insert(99, sendRecord(1, 100));
  Table.insert(99, sendRecord(3, 300));
  CHECK(Table.size() == 2);
  std::optional<RequestRecord> First = Table.complete(99);
  std::optional<RequestRecord> Second = Table.complete(99);
  REQUIRE(First);
  REQUIRE(Second);
  CHECK(First->SendPartner == 1);
  CHECK(Second->SendPartner == 3);
  CHECK_FALSE(Table.complete(99));
  CHECK(Table.size() == 0);
}

TEST_CASE("a new persistent request replaces a stale record", "[requests]") {
  RequestTable Table;
  Table.insert(11, sendRecord(1, 10, true));
  Table.insert(11, sendRecord(2, 20, true));
  CHECK(Table.size() == 1);
  REQUIRE(Table.start(11));
  CHECK(Table.complete(11)->SendPartner == 2);
}

TEST_CASE("threads insert and complete concurrently", "[requests]") {
  RequestTable Table;
  constexpr int Threads = 4, PerThread = 2000;
  std::vector<std::thread> Workers;
  std::vector<uint64_t> Bytes(Threads, 0);
  for (int T = 0; T < Threads; ++T)
    Workers.emplace_back([&, T] {
      for (int I = 0; I < PerThread; ++I) {
        uint64_t Handle = static_cast<uint64_t>(T) * 1000000 + I;
        Table.insert(Handle, sendRecord(T, 1 + I % 5));
        if (std::optional<RequestRecord> Done = Table.complete(Handle))
          Bytes[T] += Done->SendBytes;
      }
    });
  for (std::thread &W : Workers)
    W.join();
  for (int T = 0; T < Threads; ++T)
    CHECK(Bytes[T] == 3 * PerThread); // mean of 1..5 is 3
  CHECK(Table.size() == 0);
}
