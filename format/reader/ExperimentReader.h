//===- format/reader/ExperimentReader.h - Reading experiments ---*- C++ -*-===//
//
// Part of Sextant. Reads an experiment directory written by the runtime
// (docs/output-formats.md): experiment.json, regions.json, profile.json and,
// on request, profile-threads.json; experiment.json and regions.json into
// the records the runtime writes them from (ExperimentDescription.h).
// Everything is validated; a directory that is damaged or was not written by
// Sextant gives one message that names the file and what is wrong in it, never
// a crash. The file names, format strings and versions are those of
// ExperimentSchema.h; profiles are read into the model the views work on
// (CallPathProfile.h).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_READER_EXPERIMENTREADER_H
#define SEXTANT_FORMAT_READER_EXPERIMENTREADER_H

#include "format/profile/CallPathProfile.h"
#include "format/schema/ExperimentDescription.h"
#include "format/profile/ThreadProfiles.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sextant {
namespace format {

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

/// Reads regions.json of Directory alone (for the trace exports).
bool readRegionTable(const std::string &Directory,
                     std::vector<RegionRecord> &Regions, std::string &Error);

/// Reads experiment.json, regions.json and profile.json of Directory.
bool readExperiment(const std::string &Directory, Experiment &Out,
                    std::string &Error, const ReadProgress &Progress = {});

/// Reads profile-threads.json of an experiment already read. False with a
/// message in Error when the file is absent or bad.
bool readThreadProfiles(const Experiment &Experiment,
                        ThreadProfileList &Threads, std::string &Error);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_READER_EXPERIMENTREADER_H
