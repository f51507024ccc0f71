//===- format/reader/JsonInput.h - Validated JSON input ---------*- C++ -*-===//
//
// Part of Sextant. Reading the JSON files of an experiment directory with
// nlohmann-json, and typed access to their values that names the file and
// the place in it when something is missing or has the wrong type:
//
//   run1/profile.json: [0].children[2].metrics: missing "visits" (expected
//   a non-negative integer)
//
// Errors are reported by throwing InputError; the experiment reader catches
// it at its entry points and returns the message. Part of the library
// sextant_format_reader, which alone in format/ uses nlohmann-json.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_READER_JSONINPUT_H
#define SEXTANT_FORMAT_READER_JSONINPUT_H

#include "format/schema/JsonNesting.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

namespace sextant {
namespace format {

/// Bad or unreadable input; what() is the complete message.
class InputError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Called while a large file is parsed: bytes parsed so far and in total.
using ByteProgress = std::function<void(uint64_t Done, uint64_t Total)>;

/// Reads and parses the JSON file at Path. Throws InputError naming Path
/// when the file cannot be read (also when it is not a regular file or
/// larger than common/FileContents.h's JsonFileLimit), is empty, nests
/// arrays and objects deeper than MaxNesting (format/schema/JsonNesting.h:
/// CallTreeNesting for profile.json and profile-threads.json), or is not
/// valid JSON (then with the line, column and byte offset nlohmann-json
/// reports).
nlohmann::json loadJsonFile(const std::string &Path,
                            const ByteProgress &Progress = {},
                            size_t MaxNesting = MaxJsonNesting);

/// A JSON value together with the file it came from and its place in the
/// file, for error messages. Holds a reference to the value: the document
/// must outlive it. The place is kept as a chain of small steps shared with
/// the parent and spelled out only for a message, so that walking a deeply
/// nested document takes memory in proportion to its size.
class JsonValue {
public:
  JsonValue(const nlohmann::json &Value, const std::string &File);

  const nlohmann::json &raw() const { return *Value; }
  const std::string &file() const { return *File; }
  /// The place in the file, e.g. `[0].children[2].metrics`; empty for the
  /// top level.
  std::string path() const;

  bool isNull() const { return Value->is_null(); }
  /// Whether this object has the member Key (the value may be null).
  bool has(const char *Key) const;
  /// The member Key of this object. Expected describes the member's value
  /// for the message when it is missing.
  JsonValue member(const char *Key, const char *Expected) const;
  /// Element I of this array.
  JsonValue element(size_t I) const;

  /// Checks the type and throws InputError with Expected when it is wrong.
  void expectObject(const char *Expected = "an object") const;
  void expectArray(const char *Expected = "an array") const;
  std::string asString() const;
  uint64_t asUnsigned() const;
  int64_t asInteger() const;
  double asNumber() const;
  bool asBool() const;

  /// Throws InputError "FILE: PATH: Message".
  [[noreturn]] void fail(const std::string &Message) const;

private:
  [[noreturn]] void wrongType(const char *Expected) const;

  /// One step from the parent: a member (Key) or an array element (Index).
  struct PathStep {
    std::shared_ptr<const PathStep> Parent;
    const char *Key; ///< null for an array element
    size_t Index;
  };
  JsonValue(const nlohmann::json &Value, const std::string &File,
            std::shared_ptr<const PathStep> Step)
      : Value(&Value), File(&File), Step(std::move(Step)) {}

  const nlohmann::json *Value;
  const std::string *File;
  std::shared_ptr<const PathStep> Step; ///< null at the top level
};

struct JsonFileFormat;

/// Checks that Top is an object whose "format" is Format's name and whose
/// "format_version" this reader reads; throws InputError naming WhatFile
/// ("Sextant regions.json") otherwise.
void checkFileFormat(const JsonValue &Top, const JsonFileFormat &Format,
                     const char *WhatFile);

/// A short description of a JSON value's type for messages: "a string",
/// "an object", "the number -3", ...
std::string describeJsonValue(const nlohmann::json &Value);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_READER_JSONINPUT_H
