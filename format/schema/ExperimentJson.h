//===- format/schema/ExperimentJson.h - experiment.json ---------*- C++ -*-===//
//
// Part of Sextant. Writes experiment.json from its description
// (ExperimentDescription.h) through JsonWriter, with the keys of
// ExperimentSchema.h, indented by two blanks, members in a fixed order.
// ExperimentReader.h reads it back.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_SCHEMA_EXPERIMENTJSON_H
#define SEXTANT_FORMAT_SCHEMA_EXPERIMENTJSON_H

#include "format/schema/ExperimentDescription.h"

#include <string>

namespace sextant {
namespace format {

/// The contents of experiment.json.
std::string renderExperimentJson(const ExperimentMetadata &Metadata);

/// Metadata with its numbers as a reader of renderExperimentJson(Metadata)
/// gets them back (rounded to the decimals written), so that a view
/// rendered from it shows what a view of the file read back shows.
ExperimentMetadata roundAsWritten(ExperimentMetadata Metadata);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_SCHEMA_EXPERIMENTJSON_H
