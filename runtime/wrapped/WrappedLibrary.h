//===- runtime/wrapped/WrappedLibrary.h - A wrapped library's counts ------===//
//-*-===//
//
// Part of Sextant. What the runtime keeps of one library measured by a
// generated wrapper (include/sextant/wrapper_abi.h): per wrapped function
// its calls, bytes and collective calls, and per peer of the job the
// messages and bytes sent and received (format::Traffic, as the MPI
// adapter's mpi/CommMatrix), with the transfers whose peer was outside the
// job. Everything is allocated when the library is registered (the
// functions) or placed in its job (the peers, setPeerCount): the call path
// (recordCall, recordTransfer) only adds to atomics, takes no lock and
// allocates nothing. snapshot() may run in a fatal-signal handler (it
// allocates, like every experiment file's rendering).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_WRAPPED_WRAPPEDLIBRARY_H
#define SEXTANT_RUNTIME_WRAPPED_WRAPPEDLIBRARY_H

#include "format/schema/LibraryCalls.h"

#include "sextant/wrapper_abi.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace sextant {
namespace runtime {

class WrappedLibrary {
public:
  /// Copies the name and the function names of Descriptor (which the
  /// caller checked). Throws std::bad_alloc.
  explicit WrappedLibrary(const sextant_wrapped_library &Descriptor);
  /// Frees the peer table (the process's libraries live until its end;
  /// tests make their own).
  ~WrappedLibrary();
  WrappedLibrary(const WrappedLibrary &) = delete;
  WrappedLibrary &operator=(const WrappedLibrary &) = delete;

  const std::string &name() const { return Name; }
  const sextant_wrapped_library *descriptor() const { return Descriptor; }
  size_t functionCount() const { return FunctionNames.size(); }

  /// One call of Function (ignored when it is not one of the library's).
  void recordCall(unsigned Function, uint64_t Bytes, unsigned Flags) noexcept;
  /// A transfer of Bytes with Peer (sextant_transfer_kind Kind): a peer
  /// outside [0, peerCount()) or an unknown kind is counted in
  /// peersOutOfRange().
  void recordTransfer(int Kind, int Peer, uint64_t Bytes) noexcept;

  /// Makes room for Count peers, once (later calls keep the first count);
  /// false when Count is not positive or memory is short. Calls are
  /// serialized by the caller (the library table's lock).
  bool setPeerCount(int Count) noexcept;
  int peerCount() const noexcept { return PeerCount.load(); }

  /// The counts now, as the library's library-<name>.json holds them.
  format::RankLibraryCalls snapshot(int Rank, int RankCount) const;

private:
  struct FunctionCounters {
    std::atomic<uint64_t> Calls{0};
    std::atomic<uint64_t> Bytes{0};
    std::atomic<uint64_t> CollectiveCalls{0};
  };
  struct PeerCounters {
    std::atomic<uint64_t> MessagesSent{0};
    std::atomic<uint64_t> BytesSent{0};
    std::atomic<uint64_t> MessagesReceived{0};
    std::atomic<uint64_t> BytesReceived{0};
  };

  static void count(std::atomic<uint64_t> &Messages,
                    std::atomic<uint64_t> &Total, uint64_t Bytes) noexcept {
    Messages.fetch_add(1, std::memory_order_relaxed);
    Total.fetch_add(Bytes, std::memory_order_relaxed);
  }

  const sextant_wrapped_library *Descriptor;
  std::string Name;
  std::vector<std::string> FunctionNames;
  std::unique_ptr<FunctionCounters[]> Functions;
  /// Published once by setPeerCount (release), read on the call path
  /// (acquire); never freed while the process runs.
  std::atomic<PeerCounters *> Peers{nullptr};
  std::atomic<int> PeerCount{0};
  std::atomic<uint64_t> PeersOutOfRange{0};
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_WRAPPED_WRAPPEDLIBRARY_H
