//===- mpi/HandleKey.h - MPI handles as 64-bit keys -------------*- C++ -*-===//
//
// Part of Sextant. MPI handles are opaque and their representation differs
// between MPI libraries: MPICH's are ints (e.g. MPI_COMM_WORLD is
// 0x44000000, a negative int), Open MPI's pointers to its objects
// (MPI_Comm is struct ompi_communicator_t *). The adapter never does
// arithmetic on them, never prints them and never tests them against 0:
// it compares them with MPI's own constants (MPI_COMM_NULL,
// MPI_REQUEST_NULL, ...) and keys its tables (RequestTable.h, the rank
// translation caches of MpiAccounting.h) by handleKey(), which copies the
// handle's bytes into a 64-bit key: the same handle always gives the same
// key, different handles of one type different keys. MPI-free, so that the
// unit tests can check it with both representations.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_HANDLEKEY_H
#define SEXTANT_MPI_HANDLEKEY_H

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace sextant {
namespace mpi {

/// Handle (an integer or a pointer of at most 64 bits) as a 64-bit key;
/// an integer's bits are not sign-extended.
template <typename Handle> uint64_t handleKey(Handle Value) {
  static_assert(sizeof(Handle) <= sizeof(uint64_t), "handle too large");
  static_assert(std::is_integral<Handle>::value ||
                    std::is_pointer<Handle>::value,
                "an MPI handle is an integer or a pointer");
  uint64_t Key = 0;
  std::memcpy(&Key, &Value, sizeof(Handle));
  return Key;
}

} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_HANDLEKEY_H
