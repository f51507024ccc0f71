//===- mpi/JobReduction.cpp - The job's view reduced over a tree ----------===//
//
// Part of Sextant. See JobReduction.h.
//
//===----------------------------------------------------------------------===//

#include "JobReduction.h"
#include "MpiTraits.h"

#include "format/job/JobCombiner.h"
#include "format/job/JobDirectory.h"
#include "format/job/PartialJobCodec.h"

#include <exception>
#include <vector>

namespace sextant {
namespace mpi {

namespace {

/// The tag of the partials on the private communicator.
constexpr int PartialTag = 0x5e47;

int lowestSetBit(int Rank) { return Rank & -Rank; }

/// Rank's own partial; a rank whose files cannot be parsed at all still
/// takes part, saying so.
format::PartialJob ownPartial(const std::string &BaseDirectory, int Rank) {
  try {
    return format::partialFromRank(format::readRankFiles(BaseDirectory, Rank));
  } catch (const std::exception &Error) {
    return format::partialWithProblem(
        Rank, "rank " + std::to_string(Rank) +
                  ": its files cannot be combined: " + Error.what());
  }
}

/// The partial of the ranks under Child, received from it.
std::string receivePartial(MPI_Comm Comm, int Child) {
  return traits::receiveBytes(Child, PartialTag, Comm);
}

/// Merges the partial of the ranks [Child, End) into Partial; bytes that do
/// not read back leave those ranks out, saying so.
void mergeChild(format::PartialJob &Partial, const std::string &Bytes,
                int Child, int End) {
  format::PartialJob Received;
  std::string Error;
  try {
    if (format::deserialize(Bytes, Received, Error)) {
      format::merge(Partial, std::move(Received));
      return;
    }
  } catch (const std::exception &Failure) {
    Error = Failure.what();
  }
  Partial.Problems.push_back(
      "ranks " + std::to_string(Child) + " to " + std::to_string(End - 1) +
      ": their combined data cannot be read (" + Error + ")");
}

} // namespace

std::vector<int> reductionChildren(int Rank, int Size) {
  std::vector<int> Children;
  int Limit = Rank == 0 ? Size : lowestSetBit(Rank);
  for (long long Step = 1; Step < Limit && Rank + Step < Size; Step *= 2)
    Children.push_back(Rank + static_cast<int>(Step));
  return Children;
}

int reductionParent(int Rank) {
  return Rank == 0 ? -1 : Rank - lowestSetBit(Rank);
}

bool reduceJobView(MPI_Comm Comm, int Rank, int Size,
                   const std::string &BaseDirectory,
                   format::CombinedFiles &Job) {
  format::PartialJob Partial = ownPartial(BaseDirectory, Rank);
  std::vector<int> Children = reductionChildren(Rank, Size);
  for (size_t C = 0; C < Children.size(); ++C) {
    int End =
        C + 1 < Children.size()
            ? Children[C + 1]
            : (Rank == 0 ? Size : std::min(Size, Rank + lowestSetBit(Rank)));
    mergeChild(Partial, receivePartial(Comm, Children[C]), Children[C], End);
  }
  if (Rank != 0) {
    std::string Bytes;
    try {
      Bytes = format::serialize(Partial);
    } catch (const std::exception &) {
      Bytes.clear(); // the parent reports what it cannot read
    }
    traits::sendBytes(Bytes, reductionParent(Rank), PartialTag, Comm);
    return false;
  }
  Job = format::finishJob(std::move(Partial), Size, BaseDirectory);
  return true;
}

} // namespace mpi
} // namespace sextant
