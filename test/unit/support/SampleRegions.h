//===- test/unit/support/SampleRegions.h - Sample regions -------*- C++ -*-===//
//
// Part of Sextant. Small region tables and call paths for the tests of the
// runtime's output (RegionInfo, CallPathTree) and of format/ (RegionRecord,
// CallPathProfile): a region is given by id, name, file, line and module
// the same way for both, and a call path by the region ids from the root.
// Header-only; a test uses the half of the layer it links.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TEST_UNIT_SUPPORT_SAMPLEREGIONS_H
#define SEXTANT_TEST_UNIT_SUPPORT_SAMPLEREGIONS_H

#include "format/profile/CallPathProfile.h"
#include "format/schema/ExperimentDescription.h"
#include "runtime/profile/CallPathTree.h"
#include "runtime/regions/RegionRegistry.h"

#include <string>
#include <vector>

namespace sextant {
namespace test {

/// The main module of the sample regions.
constexpr char SampleProgram[] = "/bin/app";

/// A region of the runtime with id Id (== its index + 1 in the table it
/// goes into), lines Line to Line + 5, no flags, not filtered.
inline runtime::RegionInfo makeRegion(uint32_t Id, std::string Name,
                                      std::string File, uint32_t Line,
                                      std::string Module = SampleProgram) {
  runtime::RegionInfo Region;
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

/// The same region as regions.json records it.
inline format::RegionRecord
makeRegionRecord(uint32_t Id, std::string Name, std::string File, uint32_t Line,
                 std::string Module = SampleProgram) {
  format::RegionRecord Region;
  Region.Id = Id;
  Region.Name = Name;
  Region.Mangled = Name;
  Region.File = std::move(File);
  Region.BeginLine = Line;
  Region.EndLine = Line + 5;
  Region.Module = std::move(Module);
  Region.FilterReason = "included: no runtime filter";
  return Region;
}

/// main (with debug information, demangled) and tiny, excluded by a rule
/// of the runtime filter rt.filt.
inline std::vector<runtime::RegionInfo> filteredRegions() {
  std::vector<runtime::RegionInfo> Regions = {
      makeRegion(1, "main", "/src/a.c", 3),
      makeRegion(2, "tiny", "/src/a.c", 9)};
  Regions[0].Flags = 1u | 4u; // debug info, demangled
  runtime::RegionInfo &Tiny = Regions[1];
  Tiny.Filtered = true;
  Tiny.FilterReason = "excluded by rt.filt:2:11 (EXCLUDE tiny)";
  Tiny.FilterRuleMatched = true;
  Tiny.FilterRule = {"rt.filt", 2, 11};
  Tiny.FilterRuleText = "EXCLUDE tiny";
  Tiny.FilterPattern = "tiny";
  return Regions;
}

/// Adds Visits visits with the given times to the node at Path of Tree.
inline void addVisits(runtime::CallPathTree &Tree,
                      const std::vector<uint32_t> &Path, uint64_t Visits,
                      uint64_t Inclusive, uint64_t Exclusive) {
  runtime::CallPathTree::NodeIndex Node = runtime::CallPathTree::RootNode;
  for (uint32_t Region : Path)
    Node = Tree.child(Node, Region);
  Tree.node(Node).Visits += Visits;
  Tree.node(Node).InclusiveTicks += Inclusive;
  Tree.node(Node).ExclusiveTicks += Exclusive;
}

/// Adds the last node of the call path Path to Profile, named "r<id>" (or
/// Name), with these values; the nodes before it must be there. Paths must
/// come in depth-first order, parents first.
inline size_t addPath(format::CallPathProfile &Profile,
                      const std::vector<uint32_t> &Path, uint64_t Visits,
                      double InclusiveSeconds, double ExclusiveSeconds,
                      std::string Name = std::string()) {
  using format::CallPathProfile;
  size_t Parent = CallPathProfile::NoParent;
  for (size_t Level = 0; Level + 1 < Path.size(); ++Level) {
    const std::vector<size_t> &Siblings = Parent == CallPathProfile::NoParent
                                              ? Profile.roots()
                                              : Profile.node(Parent).Children;
    size_t Found = CallPathProfile::NoParent;
    for (size_t Sibling : Siblings)
      if (Profile.node(Sibling).RegionId == Path[Level])
        Found = Sibling;
    Parent = Found; // a missing parent makes the node a root
  }
  format::CallPathNode Node;
  Node.RegionId = Path.back();
  Node.Name = Name.empty() ? "r" + std::to_string(Path.back()) : Name;
  Node.Visits = Visits;
  Node.InclusiveSeconds = InclusiveSeconds;
  Node.ExclusiveSeconds = ExclusiveSeconds;
  return Profile.addNode(Parent, std::move(Node));
}

} // namespace test
} // namespace sextant

#endif // SEXTANT_TEST_UNIT_SUPPORT_SAMPLEREGIONS_H
