//===- format/profile/SummaryText.h - The summary of an experiment --------===//
//
// Part of Sextant. The human-readable summary of a run (summary.txt, and
// `sextant report --summary`): a header (program, process, threads, wall
// time, output directory, counters) from experiment.json's record, the flat
// profile (every region summed over all its call paths, sorted by exclusive
// time), the throttled regions and the call tree, indented, laid out in
// columns of fixed width. Nothing is cut off, but the call tree is bounded
// as TextLayout.h sets: indentation stops growing at MaxIndentDepth (deeper
// rows show "[depth N] "), and the call paths deeper than MaxViewDepth
// levels are summed up in one folded row each place they are cut, so that
// the text stays linear in the number of call paths. The flat profile and
// the call tree are the views of FlatProfile.h and CallTreeView.h.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_PROFILE_SUMMARYTEXT_H
#define SEXTANT_FORMAT_PROFILE_SUMMARYTEXT_H

#include "format/profile/CallPathProfile.h"
#include "format/schema/ExperimentDescription.h"

#include <string>
#include <vector>

namespace sextant {
namespace format {

/// The summary of the run Metadata describes, with its region table and
/// merged profile. The "output:" line shows Metadata.OutputDirectory.
/// What a snapshot's experiment is (SEXTANT_SNAPSHOT), for every view's
/// header: "the profile as it was 12.0 s after the start; the process did
/// not write its final profile".
std::string describeSnapshot(double SnapshotSeconds);

/// How the program's code called the runtime (experiment.json
/// "instrumentation"), for every view's header: "Sextant's compiler
/// plugin", "-finstrument-functions (GCC's mode: ...)", "the user API
/// (sextant_region_begin/end)", joined by ", "; a mode this version does
/// not know as it is written; "none (...)" when the list is empty.
std::string describeInstrumentation(const std::vector<std::string> &Modes);

std::string renderSummaryText(const ExperimentMetadata &Metadata,
                              const std::vector<RegionRecord> &Regions,
                              const CallPathProfile &Profile);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_PROFILE_SUMMARYTEXT_H
