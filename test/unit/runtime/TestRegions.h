//===- test/unit/runtime/TestRegions.h - Test region tables -----*- C++ -*-===//
//
// Part of Sextant. Builds small region tables and call-path trees for the
// tests of the output writers.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TEST_UNIT_RUNTIME_TESTREGIONS_H
#define SEXTANT_TEST_UNIT_RUNTIME_TESTREGIONS_H

#include "runtime/profile/CallPathTree.h"
#include "runtime/regions/RegionRegistry.h"

#include <string>
#include <vector>

namespace sextant {
namespace runtime {
namespace test {

/// A region with id Id (== its index + 1 in the table it goes into).
inline RegionInfo makeRegion(uint32_t Id, std::string Name, std::string File,
                             uint32_t Line, std::string Module = "/bin/app") {
  RegionInfo Region;
  Region.Id = Id;
  Region.DisplayName = Name;
  Region.MangledName = Name;
  Region.File = std::move(File);
  Region.BeginLine = Line;
  Region.EndLine = Line + 5;
  Region.Module = std::move(Module);
  Region.FilterReason = "included: no runtime filter";
  return Region;
}

/// Adds Visits visits with the given times to the node at Path.
inline void addVisits(CallPathTree &Tree, const std::vector<uint32_t> &Path,
                      uint64_t Visits, uint64_t Inclusive, uint64_t Exclusive) {
  CallPathTree::NodeIndex Node = CallPathTree::RootNode;
  for (uint32_t Region : Path)
    Node = Tree.child(Node, Region);
  Tree.node(Node).Visits += Visits;
  Tree.node(Node).InclusiveTicks += Inclusive;
  Tree.node(Node).ExclusiveTicks += Exclusive;
}

} // namespace test
} // namespace runtime
} // namespace sextant

#endif // SEXTANT_TEST_UNIT_RUNTIME_TESTREGIONS_H
