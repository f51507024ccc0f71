//===- format/ExperimentReader.h - Reading experiments ----------*- C++ -*-===//
//
// Part of Sextant. Reads an experiment directory written by the runtime
// (docs/output-formats.md): experiment.json, regions.json, profile.json and,
// on request, profile-threads.json. Everything is validated; a directory
// that is damaged or was not written by Sextant gives one message that
// names the file and what is wrong in it, never a crash. The file names,
// format strings and versions are those of ExperimentSchema.h; profiles
// are read into the model the views work on (CallPathProfile.h).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_EXPERIMENTREADER_H
#define SEXTANT_FORMAT_EXPERIMENTREADER_H

#include "format/CallPathProfile.h"
#include "format/ThreadProfiles.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sextant {
namespace format {

/// When and why the runtime disarmed a region (regions.json "throttled").
struct ThrottleRecord {
  double AfterSeconds = 0;
  uint64_t Visits = 0;
  double MeanVisitSeconds = 0;
};

/// One entry of regions.json.
struct RegionRecord {
  uint32_t Id = 0;
  std::string Name;
  std::string Mangled;
  std::string File;
  uint64_t BeginLine = 0;
  std::string Module;
  bool User = false;     ///< flags.user: a region of the user API
  bool Filtered = false; ///< excluded by the runtime filter
  std::optional<ThrottleRecord> Throttled;
};

/// experiment.json. The optional members are written by newer runtimes.
struct ExperimentMetadata {
  std::string SextantVersion;
  std::string Program;
  std::vector<std::string> Arguments;
  int64_t Pid = 0;
  std::string Hostname;
  std::string StartTime;
  std::string EndTime;
  double WallSeconds = 0;
  std::string Clock;
  uint64_t Threads = 0;
  std::optional<double> EventPairCostSeconds;
  std::optional<std::string> ClockCalibration;
  /// trace.bytes_per_event: the average size of an event of the trace in
  /// the directory (absent without a trace or without events).
  std::optional<double> TraceBytesPerEvent;
  /// MPI jobs (libsextant-mpi): the process's rank and the job's size, or,
  /// in the job's combined view (CombinedJob), only the size.
  std::optional<uint64_t> MpiRank;
  std::optional<uint64_t> MpiRanks;
  bool CombinedJob = false;
  /// metrics (SEXTANT_METRICS): the measured metrics accumulated as maxima,
  /// and the requested ones that were not measured with the reason.
  std::vector<std::string> MaximumMetrics;
  std::vector<std::pair<std::string, std::string>> UnavailableMetrics;
};

/// A complete experiment: metadata, regions and the merged profile.
struct Experiment {
  std::string Directory;
  ExperimentMetadata Metadata;
  std::vector<RegionRecord> Regions; ///< Regions[I].Id == I + 1
  CallPathProfile Profile;

  /// The region with this id, or null.
  const RegionRecord *region(uint32_t Id) const {
    return Id >= 1 && Id <= Regions.size() ? &Regions[Id - 1] : nullptr;
  }
  /// The file name of the shared library region Id comes from; empty when
  /// it is in the program itself (or unknown).
  std::string libraryOf(uint32_t Id) const;
  /// Path of a file of the experiment directory.
  std::string file(const char *Name) const;
};

/// Progress while reading: the file and the bytes parsed so far.
using ReadProgress =
    std::function<void(const std::string &File, uint64_t Done, uint64_t Total)>;

/// Checks that Directory is an experiment directory and reads its
/// experiment.json. False with a message in Error otherwise.
bool readExperimentMetadata(const std::string &Directory,
                            ExperimentMetadata &Metadata, std::string &Error);

/// Reads experiment.json, regions.json and profile.json of Directory.
bool readExperiment(const std::string &Directory, Experiment &Out,
                    std::string &Error, const ReadProgress &Progress = {});

/// Reads profile-threads.json of an experiment already read. False with a
/// message in Error when the file is absent or bad.
bool readThreadProfiles(const Experiment &Experiment,
                        ThreadProfileList &Threads, std::string &Error);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_EXPERIMENTREADER_H
