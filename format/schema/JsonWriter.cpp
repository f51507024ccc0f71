//===- format/schema/JsonWriter.cpp - Minimal streaming JSON writer -------===//
//
// Part of Sextant. String escaping with UTF-8 validation, and the bookkeeping
// of commas and indentation.
//
//===----------------------------------------------------------------------===//

#include "format/schema/JsonWriter.h"

#include <algorithm>

#include <cassert>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace sextant {
namespace format {

namespace {
bool isContinuation(unsigned char C) { return (C & 0xC0) == 0x80; }

/// Length of the valid UTF-8 sequence starting at Text[Pos] (2..4), or 0
/// when the bytes there are not a valid multi-byte sequence.
size_t validSequenceLength(std::string_view Text, size_t Pos) {
  auto At = [&](size_t I) -> unsigned char {
    return Pos + I < Text.size() ? static_cast<unsigned char>(Text[Pos + I])
                                 : 0;
  };
  unsigned char Lead = At(0);
  unsigned char Second = At(1);
  if (Lead >= 0xC2 && Lead <= 0xDF)
    return isContinuation(Second) ? 2 : 0;
  if (Lead >= 0xE0 && Lead <= 0xEF) {
    // No overlong forms (E0 80..9F) and no surrogates (ED A0..BF).
    bool SecondOk = Lead == 0xE0   ? Second >= 0xA0 && Second <= 0xBF
                    : Lead == 0xED ? Second >= 0x80 && Second <= 0x9F
                                   : isContinuation(Second);
    return SecondOk && isContinuation(At(2)) ? 3 : 0;
  }
  if (Lead >= 0xF0 && Lead <= 0xF4) {
    // No overlong forms (F0 80..8F) and nothing above U+10FFFF (F4 90..).
    bool SecondOk = Lead == 0xF0   ? Second >= 0x90 && Second <= 0xBF
                    : Lead == 0xF4 ? Second >= 0x80 && Second <= 0x8F
                                   : isContinuation(Second);
    return SecondOk && isContinuation(At(2)) && isContinuation(At(3)) ? 4 : 0;
  }
  return 0;
}
} // namespace

size_t appendUtf8Sequence(std::string &Out, std::string_view Text, size_t Pos,
                          std::string_view Replacement) {
  size_t Length = validSequenceLength(Text, Pos);
  if (Length == 0) {
    Out += Replacement;
    return Pos + 1;
  }
  Out.append(Text.data() + Pos, Length);
  return Pos + Length;
}

void appendJsonString(std::string &Out, std::string_view Text) {
  Out += '"';
  size_t Pos = 0;
  while (Pos < Text.size()) {
    unsigned char C = static_cast<unsigned char>(Text[Pos]);
    if (C >= 0x80) {
      Pos = appendUtf8Sequence(Out, Text, Pos, "\\ufffd");
      continue;
    }
    switch (C) {
    case '"':
      Out += "\\\"";
      break;
    case '\\':
      Out += "\\\\";
      break;
    case '\b':
      Out += "\\b";
      break;
    case '\f':
      Out += "\\f";
      break;
    case '\n':
      Out += "\\n";
      break;
    case '\r':
      Out += "\\r";
      break;
    case '\t':
      Out += "\\t";
      break;
    default:
      if (C < 0x20) {
        char Buffer[8];
        std::snprintf(Buffer, sizeof(Buffer), "\\u%04x", C);
        Out += Buffer;
      } else {
        Out += static_cast<char>(C);
      }
      break;
    }
    ++Pos;
  }
  Out += '"';
}

std::string formatFixed(double Value, int Decimals) {
  char Buffer[512];
  std::to_chars_result Result =
      std::to_chars(Buffer, Buffer + sizeof(Buffer), Value,
                    std::chars_format::fixed, Decimals);
  if (Result.ec != std::errc())
    Result = std::to_chars(Buffer, Buffer + sizeof(Buffer), Value);
  return std::string(Buffer, Result.ptr);
}

double roundAsWritten(double Value, int Decimals) {
  if (!std::isfinite(Value))
    return Value;
  std::string Text = formatFixed(Value, Decimals);
  double Read = Value;
  std::from_chars(Text.data(), Text.data() + Text.size(), Read);
  return Read;
}

void JsonWriter::newLine() {
  if (IndentWidth == 0)
    return;
  Out += '\n';
  // Indented text grows with the square of the depth; from MaxIndentedLevels
  // on every level is indented as that one, so it stays linear.
  Out.append(std::min(Levels.size(), MaxIndentedLevels) * IndentWidth, ' ');
}

void JsonWriter::writePendingLineBreak() {
  if (!PendingLineBreak)
    return;
  Out += '\n';
  PendingLineBreak = false;
}

void JsonWriter::beginElement() {
  if (AfterKey) {
    AfterKey = false;
    return;
  }
  if (Levels.empty())
    return;
  assert(!Levels.back().IsObject && "a value inside an object needs a key");
  if (Levels.back().HasElements)
    Out += ',';
  Levels.back().HasElements = true;
  writePendingLineBreak();
  newLine();
}

void JsonWriter::key(std::string_view Name) {
  assert(!Levels.empty() && Levels.back().IsObject && !AfterKey);
  if (Levels.back().HasElements)
    Out += ',';
  Levels.back().HasElements = true;
  newLine();
  appendJsonString(Out, Name);
  Out += IndentWidth ? ": " : ":";
  AfterKey = true;
}

void JsonWriter::beginObject() {
  beginElement();
  Out += '{';
  Levels.push_back({true, false});
}

void JsonWriter::endObject() {
  assert(!Levels.empty() && Levels.back().IsObject && !AfterKey);
  bool HadElements = Levels.back().HasElements;
  Levels.pop_back();
  if (HadElements)
    newLine();
  Out += '}';
}

void JsonWriter::beginArray() {
  beginElement();
  Out += '[';
  Levels.push_back({false, false});
}

void JsonWriter::endArray() {
  assert(!Levels.empty() && !Levels.back().IsObject);
  writePendingLineBreak();
  bool HadElements = Levels.back().HasElements;
  Levels.pop_back();
  if (HadElements)
    newLine();
  Out += ']';
}

void JsonWriter::string(std::string_view Text) {
  beginElement();
  appendJsonString(Out, Text);
}

void JsonWriter::unsignedNumber(uint64_t Value) {
  beginElement();
  Out += std::to_string(Value);
}

void JsonWriter::signedNumber(int64_t Value) {
  beginElement();
  Out += std::to_string(Value);
}

void JsonWriter::realNumber(double Value) {
  beginElement();
  if (!std::isfinite(Value)) {
    Out += "null";
    return;
  }
  char Buffer[32];
  std::to_chars_result Result =
      std::to_chars(Buffer, Buffer + sizeof(Buffer), Value);
  std::string_view Text(Buffer, static_cast<size_t>(Result.ptr - Buffer));
  Out += Text;
  if (Text.find_first_of(".e") == std::string_view::npos)
    Out += ".0";
}

void JsonWriter::fixedNumber(double Value, int Decimals) {
  beginElement();
  if (!std::isfinite(Value)) {
    Out += "null";
    return;
  }
  Out += formatFixed(Value, Decimals);
}

void JsonWriter::boolean(bool Value) {
  beginElement();
  Out += Value ? "true" : "false";
}

void JsonWriter::null() {
  beginElement();
  Out += "null";
}

} // namespace format
} // namespace sextant
