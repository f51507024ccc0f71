//===- test/unit/format/profile/DeepProfile.h - A deep call chain ---------===//
//
// Part of Sextant. A call-path profile that is one chain of recursive calls,
// as deep as a test needs, for the bounds of the text views (TextLayout.h).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TEST_UNIT_FORMAT_PROFILE_DEEPPROFILE_H
#define SEXTANT_TEST_UNIT_FORMAT_PROFILE_DEEPPROFILE_H

#include "format/profile/CallPathProfile.h"

namespace sextant {
namespace test {

/// A chain of Depth calls of region 1 "f", the root first: every level has
/// one visit and ExclusiveSeconds exclusive time, and the inclusive time of
/// the levels below it.
inline format::CallPathProfile deepChain(size_t Depth,
                                         double ExclusiveSeconds = 1e-6) {
  format::CallPathProfile Profile;
  size_t Parent = format::CallPathProfile::NoParent;
  for (size_t Level = 0; Level < Depth; ++Level) {
    format::CallPathNode Node;
    Node.RegionId = 1;
    Node.Name = "f";
    Node.Visits = 1;
    Node.ExclusiveSeconds = ExclusiveSeconds;
    Node.InclusiveSeconds =
        static_cast<double>(Depth - Level) * ExclusiveSeconds;
    Parent = Profile.addNode(Parent, std::move(Node));
  }
  return Profile;
}

} // namespace test
} // namespace sextant

#endif // SEXTANT_TEST_UNIT_FORMAT_PROFILE_DEEPPROFILE_H
