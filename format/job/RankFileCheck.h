//===- format/job/RankFileCheck.h - A rank's files checked for the merge --===//
//
// Part of Sextant. The job's merge (PartialJob.h) reads a rank's parsed
// profile.json, regions.json, experiment.json and mpi.json with defaults for
// what is absent; these check first that what is there has the type the
// merge reads it as, so that one rank's mistyped field ("pid": "x") becomes
// a warning naming the file, the place in it and the rule, and the rank is
// left out, instead of an exception that aborts the whole combine. A value
// that is absent takes the merge's default; only a region's "id" is
// required (the profile refers to the regions by it).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_RANKFILECHECK_H
#define SEXTANT_FORMAT_JOB_RANKFILECHECK_H

#include <nlohmann/json.hpp>

#include <string>

namespace sextant {
namespace format {

/// The first problem of each file as "<place>: <rule>" (e.g.
/// `threads: expected a non-negative integer, found a string`; the place
/// empty for the top level), or "" when the merge can read the file.
std::string checkRankExperiment(const nlohmann::json &Experiment);
std::string checkRankRegions(const nlohmann::json &Regions);
std::string checkRankProfile(const nlohmann::json &Profile);
std::string checkRankMpi(const nlohmann::json &Mpi);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_RANKFILECHECK_H
