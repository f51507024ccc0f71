//===- runtime/ExperimentWriter.cpp - Files of the experiment directory ---===//
//
// Part of Sextant. experiment.json, regions.json and the writing of the
// experiment directory.
//
//===----------------------------------------------------------------------===//

#include "ExperimentWriter.h"

#include "HatchetProfile.h"
#include "JsonWriter.h"
#include "OutputDirectory.h"
#include "SummaryReport.h"

#include "sextant/instrumentation_abi.h"

#include <algorithm>

namespace sextant {
namespace runtime {

namespace {
constexpr unsigned PrettyIndent = 2;
} // namespace

std::string renderExperimentJson(const ExperimentInfo &Info,
                                 const std::vector<RegionInfo> &Regions) {
  std::string Out;
  JsonWriter Json(Out, PrettyIndent);
  Json.beginObject();
  Json.member("format", "sextant-experiment");
  Json.memberUnsigned("format_version", ExperimentFormatVersion);
  Json.member("sextant_version", Info.SextantVersion);
  Json.member("program", Info.ProgramPath);
  Json.key("arguments");
  Json.beginArray();
  for (const std::string &Argument : Info.Arguments)
    Json.string(Argument);
  Json.endArray();
  Json.key("pid");
  Json.signedNumber(Info.Pid);
  Json.member("hostname", Info.Hostname);
  Json.member("working_directory", Info.WorkingDirectory);
  Json.member("output_directory", Info.OutputDirectory);
  Json.member("start_time", formatUtcTime(Info.StartTime));
  Json.member("end_time", formatUtcTime(Info.EndTime));
  Json.key("wall_time_seconds");
  Json.fixedNumber(Info.WallSeconds, 9);
  Json.member("clock", Info.Clock.Name);
  Json.memberUnsigned("threads", Info.ThreadsSeen);
  Json.memberUnsigned("threads_not_merged", Info.ThreadsNotMerged);
  Json.memberUnsigned("regions_registered", Regions.size());
  Json.memberUnsigned(
      "regions_filtered",
      std::count_if(Regions.begin(), Regions.end(),
                    [](const RegionInfo &R) { return R.Filtered; }));
  Json.memberUnsigned("regions_rejected_abi_mismatch", Info.RegionsRejected);
  Json.memberUnsigned("repairs", Info.Repairs.Repairs);
  Json.memberUnsigned("exits_repaired", Info.Repairs.ExitsRepaired);
  Json.memberUnsigned("exits_ignored", Info.Repairs.IgnoredExits);
  Json.memberUnsigned("frames_open_at_end", Info.Repairs.FramesOpenAtEnd);
  Json.key("runtime_filter");
  if (Info.FilterFile.empty())
    Json.null();
  else
    Json.string(Info.FilterFile);
  Json.memberBool("runtime_filter_loaded", Info.FilterLoaded);
  Json.endObject();
  Out += '\n';
  return Out;
}

std::string renderRegionsJson(const std::vector<RegionInfo> &Regions) {
  std::string Out;
  JsonWriter Json(Out, PrettyIndent);
  Json.beginObject();
  Json.member("format", "sextant-regions");
  Json.memberUnsigned("format_version", ExperimentFormatVersion);
  Json.key("regions");
  Json.beginArray();
  for (const RegionInfo &Region : Regions) {
    Json.beginObject();
    Json.memberUnsigned("id", Region.Id);
    Json.member("name", Region.DisplayName);
    Json.member("mangled", Region.MangledName);
    Json.member("file", Region.File);
    Json.memberUnsigned("begin_line", Region.BeginLine);
    Json.memberUnsigned("end_line", Region.EndLine);
    Json.member("module", Region.Module);
    Json.key("flags");
    Json.beginObject();
    Json.memberBool("debug_info", Region.Flags & SEXTANT_REGION_HAS_DEBUG_INFO);
    Json.memberBool("may_unwind", Region.Flags & SEXTANT_REGION_MAY_UNWIND);
    Json.memberBool("demangled", Region.Flags & SEXTANT_REGION_DEMANGLED);
    Json.memberBool("user", Region.Flags & SEXTANT_REGION_USER);
    Json.endObject();
    Json.memberBool("filtered", Region.Filtered);
    Json.member("filter_reason", Region.FilterReason);
    Json.key("filter_rule");
    if (Region.FilterRuleMatched) {
      Json.beginObject();
      Json.member("file", Region.FilterRule.File);
      Json.memberUnsigned("line", Region.FilterRule.Line);
      Json.memberUnsigned("column", Region.FilterRule.Column);
      Json.member("rule", Region.FilterRuleText);
      Json.member("pattern", Region.FilterPattern);
      Json.endObject();
    } else {
      Json.null();
    }
    Json.endObject();
  }
  Json.endArray();
  Json.endObject();
  Out += '\n';
  return Out;
}

bool writeExperimentDirectory(const ExperimentInfo &Info,
                              const CallPathTree &Tree,
                              const std::vector<RegionInfo> &Regions,
                              const RuntimeOptions &Options,
                              std::vector<std::string> &Errors) {
  std::string Error;
  if (!createDirectories(Info.OutputDirectory, Error)) {
    Errors.push_back("cannot create output directory '" + Info.OutputDirectory +
                     "': " + Error);
    return false;
  }
  bool AllWritten = true;
  auto Write = [&](std::string_view Name, const std::string &Contents) {
    if (!writeFileAtomically(Info.OutputDirectory, Name, Contents, Error)) {
      Errors.push_back(Error);
      AllWritten = false;
    }
  };
  Write("config.txt", renderConfiguration(Options, Info.SextantVersion));
  Write("regions.json", renderRegionsJson(Regions));
  Write("profile.json",
        renderHatchetProfile(Tree, Regions, Info.Clock.SecondsPerTick));
  Write("summary.txt", renderSummary(Info, Tree, Regions));
  // Last, so that its presence says the experiment is complete.
  Write("experiment.json", renderExperimentJson(Info, Regions));
  return AllWritten;
}

} // namespace runtime
} // namespace sextant
