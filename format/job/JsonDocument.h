//===- format/job/JsonDocument.h - A JSON document parsed and as text -----===//
//
// Part of Sextant. The cross-rank merge parses the ranks' files with
// parseJsonDocument, which bounds their nesting (format/schema/JsonNesting.h)
// so that no copy of a parsed document recurses without a bound. The merge
// and the MPI adapter build their files as nlohmann-json documents (the
// merge starts from the ranks' parsed files); renderJsonDocument writes such
// a document through format/schema/JsonWriter, so that every
// JSON file of an experiment is written by the one writer: the same layout,
// string escaping and number forms as the runtime's own files. Members come in
// the document's order (sorted by key for nlohmann::json).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_JSONDOCUMENT_H
#define SEXTANT_FORMAT_JOB_JSONDOCUMENT_H

#include "format/schema/JsonNesting.h"
#include "format/schema/JsonWriter.h"

#include <nlohmann/json.hpp>

#include <string>

namespace sextant {
namespace format {

/// Text parsed as JSON; a discarded value (is_discarded()) when it is not
/// valid JSON or nests arrays and objects deeper than MaxNesting.
nlohmann::json parseJsonDocument(const std::string &Text,
                                 size_t MaxNesting = MaxJsonNesting);

/// Writes Value through Writer, as renderJsonDocument does (recursing into
/// nested values: for documents of a few levels, not for call trees).
void writeJsonValue(JsonWriter &Writer, const nlohmann::json &Value);

/// Document as JSON text followed by a line break; IndentWidth as for
/// JsonWriter (0: compact). Integers stay integers, other numbers are
/// written with JsonWriter::realNumber.
std::string renderJsonDocument(const nlohmann::json &Document,
                               unsigned IndentWidth);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_JSONDOCUMENT_H
