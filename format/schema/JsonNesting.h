//===- format/schema/JsonNesting.h - How deep a JSON text nests -*- C++ -*-===//
//
// Part of Sextant. The bound on the nesting of arrays and objects in the
// JSON files of an experiment, checked on the text before it is parsed, so
// that no reader, copy or writer of a parsed document (nlohmann-json's copy
// and comparison recurse) meets a deeper one. Every JSON file is checked
// through it (format/reader/JsonInput.h, format/job/JsonDocument.h) except
// the call trees of profile.json and profile-threads.json, which nest as
// deep as the program's calls and are read without recursion.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_SCHEMA_JSONNESTING_H
#define SEXTANT_FORMAT_SCHEMA_JSONNESTING_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace sextant {
namespace format {

/// The deepest nesting of arrays and objects read from a JSON file whose
/// layout does not nest with the data (docs/output-formats.md, "Limits on
/// reading"). The files Sextant writes nest at most a few levels.
constexpr size_t MaxJsonNesting = 512;

/// The bound for the call-tree files (profile.json, profile-threads.json):
/// none.
constexpr size_t CallTreeNesting = SIZE_MAX;

/// Empty when Text (JSON) nests arrays and objects at most MaxDepth levels
/// deep; otherwise "nesting deeper than 512 levels at line L" for the
/// bracket that goes deeper (line 1-based). Brackets inside strings do not
/// count; the text need not be valid JSON.
std::string jsonNestingProblem(std::string_view Text,
                               size_t MaxDepth = MaxJsonNesting);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_SCHEMA_JSONNESTING_H
