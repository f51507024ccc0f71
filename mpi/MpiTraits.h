//===- mpi/MpiTraits.h - What differs between MPI libraries -----*- C++ -*-===//
//
// Part of Sextant. The adapter is built once per MPI library found at
// configure time (mpi/CMakeLists.txt: MPICH, Open MPI), each time against
// that library's mpi.h. The differences that matter to it are decided here,
// by the version of the MPI standard the header implements, never by the
// library's name:
//
//   - handles: integers (MPICH) or pointers (Open MPI); see HandleKey.h;
//   - large counts: MPI 4.0's MPI_Count functions (PMPI_Type_size_c,
//     PMPI_Get_count_c, PMPI_Send_c, PMPI_Recv_c; MPICH 4) or, for an MPI
//     3.x library (Open MPI 4.1, which has no _c functions), MPI 3.0's
//     PMPI_Type_size_x and PMPI_Get_elements_x, and messages of more than
//     2^31 - 1 bytes sent in chunks;
//   - MPI_Status: its count and cancelled fields differ in name and layout
//     between the libraries, so the adapter reads a status only through
//     MPI_SOURCE, MPI_TAG and the PMPI functions.
//
// The functions are called outside the hot path (once per received message
// or per datatype-sized call) and never hold a lock.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_MPITRAITS_H
#define SEXTANT_MPI_MPITRAITS_H

#include <mpi.h>

#include <cstdint>
#include <string>

namespace sextant {
namespace mpi {
namespace traits {

/// The size of Type in bytes; false when MPI cannot tell.
inline bool typeSize(MPI_Datatype Type, MPI_Count &Size) {
#if MPI_VERSION >= 4
  return PMPI_Type_size_c(Type, &Size) == MPI_SUCCESS;
#else
  return PMPI_Type_size_x(Type, &Size) == MPI_SUCCESS;
#endif
}

/// The bytes a receive described by Status brought; 0 when undefined.
inline uint64_t receivedBytes(const MPI_Status &Status) {
  MPI_Count Bytes = 0;
#if MPI_VERSION >= 4
  PMPI_Get_count_c(&Status, MPI_BYTE, &Bytes);
#else
  // In MPI_BYTE units, elements and count are the same.
  PMPI_Get_elements_x(&Status, MPI_BYTE, &Bytes);
#endif
  if (Bytes == MPI_UNDEFINED || Bytes < 0)
    return 0;
  return static_cast<uint64_t>(Bytes);
}

/// Messages of an MPI 3 library are at most this large: sendBytes() sends
/// chunks of this size and one last, shorter one (possibly empty).
constexpr int ChunkBytes = 1 << 30;

/// Sends Bytes to Destination with Tag on Comm, in one message or (MPI 3)
/// in chunks that receiveBytes() puts together again.
inline void sendBytes(const std::string &Bytes, int Destination, int Tag,
                      MPI_Comm Comm) {
#if MPI_VERSION >= 4
  PMPI_Send_c(Bytes.data(), static_cast<MPI_Count>(Bytes.size()), MPI_BYTE,
              Destination, Tag, Comm);
#else
  size_t Offset = 0;
  for (;;) {
    size_t Left = Bytes.size() - Offset;
    int Chunk = Left >= static_cast<size_t>(ChunkBytes)
                    ? ChunkBytes
                    : static_cast<int>(Left);
    PMPI_Send(Bytes.data() + Offset, Chunk, MPI_BYTE, Destination, Tag, Comm);
    Offset += static_cast<size_t>(Chunk);
    if (Chunk < ChunkBytes)
      return;
  }
#endif
}

/// Receives what sendBytes() sent from Source with Tag on Comm.
inline std::string receiveBytes(int Source, int Tag, MPI_Comm Comm) {
  std::string Bytes;
  for (;;) {
    MPI_Status Status;
    PMPI_Probe(Source, Tag, Comm, &Status);
    uint64_t Size = receivedBytes(Status);
    size_t Offset = Bytes.size();
    Bytes.resize(Offset + static_cast<size_t>(Size));
#if MPI_VERSION >= 4
    PMPI_Recv_c(Bytes.data() + Offset, static_cast<MPI_Count>(Size), MPI_BYTE,
                Source, Tag, Comm, MPI_STATUS_IGNORE);
    return Bytes;
#else
    PMPI_Recv(Bytes.data() + Offset, static_cast<int>(Size), MPI_BYTE, Source,
              Tag, Comm, MPI_STATUS_IGNORE);
    if (Size < static_cast<uint64_t>(ChunkBytes))
      return Bytes;
#endif
  }
}

} // namespace traits
} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_MPITRAITS_H
