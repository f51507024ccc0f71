//===- mpi/JobReduction.h - The job's view reduced over a tree --*- C++ -*-===//
//
// Part of Sextant. At MPI_Finalize the ranks combine the job's view
// (format/job/JobCombiner.h) over a binomial tree of the adapter's private
// communicator rooted at rank 0: rank r's children are r + 2^k for every
// 2^k below r's lowest set bit (every 2^k for rank 0) within the job, its
// parent r minus its lowest set bit, so that the ranks under r are the
// contiguous range [r, r + lowest set bit). Each rank reads its own files
// into a partial (format/job/PartialJob.h), receives its children's serialized
// partials in rank order (a probe for the size, then one large-count
// receive of bytes), merges each after its own, and sends the result to
// its parent; rank 0 finishes the job's view. Time O(union of the call
// trees x log2(ranks)) at rank 0; memory at a rank its subtree's merged
// partial and one child's.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_JOBREDUCTION_H
#define SEXTANT_MPI_JOBREDUCTION_H

#include "format/job/JobCombiner.h"

#include <mpi.h>

#include <string>

namespace sextant {
namespace mpi {

/// The children of Rank in the binomial tree of Size ranks, ascending.
std::vector<int> reductionChildren(int Rank, int Size);
/// The parent of Rank (-1 for rank 0).
int reductionParent(int Rank);

/// Reduces the job's view over Comm (Rank of Size, every rank calls it);
/// true at rank 0 with Job filled in, false on the other ranks.
bool reduceJobView(MPI_Comm Comm, int Rank, int Size,
                   const std::string &BaseDirectory,
                   format::CombinedFiles &Job);

} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_JOBREDUCTION_H
