//===- runtime/output/ExperimentWriter.h - Experiment files -----*- C++ -*-===//
//
// Part of Sextant. Renders experiment.json and regions.json and writes the
// whole experiment directory: profile.json (HatchetProfile.h),
// profile-threads.json (ThreadProfiles.h), profile.folded (FoldedStacks.h),
// summary.txt (SummaryReport.h), config.txt (Options.h), experiment.json and
// regions.json. docs/output-formats.md documents every field.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_OUTPUT_EXPERIMENTWRITER_H
#define SEXTANT_RUNTIME_OUTPUT_EXPERIMENTWRITER_H

#include "runtime/config/Options.h"
#include "runtime/output/ExperimentInfo.h"
#include "runtime/output/ThreadProfiles.h"
#include "runtime/profile/CallPathTree.h"
#include "runtime/regions/RegionRegistry.h"

#include <string>
#include <vector>

namespace sextant {
namespace runtime {

/// Version of the layout of experiment.json and regions.json.
constexpr unsigned ExperimentFormatVersion = 1;

/// The contents of experiment.json.
std::string renderExperimentJson(const ExperimentInfo &Info,
                                 const std::vector<RegionInfo> &Regions);

/// The contents of regions.json.
std::string renderRegionsJson(const std::vector<RegionInfo> &Regions);

/// Creates Info.OutputDirectory and writes every file into it. Returns false
/// if any step failed; Errors then holds one message per failure (without
/// the "sextant: error: " prefix), e.g. "cannot create output directory
/// '<dir>': <strerror>". profile-threads.json is written when Threads is not
/// null; ExtraFiles (name, contents) are adapters' files such as mpi.json,
/// written before experiment.json. Throws std::bad_alloc on exhaustion.
bool writeExperimentDirectory(
    const ExperimentInfo &Info, const CallPathTree &Tree,
    const std::vector<RegionInfo> &Regions, const RuntimeOptions &Options,
    std::vector<std::string> &Errors, const ThreadProfileSet *Threads = nullptr,
    const std::vector<std::pair<std::string, std::string>> *ExtraFiles =
        nullptr);

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_OUTPUT_EXPERIMENTWRITER_H
