//===- format/schema/RegionsJson.h - regions.json ---------------*- C++ -*-===//
//
// Part of Sextant. Writes regions.json, the region table, from its
// description (ExperimentDescription.h) through JsonWriter, with the keys
// of ExperimentSchema.h, indented by two blanks. ExperimentReader.h reads
// it back.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_SCHEMA_REGIONSJSON_H
#define SEXTANT_FORMAT_SCHEMA_REGIONSJSON_H

#include "format/schema/ExperimentDescription.h"

#include <string>
#include <vector>

namespace sextant {
namespace format {

/// The contents of regions.json; Regions[I].Id is I + 1.
std::string renderRegionsJson(const std::vector<RegionRecord> &Regions);

/// Regions with their numbers as a reader of renderRegionsJson(Regions)
/// gets them back (rounded to the decimals written).
std::vector<RegionRecord> roundAsWritten(std::vector<RegionRecord> Regions);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_SCHEMA_REGIONSJSON_H
