//===- test/unit/format/ProfileTestSupport.h - Profiles for the tests ----===//
//
// Part of Sextant. Builds a format::CallPathProfile from call paths given as
// lists of region ids, the way the runtime tests build call-path trees.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TEST_UNIT_FORMAT_PROFILETESTSUPPORT_H
#define SEXTANT_TEST_UNIT_FORMAT_PROFILETESTSUPPORT_H

#include "format/CallPathProfile.h"

#include <string>
#include <vector>

namespace sextant {
namespace format {
namespace test {

/// Adds the last node of the call path Path (region ids from the root) to
/// Profile, named "r<id>", with these values; the nodes before it must be
/// there. Paths must come in depth-first order, parents first.
inline size_t addPath(CallPathProfile &Profile,
                      const std::vector<uint32_t> &Path, uint64_t Visits,
                      double InclusiveSeconds, double ExclusiveSeconds) {
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
  CallPathNode Node;
  Node.RegionId = Path.back();
  Node.Name = "r" + std::to_string(Path.back());
  Node.Visits = Visits;
  Node.InclusiveSeconds = InclusiveSeconds;
  Node.ExclusiveSeconds = ExclusiveSeconds;
  return Profile.addNode(Parent, std::move(Node));
}

} // namespace test
} // namespace format
} // namespace sextant

#endif // SEXTANT_TEST_UNIT_FORMAT_PROFILETESTSUPPORT_H
