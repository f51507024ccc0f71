//===- format/reader/JsonInput.cpp - Validated access to JSON files -------===//
//
// Part of Sextant. Loading JSON files with located syntax errors, and the
// typed accessors of JsonValue.
//
//===----------------------------------------------------------------------===//

#include "format/reader/JsonInput.h"
#include "common/FileContents.h"
#include "format/schema/ExperimentSchema.h"
#include "format/schema/JsonNesting.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <vector>

namespace sextant {
namespace format {

namespace {

/// Reports parsing progress every ProgressStep bytes.
constexpr uint64_t ProgressStep = uint64_t(1) << 20;

/// An input iterator over a buffer that reports how far nlohmann-json has
/// read, so that parsing a large file can show progress.
class ProgressIterator {
public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char *;
  using reference = const char &;

  ProgressIterator(const char *Position, const char *Begin, uint64_t Total,
                   const ByteProgress *Progress)
      : Position(Position), Begin(Begin), Total(Total), Progress(Progress) {}

  reference operator*() const { return *Position; }
  ProgressIterator &operator++() {
    ++Position;
    uint64_t Done = static_cast<uint64_t>(Position - Begin);
    if (Progress && Done % ProgressStep == 0)
      (*Progress)(Done, Total);
    return *this;
  }
  ProgressIterator operator++(int) {
    ProgressIterator Old = *this;
    ++*this;
    return Old;
  }
  bool operator==(const ProgressIterator &Other) const {
    return Position == Other.Position;
  }
  bool operator!=(const ProgressIterator &Other) const {
    return Position != Other.Position;
  }

private:
  const char *Position;
  const char *Begin;
  uint64_t Total;
  const ByteProgress *Progress;
};

/// The part of nlohmann-json's parse_error message after the position
/// ("[json.exception.parse_error.101] parse error at line 1, column 5: "),
/// with bytes that are not printable ASCII (the message quotes the input it
/// last read) written as \xNN.
std::string syntaxErrorReason(const std::string &What) {
  std::string Reason = What;
  size_t Column = What.find(", column ");
  size_t Colon =
      Column == std::string::npos ? std::string::npos : What.find(": ", Column);
  if (Colon != std::string::npos) {
    Reason = What.substr(Colon + 2);
  } else {
    size_t Bracket = What.find("] ");
    if (Bracket != std::string::npos)
      Reason = What.substr(Bracket + 2);
  }
  std::string Printable;
  for (unsigned char C : Reason) {
    if (C >= 0x20 && C < 0x7F) {
      Printable += static_cast<char>(C);
      continue;
    }
    char Escaped[8];
    std::snprintf(Escaped, sizeof(Escaped), "\\x%02X", C);
    Printable += Escaped;
  }
  return Printable;
}

/// Line and column (both 1-based) of the byte at Offset (0-based).
void lineAndColumn(const std::string &Text, size_t Offset, size_t &Line,
                   size_t &Column) {
  Line = 1;
  Column = 1;
  for (size_t I = 0; I < Offset && I < Text.size(); ++I) {
    if (Text[I] == '\n') {
      ++Line;
      Column = 1;
    } else {
      ++Column;
    }
  }
}

} // namespace

nlohmann::json loadJsonFile(const std::string &Path,
                            const ByteProgress &Progress, size_t MaxNesting) {
  std::string Text, Error;
  if (!readRegularFile(Path, JsonFileLimit, Text, Error))
    throw InputError(Path + ": cannot read: " + Error);
  if (Text.find_first_not_of(" \t\r\n") == std::string::npos)
    throw InputError(Path + ": the file is empty (expected JSON)");
  std::string TooDeep = jsonNestingProblem(Text, MaxNesting);
  if (!TooDeep.empty())
    throw InputError(Path + ": " + TooDeep);
  try {
    if (!Progress)
      return nlohmann::json::parse(Text);
    const char *Begin = Text.data();
    uint64_t Total = Text.size();
    nlohmann::json Parsed = nlohmann::json::parse(
        ProgressIterator(Begin, Begin, Total, &Progress),
        ProgressIterator(Begin + Text.size(), Begin, Total, &Progress));
    Progress(Total, Total);
    return Parsed;
  } catch (const nlohmann::json::parse_error &E) {
    // E.byte is the 1-based position of the last character read.
    size_t Offset = E.byte == 0 ? 0 : E.byte - 1;
    size_t Line, Column;
    lineAndColumn(Text, Offset, Line, Column);
    throw InputError(Path + ":" + std::to_string(Line) + ":" +
                     std::to_string(Column) + ": invalid JSON (byte " +
                     std::to_string(E.byte) +
                     "): " + syntaxErrorReason(E.what()));
  }
}

JsonValue::JsonValue(const nlohmann::json &Value, const std::string &File)
    : Value(&Value), File(&File) {}

std::string JsonValue::path() const {
  // A place deeper than this many steps is shortened to its first and last
  // steps; the cut is made before member names, so both parts read well.
  constexpr size_t ShownSteps = 12;
  std::vector<const PathStep *> Steps;
  for (const PathStep *S = Step.get(); S; S = S->Parent.get())
    Steps.push_back(S);
  std::reverse(Steps.begin(), Steps.end());
  size_t CutBegin = Steps.size(), CutEnd = Steps.size();
  if (Steps.size() > 3 * ShownSteps) {
    CutBegin = ShownSteps;
    while (CutBegin < Steps.size() && !Steps[CutBegin]->Key)
      ++CutBegin;
    CutEnd = Steps.size() - ShownSteps;
    while (CutEnd < Steps.size() && !Steps[CutEnd]->Key)
      ++CutEnd;
  }
  std::string Path;
  for (size_t I = 0; I < Steps.size(); ++I) {
    if (I == CutBegin && CutEnd > CutBegin) {
      Path +=
          " ...(" + std::to_string(CutEnd - CutBegin) + " steps left out)... ";
      I = CutEnd - 1;
      continue;
    }
    const PathStep &S = *Steps[I];
    if (S.Key) {
      if (!Path.empty() && Path.back() != ' ')
        Path += '.';
      Path += S.Key;
    } else {
      Path += "[" + std::to_string(S.Index) + "]";
    }
  }
  return Path;
}

bool JsonValue::has(const char *Key) const {
  return Value->is_object() && Value->contains(Key);
}

JsonValue JsonValue::member(const char *Key, const char *Expected) const {
  expectObject();
  auto It = Value->find(Key);
  if (It == Value->end())
    fail(std::string("missing \"") + Key + "\" (expected " + Expected + ")");
  return JsonValue(*It, *File,
                   std::make_shared<const PathStep>(PathStep{Step, Key, 0}));
}

JsonValue JsonValue::element(size_t I) const {
  expectArray();
  return JsonValue(
      (*Value)[I], *File,
      std::make_shared<const PathStep>(PathStep{Step, nullptr, I}));
}

void JsonValue::expectObject(const char *Expected) const {
  if (!Value->is_object())
    wrongType(Expected);
}

void JsonValue::expectArray(const char *Expected) const {
  if (!Value->is_array())
    wrongType(Expected);
}

std::string JsonValue::asString() const {
  if (!Value->is_string())
    wrongType("a string");
  return Value->get<std::string>();
}

uint64_t JsonValue::asUnsigned() const {
  if (Value->is_number_unsigned())
    return Value->get<uint64_t>();
  wrongType("a non-negative integer");
}

int64_t JsonValue::asInteger() const {
  if (Value->is_number_unsigned() &&
      Value->get<uint64_t>() <= static_cast<uint64_t>(INT64_MAX))
    return static_cast<int64_t>(Value->get<uint64_t>());
  if (Value->is_number_integer() && !Value->is_number_unsigned())
    return Value->get<int64_t>();
  wrongType("an integer");
}

double JsonValue::asNumber() const {
  if (!Value->is_number())
    wrongType("a number");
  double Number = Value->get<double>();
  if (!std::isfinite(Number))
    wrongType("a finite number");
  return Number;
}

bool JsonValue::asBool() const {
  if (!Value->is_boolean())
    wrongType("true or false");
  return Value->get<bool>();
}

void JsonValue::fail(const std::string &Message) const {
  std::string Path = path();
  throw InputError(*File + ": " + (Path.empty() ? "" : Path + ": ") + Message);
}

void JsonValue::wrongType(const char *Expected) const {
  fail(std::string("expected ") + Expected + ", found " +
       describeJsonValue(*Value));
}

std::string describeJsonValue(const nlohmann::json &Value) {
  switch (Value.type()) {
  case nlohmann::json::value_t::null:
    return "null";
  case nlohmann::json::value_t::object:
    return "an object";
  case nlohmann::json::value_t::array:
    return "an array";
  case nlohmann::json::value_t::string: {
    std::string Text = Value.get<std::string>();
    if (Text.size() > 40)
      Text = Text.substr(0, 37) + "...";
    return "the string " +
           nlohmann::json(Text).dump(-1, ' ', false,
                                     nlohmann::json::error_handler_t::replace);
  }
  case nlohmann::json::value_t::boolean:
    return Value.get<bool>() ? "true" : "false";
  case nlohmann::json::value_t::number_integer:
  case nlohmann::json::value_t::number_unsigned:
  case nlohmann::json::value_t::number_float:
    return "the number " + Value.dump();
  default:
    return "a value of another kind";
  }
}

void checkFileFormat(const JsonValue &Top, const JsonFileFormat &Format,
                     const char *WhatFile) {
  Top.expectObject((std::string("an object (a ") + WhatFile + ")").c_str());
  std::string Found =
      Top.member(keys::Format, (std::string("\"") + Format.Name + "\"").c_str())
          .asString();
  if (Found != Format.Name)
    Top.member(keys::Format, "")
        .fail("is \"" + Found + "\", expected \"" + Format.Name + "\": not a " +
              WhatFile);
  JsonValue Version = Top.member(keys::FormatVersion, "an integer");
  uint64_t Number = Version.asUnsigned();
  if (Number < Format.MinimumReadableVersion || Number > Format.Version) {
    std::string Readable = std::to_string(Format.Version);
    if (Format.MinimumReadableVersion != Format.Version)
      Readable =
          std::to_string(Format.MinimumReadableVersion) + " to " + Readable;
    Version.fail("is " + std::to_string(Number) +
                 ", but this sextant reads format_version " + Readable +
                 (Number > Format.Version ? " (written by a newer Sextant?)"
                                          : " (written by an older Sextant)"));
  }
}

} // namespace format
} // namespace sextant
