//===- test/unit/mpi/HandleKeyTests.cpp - MPI handles as keys -------------===//
//
// Part of Sextant. handleKey() (mpi/HandleKey.h) with both representations
// of MPI handles the adapter is built for: MPICH's integers (including
// negative ones such as 0x84000000) and Open MPI's pointers; and the request
// table keyed by pointer handles that Open MPI reuses once a request has
// completed (its free lists hand the same object out again).
//
//===----------------------------------------------------------------------===//

#include "HandleKey.h"
#include "RequestTable.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <set>

using namespace sextant::mpi;

namespace {
// Stand-ins for Open MPI's handle types (pointers to its objects).
struct Communicator {
  int Id;
};
using CommunicatorHandle = Communicator *;
struct Request {
  int Id;
};
using RequestHandle = Request *;
} // namespace

TEST_CASE("integer handles give their bits as keys", "[handles]") {
  // MPICH: MPI_COMM_WORLD, MPI_COMM_SELF and a derived communicator.
  int World = 0x44000000, Self = 0x44000001;
  int Derived = static_cast<int>(0x84000002u); // negative as an int
  CHECK(handleKey(World) == 0x44000000u);
  CHECK(handleKey(Derived) == 0x84000002u); // not sign-extended
  CHECK(handleKey(-1) == 0xffffffffu);
  std::set<uint64_t> Keys = {handleKey(World), handleKey(Self),
                             handleKey(Derived), handleKey(0)};
  CHECK(Keys.size() == 4);
}

TEST_CASE("pointer handles give their addresses as keys", "[handles]") {
  Communicator Objects[3] = {{0}, {1}, {2}};
  std::set<uint64_t> Keys;
  for (Communicator &Object : Objects) {
    CommunicatorHandle Handle = &Object;
    CHECK(handleKey(Handle) == reinterpret_cast<uintptr_t>(&Object));
    CHECK(handleKey(Handle) == handleKey(Handle));
    Keys.insert(handleKey(Handle));
  }
  CHECK(Keys.size() == 3);
  CHECK(handleKey(static_cast<CommunicatorHandle>(nullptr)) == 0);
}

TEST_CASE("a pointer request handle reused after completion", "[handles]") {
  RequestTable Table;
  Request Object{7};
  RequestHandle Handle = &Object;
  RequestRecord First;
  First.SendPartner = 1;
  First.SendBytes = 8;
  Table.insert(handleKey(Handle), First);
  REQUIRE(Table.complete(handleKey(Handle)));
  CHECK_FALSE(Table.complete(handleKey(Handle)));
  // The MPI library hands the same object out for the next request.
  RequestRecord Second = First;
  Second.SendPartner = 2;
  Second.SendBytes = 16;
  Table.insert(handleKey(Handle), Second);
  auto Completed = Table.complete(handleKey(Handle));
  REQUIRE(Completed);
  CHECK(Completed->SendPartner == 2);
  CHECK(Completed->SendBytes == 16);
  CHECK(Table.size() == 0);
}
