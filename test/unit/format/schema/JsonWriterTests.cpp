//===- test/unit/format/schema/JsonWriterTests.cpp - JSON output ----------===//
//
// Part of Sextant. String escaping (RFC 8259, invalid UTF-8), the layout of
// compact and indented output and locale-independent numbers. The JSON
// writer's purpose is its bytes, so these tests compare exact text.
//
//===----------------------------------------------------------------------===//

#include "format/schema/JsonWriter.h"

#include "test/unit/support/SkipTest.h"

#include <catch2/catch.hpp>

#include <clocale>
#include <limits>
#include <string>

using namespace sextant;

namespace {
std::string quoted(std::string_view Text) {
  std::string Out;
  format::appendJsonString(Out, Text);
  return Out;
}
} // namespace

TEST_CASE("plain text is quoted unchanged", "[format::JsonWriter]") {
  CHECK(quoted("") == "\"\"");
  CHECK(quoted("ns::f<int>(double)") == "\"ns::f<int>(double)\"");
  CHECK(quoted("a/b c.cpp") == "\"a/b c.cpp\"");
}

TEST_CASE("quotes, backslashes and control characters are escaped",
          "[format::JsonWriter]") {
  CHECK(quoted("say \"hi\"") == "\"say \\\"hi\\\"\"");
  CHECK(quoted("C:\\dir") == "\"C:\\\\dir\"");
  CHECK(quoted("a\nb\tc\rd\be\ff") == "\"a\\nb\\tc\\rd\\be\\ff\"");
  CHECK(quoted(std::string_view("\x01\x1f\x00z", 4)) ==
        "\"\\u0001\\u001f\\u0000z\"");
  CHECK(quoted("\x7f") == "\"\x7f\""); // DEL needs no escape
}

TEST_CASE("valid UTF-8 passes, invalid bytes become U+FFFD",
          "[format::JsonWriter]") {
  CHECK(quoted("gr\xc3\xbc\xc3\x9f") == "\"gr\xc3\xbc\xc3\x9f\""); // grüß
  CHECK(quoted("\xe2\x82\xac") == "\"\xe2\x82\xac\"");             // €
  CHECK(quoted("\xf0\x9f\x98\x80") == "\"\xf0\x9f\x98\x80\"");     // emoji
  CHECK(quoted("a\xffz") == "\"a\\ufffdz\"");                   // never valid
  CHECK(quoted("\xc3") == "\"\\ufffd\"");                       // truncated
  CHECK(quoted("\xc0\xaf") == "\"\\ufffd\\ufffd\"");            // overlong
  CHECK(quoted("\xed\xa0\x80") == "\"\\ufffd\\ufffd\\ufffd\""); // surrogate
  CHECK(quoted("\xf4\x90\x80\x80") ==
        "\"\\ufffd\\ufffd\\ufffd\\ufffd\""); // > U+10FFFF
  CHECK(quoted("\xe2\x82z") == "\"\\ufffd\\ufffdz\"");
}

TEST_CASE("compact output separates members and elements",
          "[format::JsonWriter]") {
  std::string Out;
  format::JsonWriter Json(Out);
  Json.beginObject();
  Json.member("name", "f");
  Json.memberUnsigned("visits", 3);
  Json.key("list");
  Json.beginArray();
  Json.unsignedNumber(1);
  Json.signedNumber(-2);
  Json.boolean(true);
  Json.null();
  Json.beginObject();
  Json.endObject();
  Json.beginArray();
  Json.endArray();
  Json.endArray();
  Json.key("time");
  Json.fixedNumber(0.000001234, 9);
  Json.endObject();
  CHECK(Out == "{\"name\":\"f\",\"visits\":3,\"list\":[1,-2,true,null,{},[]],"
               "\"time\":0.000001234}");
}

TEST_CASE("indented output puts each element on its own line",
          "[format::JsonWriter]") {
  std::string Out;
  format::JsonWriter Json(Out, 2);
  Json.beginObject();
  Json.memberBool("ok", false);
  Json.key("items");
  Json.beginArray();
  Json.string("a");
  Json.endArray();
  Json.key("none");
  Json.beginArray();
  Json.endArray();
  Json.endObject();
  CHECK(Out == "{\n  \"ok\": false,\n  \"items\": [\n    \"a\"\n  ],\n"
               "  \"none\": []\n}");
}

TEST_CASE("indentation stops growing at MaxIndentedLevels",
          "[format::JsonWriter]") {
  // Before, a value 20,000 levels deep became 800 MB of indentation.
  constexpr size_t Depth = 1000;
  std::string Out;
  format::JsonWriter Json(Out, 2);
  for (size_t Level = 0; Level < Depth; ++Level)
    Json.beginArray();
  Json.null();
  for (size_t Level = 0; Level < Depth; ++Level)
    Json.endArray();
  size_t Widest = format::JsonWriter::MaxIndentedLevels * 2;
  CHECK(Out.find("\n" + std::string(Widest, ' ') + "[") != std::string::npos);
  CHECK(Out.find(std::string(Widest + 1, ' ')) == std::string::npos);
  CHECK(Out.size() < 2 * Depth * (Widest + 2));
}

namespace {
/// The numbers of the JSON files, which must use '.' whatever LC_NUMERIC.
void checkNumbers() {
  CHECK(format::formatFixed(1.5, 3) == "1.500");
  CHECK(format::formatFixed(0.0, 9) == "0.000000000");
  CHECK(format::formatFixed(123456.25, 2) == "123456.25");
  CHECK(format::roundAsWritten(1.0 / 3, 3) == 0.333);
  CHECK(format::roundAsWritten(2.25, 9) == 2.25);
  std::string Out;
  format::JsonWriter Json(Out);
  Json.fixedNumber(2.25, 2);
  CHECK(Out == "2.25");
}
} // namespace

TEST_CASE("numbers use a decimal point in the C locale",
          "[format::JsonWriter]") {
  checkNumbers();
}

TEST_CASE("numbers use a decimal point under a decimal-comma locale",
          "[format::JsonWriter]") {
  // A program may switch LC_NUMERIC to a locale with a decimal comma; the
  // JSON must still use '.'.
  const char *Previous = std::setlocale(LC_NUMERIC, nullptr);
  std::string Saved = Previous ? Previous : "C";
  if (std::setlocale(LC_NUMERIC, "de_DE.UTF-8") == nullptr &&
      std::setlocale(LC_NUMERIC, "fr_FR.UTF-8") == nullptr) {
    sextant::test::skipTest("no decimal-comma locale (de_DE.UTF-8, "
                            "fr_FR.UTF-8) is installed");
    return;
  }
  checkNumbers();
  std::setlocale(LC_NUMERIC, Saved.c_str());
}

TEST_CASE("values that are not finite are written as null",
          "[format::JsonWriter]") {
  std::string Out;
  format::JsonWriter Json(Out);
  Json.beginArray();
  Json.fixedNumber(std::numeric_limits<double>::infinity(), 3);
  Json.fixedNumber(std::numeric_limits<double>::quiet_NaN(), 3);
  Json.endArray();
  CHECK(Out == "[null,null]");
}

TEST_CASE("lineBreak puts an element on a line of its own in compact JSON",
          "[format::JsonWriter]") {
  std::string Out;
  format::JsonWriter Json(Out);
  Json.beginObject();
  Json.key("a");
  Json.beginArray();
  Json.lineBreak();
  Json.unsignedNumber(1);
  Json.lineBreak();
  Json.unsignedNumber(2);
  Json.lineBreak();
  Json.endArray();
  Json.key("b");
  Json.beginArray();
  Json.lineBreak();
  Json.endArray();
  Json.endObject();
  CHECK(Out == "{\"a\":[\n1,\n2\n],\"b\":[\n]}");
}

TEST_CASE("real numbers are written in their shortest exact form",
          "[format::JsonWriter]") {
  std::string Out;
  format::JsonWriter Writer(Out);
  Writer.beginArray();
  Writer.realNumber(0.1);
  Writer.realNumber(2.0);
  Writer.realNumber(-3.5);
  Writer.realNumber(1e21);
  Writer.realNumber(1.0 / 3.0);
  Writer.realNumber(std::numeric_limits<double>::quiet_NaN());
  Writer.endArray();
  CHECK(Out == "[0.1,2.0,-3.5,1e+21,0.3333333333333333,null]");
  // Each reads back as the same double.
  CHECK(std::stod("0.3333333333333333") == 1.0 / 3.0);
}
