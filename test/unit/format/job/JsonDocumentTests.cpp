//===- test/unit/format/job/JsonDocumentTests.cpp -------------------------===//
//
// Documents as JSON text.
//
// Part of Sextant. format/JsonDocument writes the cross-rank merge's and the
// MPI adapter's nlohmann-json documents through format/schema/JsonWriter. The
// job's files kept their bytes when they moved to the one writer: nlohmann's
// own serialization is the reference for the layout and the number forms.
//
//===----------------------------------------------------------------------===//

#include "format/job/JsonDocument.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

using namespace sextant;
using nlohmann::json;

namespace {

json sampleDocument() {
  return json::parse(R"({
    "format": "sextant-mpi-job", "format_version": 1,
    "ranks": [0, 1, 2], "empty_list": [], "empty_object": {},
    "matrix": [[0, 12, -4], [3.5, 0.1, 1e21]],
    "names": ["plain", "quote \" and \\ backslash", "tab\there", "é"],
    "nested": {"b": {"c": [true, false, null]}, "a": 2.0}
  })");
}

} // namespace

TEST_CASE("an indented document has nlohmann-json's layout",
          "[format::JsonDocument]") {
  json Document = sampleDocument();
  CHECK(format::renderJsonDocument(Document, 2) == Document.dump(2) + "\n");
}

TEST_CASE("a compact document has nlohmann-json's layout",
          "[format::JsonDocument]") {
  json Document = sampleDocument();
  CHECK(format::renderJsonDocument(Document, 0) == Document.dump() + "\n");
}

TEST_CASE("a document reads back as itself", "[format::JsonDocument]") {
  json Document = sampleDocument();
  CHECK(json::parse(format::renderJsonDocument(Document, 2)) == Document);
}
