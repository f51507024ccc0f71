//===- format/profile/FoldedStacks.cpp - Flame-graph input ----------------===//
//
// Part of Sextant. Writing a call-path profile as folded stacks, depth
// first (CallPathProfile::walk), the frames deeper than MaxViewDepth folded.
//
//===----------------------------------------------------------------------===//

#include "format/profile/FoldedStacks.h"
#include "format/profile/TextLayout.h"

#include "common/NumberRange.h"

#include <algorithm>
#include <vector>

namespace sextant {
namespace format {

namespace {
constexpr uint64_t ProgressInterval = 4096; // call paths
} // namespace

std::string foldedFrameName(const std::string &Name) {
  std::string Frame = shownRegionName(Name);
  std::replace(Frame.begin(), Frame.end(), ';', ':');
  return Frame;
}

FoldedValue foldedValueOf(FoldedMetric Metric) {
  if (Metric == FoldedMetric::Visits)
    return [](const CallPathNode &Node) { return Node.Visits; };
  return [](const CallPathNode &Node) {
    return roundSaturated<uint64_t>(Node.ExclusiveSeconds * 1e6);
  };
}

bool writeFoldedStacks(const CallPathProfile &Profile, FoldedMetric Metric,
                       const FoldedSink &Out, const FoldedProgress &Progress) {
  return writeFoldedStacks(Profile, foldedValueOf(Metric), Out, Progress);
}

bool writeFoldedStacks(const CallPathProfile &Profile,
                       const FoldedValue &ValueOf, const FoldedSink &Out,
                       const FoldedProgress &Progress) {
  // Prefix holds the frames of the current path and Lengths[D] its length
  // above depth D; both stop at MaxViewDepth frames. DeepValue sums the
  // values of the call paths deeper than that below the current path of
  // MaxViewDepth frames, written as one line when that path is left.
  std::string Prefix, Line;
  std::vector<size_t> Lengths;
  uint64_t DeepValue = 0;
  uint64_t Done = 0;
  const uint64_t Total = Profile.size();
  bool Failed = false;
  auto Emit = [&](uint64_t Value) {
    Line = Prefix;
    Line += ' ';
    Line += std::to_string(Value);
    Line += '\n';
    Failed = !Out(Line);
  };
  auto Enter = [&](size_t Index) {
    const CallPathNode &Node = Profile.node(Index);
    if (Failed)
      return;
    uint64_t Value = ValueOf(Node);
    size_t Depth = Node.Depth;
    if (Depth >= MaxViewDepth) {
      DeepValue = saturatingAdd(DeepValue, Value);
    } else {
      Lengths.resize(Depth + 1);
      Prefix.resize(Depth == 0 ? 0 : Lengths[Depth - 1]);
      if (Depth != 0)
        Prefix += ';';
      Prefix += foldedFrameName(Node.Name);
      Lengths[Depth] = Prefix.size();
      if (Value != 0)
        Emit(Value);
    }
    if (!Failed && Progress && ++Done % ProgressInterval == 0)
      Progress(Done, Total);
  };
  auto Leave = [&](size_t Index) {
    if (Failed || Profile.node(Index).Depth + 1 != MaxViewDepth ||
        DeepValue == 0)
      return;
    Prefix += ';';
    Prefix += FoldedFramesMarker;
    Emit(DeepValue);
    DeepValue = 0;
  };
  Profile.walk(Enter, Leave);
  if (Failed)
    return false;
  if (Progress)
    Progress(Total, Total);
  return true;
}

std::string renderFoldedStacks(const CallPathProfile &Profile,
                               FoldedMetric Metric) {
  std::string Text;
  writeFoldedStacks(Profile, Metric, [&](const std::string &Line) {
    Text += Line;
    return true;
  });
  return Text;
}

} // namespace format
} // namespace sextant
