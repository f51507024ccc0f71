//===- format/profile/ProfileJson.cpp - profile.json for Hatchet ----------===//
//
// Part of Sextant. Iterative writing of a call-path profile as Hatchet
// literal JSON.
//
//===----------------------------------------------------------------------===//

#include "format/profile/ProfileJson.h"

#include "common/NumberRange.h"

#include <cmath>

namespace sextant {
namespace format {

namespace {
/// Seconds are written with nanosecond resolution.
constexpr int SecondDecimals = 9;
/// Derived metrics (ratios) are written with this many decimals.
constexpr int RatioDecimals = 6;

void writeMetricValue(JsonWriter &Json, MetricNotation Notation, double Value) {
  if (std::isnan(Value)) {
    Json.null();
    return;
  }
  switch (Notation) {
  case MetricNotation::Integer:
    Json.unsignedNumber(roundSaturated<uint64_t>(Value));
    return;
  case MetricNotation::Seconds:
    Json.fixedNumber(Value, SecondDecimals);
    return;
  case MetricNotation::Ratio:
    Json.fixedNumber(Value, RatioDecimals);
    return;
  }
}

void openNode(JsonWriter &Json, const CallPathProfile &Profile,
              const CallPathNode &Node) {
  Json.beginObject();
  Json.key(keys::Frame);
  Json.beginObject();
  Json.member(keys::Name, Node.Name);
  Json.member(keys::Type, frameTypeName(Node.Type));
  Json.endObject();
  Json.key(keys::Metrics);
  Json.beginObject();
  Json.key(keys::InclusiveTime);
  Json.fixedNumber(Node.InclusiveSeconds, SecondDecimals);
  Json.key(keys::ExclusiveTime);
  Json.fixedNumber(Node.ExclusiveSeconds, SecondDecimals);
  Json.memberUnsigned(keys::Visits, Node.Visits);
  for (size_t I = 0; I < Profile.metricNames().size(); ++I) {
    Json.key(Profile.metricNames()[I]);
    writeMetricValue(Json, Profile.metricNotation(I), Node.metric(I));
  }
  Json.endObject();
  Json.key(keys::Attributes);
  Json.beginObject();
  if (Node.HasSource) {
    Json.member(keys::File, Node.File);
    Json.memberUnsigned(keys::Line, Node.Line);
    Json.member(keys::Module, Node.Module);
    Json.member(keys::Mangled, Node.Mangled);
  }
  Json.memberUnsigned(keys::RegionId, Node.RegionId);
  Json.endObject();
  Json.key(keys::Children);
  Json.beginArray();
}
} // namespace

void writeCallPaths(JsonWriter &Json, const CallPathProfile &Profile) {
  Json.beginArray();
  Profile.walk(
      [&](size_t Index) { openNode(Json, Profile, Profile.node(Index)); },
      [&](size_t) {
        Json.endArray(); // the children
        Json.endObject();
      });
  Json.endArray();
}

std::string renderProfileJson(const CallPathProfile &Profile) {
  std::string Out;
  JsonWriter Json(Out);
  writeCallPaths(Json, Profile);
  Out += '\n';
  return Out;
}

void roundTimesAsWritten(CallPathProfile &Profile) {
  for (size_t Index = 0; Index < Profile.size(); ++Index) {
    CallPathNode &Node = Profile.node(Index);
    Node.InclusiveSeconds =
        roundAsWritten(Node.InclusiveSeconds, SecondDecimals);
    Node.ExclusiveSeconds =
        roundAsWritten(Node.ExclusiveSeconds, SecondDecimals);
  }
}

} // namespace format
} // namespace sextant
