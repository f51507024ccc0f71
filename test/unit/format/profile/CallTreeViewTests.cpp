//===- test/unit/format/profile/CallTreeViewTests.cpp ---------------------===//
//
// The call-tree view.
//
// Part of Sextant. Rows in depth-first order, sibling order, and the limits
// (Top, MinTime) whose hidden call paths are summed in one row.
//
//===----------------------------------------------------------------------===//

#include "format/profile/CallTreeView.h"

#include "test/unit/format/profile/DeepProfile.h"
#include "test/unit/support/SampleRegions.h"

#include <catch2/catch.hpp>

#include <string>

using namespace sextant::format;
using namespace sextant::test;

namespace {

/// The rows of the view as text: "name@depth" or "hidden:N@depth".
std::string rows(const CallPathProfile &Profile, const CallTreeLimits &Limits) {
  std::string Text;
  walkCallTree(Profile, Limits, [&](const CallTreeRow &Row) {
    if (Row.Node == CallTreeRow::Hidden)
      Text += "hidden:" + std::to_string(Row.HiddenPaths) + "@" +
              std::to_string(Row.Depth) + " ";
    else
      Text +=
          Profile.node(Row.Node).Name + "@" + std::to_string(Row.Depth) + " ";
  });
  return Text;
}

CallPathProfile sampleProfile() {
  CallPathProfile Profile;
  addPath(Profile, {1}, 1, 10, 1);
  addPath(Profile, {1, 2}, 4, 2, 2);
  addPath(Profile, {1, 3}, 2, 6, 5);
  addPath(Profile, {1, 3, 4}, 1, 1, 1);
  addPath(Profile, {1, 5}, 8, 1, 1);
  addPath(Profile, {6}, 1, 3, 3);
  return Profile;
}

} // namespace

TEST_CASE("without limits the view is the profile in its order",
          "[CallTreeView]") {
  CHECK(rows(sampleProfile(), {}) == "r1@0 r2@1 r3@1 r4@2 r5@1 r6@0 ");
}

TEST_CASE("siblings are ordered by the comparison given", "[CallTreeView]") {
  CallPathProfile Profile = sampleProfile();
  CallTreeLimits Limits;
  Limits.Before = [&](size_t A, size_t B) {
    return Profile.node(A).Visits > Profile.node(B).Visits;
  };
  CHECK(rows(Profile, Limits) == "r1@0 r5@1 r2@1 r3@1 r4@2 r6@0 ");
}

TEST_CASE("hidden call paths are summed after the siblings shown",
          "[CallTreeView]") {
  CallPathProfile Profile = sampleProfile();
  CallTreeLimits Limits;
  Limits.Top = 1;
  Limits.MinTime = 1.5;
  CHECK(rows(Profile, Limits) == "r1@0 r2@1 hidden:2@1 hidden:1@0 ");
  uint64_t Visits = 0;
  double Inclusive = 0, Exclusive = 0;
  walkCallTree(Profile, Limits, [&](const CallTreeRow &Row) {
    if (Row.Node == CallTreeRow::Hidden && Row.Depth == 1) {
      Visits = Row.HiddenVisits;
      Inclusive = Row.HiddenInclusiveSeconds;
      Exclusive = Row.HiddenExclusiveSeconds;
    }
  });
  CHECK(Visits == 10);
  CHECK(Inclusive == 7);
  CHECK(Exclusive == 6);
}

TEST_CASE("call paths deeper than the bound are folded into one row",
          "[CallTreeView]") {
  // With one level shown, the four call paths below r1 (r2, r3 with r4
  // below it, r5) are folded into one row; r6 has nothing below it.
  CallPathProfile Profile = sampleProfile();
  CallTreeLimits Limits;
  Limits.MaxDepth = 1;
  CHECK(rows(Profile, Limits) == "r1@0 hidden:4@1 r6@0 ");
  CallTreeRow Folded;
  walkCallTree(Profile, Limits, [&](const CallTreeRow &Row) {
    if (Row.Folded)
      Folded = Row;
  });
  CHECK(Folded.HiddenVisits == 15);
  CHECK(Folded.HiddenInclusiveSeconds == 9); // r2, r3 (holding r4's), r5
  CHECK(Folded.HiddenExclusiveSeconds == 9); // r2, r3, r4, r5
  CHECK(foldedRowText(Folded) ==
        "(4 call paths deeper than 1 level folded into this row)");
  Limits.MaxDepth = 2;
  CHECK(rows(Profile, Limits) == "r1@0 r2@1 r3@1 hidden:1@2 r5@1 r6@0 ");
  Limits.MaxDepth = 0;
  CHECK(rows(Profile, Limits) == rows(Profile, {}));
  CHECK(rows(Profile, Limits) == "r1@0 r2@1 r3@1 r4@2 r5@1 r6@0 ");
}

TEST_CASE("by default the view stops at MaxViewDepth levels",
          "[CallTreeView]") {
  CallPathProfile Profile = deepChain(MaxViewDepth + 1000);
  size_t Rows = 0;
  CallTreeRow Last;
  walkCallTree(Profile, {}, [&](const CallTreeRow &Row) {
    ++Rows;
    Last = Row;
  });
  CHECK(Rows == MaxViewDepth + 1);
  CHECK(Last.Folded);
  CHECK(Last.Depth == MaxViewDepth);
  CHECK(Last.HiddenPaths == 1000);
  CHECK(Last.HiddenVisits == 1000);
}

TEST_CASE("the indentation stops growing and shows the depth instead",
          "[CallTreeView]") {
  CHECK(treeIndent(0).empty());
  CHECK(treeIndent(3) == "      ");
  CHECK(treeIndent(MaxIndentDepth) ==
        std::string(TreeIndentWidth * MaxIndentDepth, ' '));
  CHECK(treeIndent(MaxIndentDepth + 1) ==
        std::string(TreeIndentWidth * MaxIndentDepth, ' ') + "[depth " +
            std::to_string(MaxIndentDepth + 1) + "] ");
  CHECK(treeIndent(12345) ==
        std::string(TreeIndentWidth * MaxIndentDepth, ' ') + "[depth 12345] ");
}
