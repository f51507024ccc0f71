//===- format/job/JsonDocument.cpp - A parsed JSON document as text -------===//
//
// Part of Sextant. Parses a JSON text of bounded nesting into an
// nlohmann-json document, and writes such a document through JsonWriter.
//
//===----------------------------------------------------------------------===//

#include "format/job/JsonDocument.h"

#include "format/schema/JsonWriter.h"

namespace sextant {
namespace format {

nlohmann::json parseJsonDocument(const std::string &Text, size_t MaxNesting) {
  if (!jsonNestingProblem(Text, MaxNesting).empty())
    return nlohmann::json(nlohmann::json::value_t::discarded);
  return nlohmann::json::parse(Text, nullptr, /*allow_exceptions=*/false);
}

void writeJsonValue(JsonWriter &Writer, const nlohmann::json &Value) {
  switch (Value.type()) {
  case nlohmann::json::value_t::object:
    Writer.beginObject();
    for (auto Member = Value.begin(); Member != Value.end(); ++Member) {
      Writer.key(Member.key());
      writeJsonValue(Writer, Member.value());
    }
    Writer.endObject();
    return;
  case nlohmann::json::value_t::array:
    Writer.beginArray();
    for (const nlohmann::json &Element : Value)
      writeJsonValue(Writer, Element);
    Writer.endArray();
    return;
  case nlohmann::json::value_t::string:
    Writer.string(Value.get_ref<const std::string &>());
    return;
  case nlohmann::json::value_t::boolean:
    Writer.boolean(Value.get<bool>());
    return;
  case nlohmann::json::value_t::number_unsigned:
    Writer.unsignedNumber(Value.get<uint64_t>());
    return;
  case nlohmann::json::value_t::number_integer:
    Writer.signedNumber(Value.get<int64_t>());
    return;
  case nlohmann::json::value_t::number_float:
    Writer.realNumber(Value.get<double>());
    return;
  case nlohmann::json::value_t::null:
  case nlohmann::json::value_t::binary:
  case nlohmann::json::value_t::discarded:
    Writer.null();
    return;
  }
}

std::string renderJsonDocument(const nlohmann::json &Document,
                               unsigned IndentWidth) {
  std::string Text;
  JsonWriter Writer(Text, IndentWidth);
  writeJsonValue(Writer, Document);
  Text += '\n';
  return Text;
}

} // namespace format
} // namespace sextant
