//===- format/schema/RegionsJson.cpp - regions.json -----------------------===//
//
// Part of Sextant. The members of a region in their order, and the decimals
// of the throttling record.
//
//===----------------------------------------------------------------------===//

#include "format/schema/RegionsJson.h"

#include "format/schema/ExperimentSchema.h"
#include "format/schema/JsonWriter.h"

namespace sextant {
namespace format {

namespace {

namespace k = region_keys;

constexpr unsigned PrettyIndent = 2;
constexpr int AfterDecimals = 9;
constexpr int MeanVisitDecimals = 12;

void writeRegion(JsonWriter &Json, const RegionRecord &Region) {
  Json.beginObject();
  Json.memberUnsigned(k::Id, Region.Id);
  Json.member(keys::Name, Region.Name);
  Json.member(k::Mangled, Region.Mangled);
  Json.member(keys::File, Region.File);
  Json.memberUnsigned(k::BeginLine, Region.BeginLine);
  Json.memberUnsigned(k::EndLine, Region.EndLine);
  Json.member(keys::Module, Region.Module);
  Json.key(k::Flags);
  Json.beginObject();
  Json.memberBool(k::DebugInfo, Region.Flags.DebugInfo);
  Json.memberBool(k::MayUnwind, Region.Flags.MayUnwind);
  Json.memberBool(k::Demangled, Region.Flags.Demangled);
  Json.memberBool(k::User, Region.Flags.User);
  Json.memberBool(k::OpenMP, Region.Flags.OpenMP);
  Json.memberBool(k::Mpi, Region.Flags.Mpi);
  Json.memberBool(k::Library, Region.Flags.Library);
  Json.endObject();
  Json.memberBool(k::Filtered, Region.Filtered);
  Json.member(k::FilterReason, Region.FilterReason);
  Json.key(k::FilterRule);
  if (const std::optional<FilterRuleRecord> &Rule = Region.FilterRule) {
    Json.beginObject();
    Json.member(keys::File, Rule->File);
    Json.memberUnsigned(keys::Line, Rule->Line);
    Json.memberUnsigned(k::Column, Rule->Column);
    Json.member(k::Rule, Rule->Rule);
    Json.member(k::Pattern, Rule->Pattern);
    Json.endObject();
  } else {
    Json.null();
  }
  Json.key(k::Throttled);
  if (const std::optional<ThrottleRecord> &Throttle = Region.Throttled) {
    Json.beginObject();
    Json.key(k::AfterSeconds);
    Json.fixedNumber(Throttle->AfterSeconds, AfterDecimals);
    Json.memberUnsigned(keys::Visits, Throttle->Visits);
    Json.key(k::MeanVisitSeconds);
    Json.fixedNumber(Throttle->MeanVisitSeconds, MeanVisitDecimals);
    Json.endObject();
  } else {
    Json.null();
  }
  Json.endObject();
}

} // namespace

std::string renderRegionsJson(const std::vector<RegionRecord> &Regions) {
  std::string Out;
  JsonWriter Json(Out, PrettyIndent);
  Json.beginObject();
  Json.member(keys::Format, RegionsFormat.Name);
  Json.memberUnsigned(keys::FormatVersion, RegionsFormat.Version);
  Json.key(k::Regions);
  Json.beginArray();
  for (const RegionRecord &Region : Regions)
    writeRegion(Json, Region);
  Json.endArray();
  Json.endObject();
  Out += '\n';
  return Out;
}

std::vector<RegionRecord> roundAsWritten(std::vector<RegionRecord> Regions) {
  for (RegionRecord &Region : Regions)
    if (Region.Throttled) {
      Region.Throttled->AfterSeconds =
          roundAsWritten(Region.Throttled->AfterSeconds, AfterDecimals);
      Region.Throttled->MeanVisitSeconds =
          roundAsWritten(Region.Throttled->MeanVisitSeconds, MeanVisitDecimals);
    }
  return Regions;
}

} // namespace format
} // namespace sextant
