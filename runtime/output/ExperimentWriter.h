//===- runtime/output/ExperimentWriter.h - Experiment files -----*- C++ -*-===//
//
// Part of Sextant. Writes the whole experiment directory (file names and format
// versions: format/schema/ExperimentSchema.h): the merged tree becomes the
// profile model (ProfileModel.h), the run and its regions format's records
// (ExperimentRecords.h), from which format/ writes profile.json
// (ProfileJson.h), profile.folded (FoldedStacks.h), experiment.json
// (ExperimentJson.h) and regions.json (RegionsJson.h) and renders summary.txt
// (SummaryText.h); then profile-threads.json (ThreadProfiles.h) and config.txt
// (Options.h). docs/output-formats.md documents every field.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_OUTPUT_EXPERIMENTWRITER_H
#define SEXTANT_RUNTIME_OUTPUT_EXPERIMENTWRITER_H

#include "runtime/config/Options.h"
#include "runtime/io/ExperimentDirectory.h"
#include "runtime/output/ExperimentInfo.h"
#include "runtime/output/ThreadProfiles.h"
#include "runtime/profile/CallPathTree.h"
#include "runtime/regions/RegionRegistry.h"

#include <string>
#include <vector>

namespace sextant {
namespace runtime {

/// Writes every file into Output (opened and claimed by now, normally), or
/// when Output is null into Info.OutputDirectory (created, not claimed).
/// Returns false if any step failed; Errors then holds one message per
/// failure (without the "sextant: error: " prefix), e.g. "cannot create
/// output directory '<dir>': <strerror>" (one message when the directory
/// itself fails). profile-threads.json is written when Threads is not null;
/// ExtraFiles (name, contents) are adapters' files such as mpi.json,
/// written before experiment.json. Throws std::bad_alloc on exhaustion.
bool writeExperimentDirectory(
    const ExperimentInfo &Info, const CallPathTree &Tree,
    const std::vector<RegionInfo> &Regions, const RuntimeOptions &Options,
    std::vector<std::string> &Errors, const ThreadProfileSet *Threads = nullptr,
    const std::vector<std::pair<std::string, std::string>> *ExtraFiles =
        nullptr,
    ExperimentDirectory *Output = nullptr);

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_OUTPUT_EXPERIMENTWRITER_H
