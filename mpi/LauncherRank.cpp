//===- mpi/LauncherRank.cpp - Rank and size from the launcher -------------===//
//
// Part of Sextant. See LauncherRank.h.
//
//===----------------------------------------------------------------------===//

#include "LauncherRank.h"

#include <cerrno>
#include <climits>
#include <cstdlib>

namespace sextant {
namespace mpi {

namespace {

/// Text as a non-negative int; -1 when it is not one.
int parseCount(const char *Text) {
  if (!Text || *Text == '\0')
    return -1;
  char *End = nullptr;
  errno = 0;
  long Value = std::strtol(Text, &End, 10);
  if (errno != 0 || *End != '\0' || Value < 0 || Value > INT_MAX ||
      !(*Text >= '0' && *Text <= '9'))
    return -1;
  return static_cast<int>(Value);
}

} // namespace

LauncherRank launcherRank(const char *(*GetVariable)(const char *Name)) {
  struct Pair {
    const char *Rank;
    const char *Size;
  };
  static const Pair Pairs[] = {
      {"PMI_RANK", "PMI_SIZE"},
      {"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"},
      {"PMIX_RANK", "OMPI_COMM_WORLD_SIZE"},
      {"SLURM_PROCID", "SLURM_NTASKS"},
      {"MPI_LOCALRANKID", "MPI_LOCALNRANKS"},
  };
  LauncherRank Result;
  for (const Pair &P : Pairs) {
    int Rank = parseCount(GetVariable(P.Rank));
    int Size = parseCount(GetVariable(P.Size));
    if (Rank < 0 || Size <= Rank)
      continue;
    Result.Rank = Rank;
    Result.Size = Size;
    Result.Source = P.Rank;
    return Result;
  }
  return Result;
}

} // namespace mpi
} // namespace sextant
