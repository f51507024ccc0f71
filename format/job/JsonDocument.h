//===- format/job/JsonDocument.h - A parsed JSON document as text ---------===//
//
// Part of Sextant. The cross-rank merge and the MPI adapter build their files
// as nlohmann-json documents (the merge starts from the ranks' parsed files);
// this writes such a document through format/schema/JsonWriter, so that every
// JSON file of an experiment is written by the one writer: the same layout,
// string escaping and number forms as the runtime's own files. Members come in
// the document's order (sorted by key for nlohmann::json).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_JSONDOCUMENT_H
#define SEXTANT_FORMAT_JOB_JSONDOCUMENT_H

#include "format/schema/JsonWriter.h"

#include <nlohmann/json.hpp>

#include <string>

namespace sextant {
namespace format {

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
