//===- format/schema/LibraryCalls.h - A process's library-<name>.json -----===//
//
// Part of Sextant. What a generated library wrapper recorded in one process
// (runtime/wrapped, include/sextant/wrapper_abi.h): per wrapped function
// with calls its calls, bytes and collective calls, the traffic with each
// peer (the sparse per-partner list of mpi.json version 2) and the peers
// that were outside the job. renderRankLibraryJson() writes the process's
// library-<name>.json with the JsonWriter, so that the runtime carries no
// JSON parser; JobLibrary.h reads it back and makes the job's.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_SCHEMA_LIBRARYCALLS_H
#define SEXTANT_FORMAT_SCHEMA_LIBRARYCALLS_H

#include "format/schema/CrossRankTraffic.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sextant {
namespace format {

/// One wrapped function's counters (library_keys::FunctionFields).
struct LibraryFunctionCalls {
  std::string Name;
  uint64_t Calls = 0;
  uint64_t Bytes = 0;
  uint64_t CollectiveCalls = 0;
};

/// The members of LibraryFunctionCalls in library_keys::FunctionFields
/// order.
constexpr uint64_t LibraryFunctionCalls::*LibraryFunctionMembers[] = {
    &LibraryFunctionCalls::Calls, &LibraryFunctionCalls::Bytes,
    &LibraryFunctionCalls::CollectiveCalls};

struct RankLibraryCalls {
  std::string Library;
  /// The process's rank in the job and the job's size as the library
  /// numbers them (-1 and 0: the library did not say).
  int Rank = -1;
  int RankCount = 0;
  /// The functions called at least once, in the wrapper's order.
  std::vector<LibraryFunctionCalls> Functions;
  /// The peers with traffic, ascending: sent = puts and atomics, received =
  /// gets and fetching atomics, as the initiator.
  SparseTraffic Traffic;
  /// Transfers whose peer was outside [0, RankCount) (or came before the
  /// job's size was known).
  uint64_t PeersOutOfRange = 0;
};

/// The process's library-<name>.json.
std::string renderRankLibraryJson(const RankLibraryCalls &Calls);

/// Whether Name may name a wrapped library (and so a file): 1 to 64
/// letters, digits, '.', '_', '+' or '-', not starting with '.'.
bool isLibraryName(const std::string &Name);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_SCHEMA_LIBRARYCALLS_H
