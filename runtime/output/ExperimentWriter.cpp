//===- runtime/output/ExperimentWriter.cpp - The experiment directory ----===//
//
// Part of Sextant. The writing of the experiment directory: the run's
// records and profile model, rendered by format/'s writers and views, each
// into its file, experiment.json last.
//
//===----------------------------------------------------------------------===//

#include "runtime/output/ExperimentWriter.h"

#include "runtime/output/ExperimentRecords.h"
#include "runtime/output/ProfileModel.h"

#include "format/schema/ExperimentJson.h"
#include "format/schema/ExperimentSchema.h"
#include "format/profile/FoldedStacks.h"
#include "format/profile/ProfileJson.h"
#include "format/schema/RegionsJson.h"
#include "format/profile/SummaryText.h"

namespace sextant {
namespace runtime {

bool writeExperimentDirectory(
    const ExperimentInfo &Info, const CallPathTree &Tree,
    const std::vector<RegionInfo> &Regions, const RuntimeOptions &Options,
    std::vector<std::string> &Errors, const ThreadProfileSet *Threads,
    const std::vector<std::pair<std::string, std::string>> *ExtraFiles,
    ExperimentDirectory *Output) {
  ExperimentDirectory AsGiven;
  if (!Output) {
    AsGiven.request(Info.OutputDirectory, /*Claim=*/false, std::string(),
                    Info.Pid);
    Output = &AsGiven;
  }
  // The runtime claimed Output already (Runtime::claimOutputDirectory):
  // then this opens nothing, but it tries again after a failure of the
  // system, and a directory that cannot be had is one error, not one per
  // file.
  std::string Error;
  if (!Output->prepare(Error)) {
    Errors.push_back(Error);
    return false;
  }
  bool AllWritten = true;
  auto Write = [&](std::string_view Name, const std::string &Contents) {
    if (!Output->writeFile(Name, Contents, Error)) {
      Errors.push_back(Error);
      AllWritten = false;
    }
  };
  format::CallPathProfile Profile = buildCallPathProfile(
      Tree, Regions, Info.Clock.SecondsPerTick, Info.Metrics);
  format::ExperimentMetadata Metadata = experimentRecord(Info, Regions);
  std::vector<format::RegionRecord> Records = regionRecords(Regions);
  Write(format::files::Configuration,
        renderConfiguration(Options, Info.SextantVersion));
  Write(format::files::Regions, format::renderRegionsJson(Records));
  Write(format::files::Profile, format::renderProfileJson(Profile));
  if (Threads)
    Write(format::files::ThreadProfiles,
          renderThreadProfiles(*Threads, Regions, Info.Clock.SecondsPerTick));
  Write(format::files::Folded, format::renderFoldedStacks(Profile));
  // summary.txt from the values as the files hold them: `sextant report
  // --summary` prints the same text from the files read back.
  format::roundTimesAsWritten(Profile);
  Write(format::files::Summary,
        format::renderSummaryText(format::roundAsWritten(Metadata),
                                  format::roundAsWritten(Records), Profile));
  if (ExtraFiles) // files of adapters (adapter_abi.h), e.g. mpi.json
    for (const auto &[Name, Contents] : *ExtraFiles)
      Write(Name, Contents);
  // Last, so that its presence says the experiment is complete.
  Write(format::files::Experiment, format::renderExperimentJson(Metadata));
  return AllWritten;
}

} // namespace runtime
} // namespace sextant
