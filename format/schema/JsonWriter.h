//===- format/schema/JsonWriter.h - Minimal streaming JSON writer ---------===//
//
// Part of Sextant. Writes JSON text into a std::string: objects, arrays,
// strings (escaped per RFC 8259; bytes that are not valid UTF-8 become
// U+FFFD so the output always parses), integers and fixed-point numbers.
// Commas, and optionally newlines and indentation, are inserted
// automatically. Used for every JSON file of the experiment directory.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_SCHEMA_JSONWRITER_H
#define SEXTANT_FORMAT_SCHEMA_JSONWRITER_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sextant {
namespace format {

/// Value in fixed notation with Decimals digits after the point, always
/// with '.' as the decimal point whatever the program's locale.
std::string formatFixed(double Value, int Decimals);

/// The number a JSON reader gets back from formatFixed(Value, Decimals):
/// the double nearest to that text (Value itself when it is not finite).
/// Renders a view from values as the files hold them, so that the runtime
/// and the reader of its files show the same digits.
double roundAsWritten(double Value, int Decimals);

/// Appends the UTF-8 sequence that starts at Text[Pos] (a byte from 0x80)
/// to Out, or Replacement when the bytes there are not a valid sequence;
/// returns the position after what was read. Shared by the JSON and the
/// XML (SvgWriter.h) escaping.
size_t appendUtf8Sequence(std::string &Out, std::string_view Text, size_t Pos,
                          std::string_view Replacement);

/// Appends Text to Out as a JSON string literal, quotes included.
void appendJsonString(std::string &Out, std::string_view Text);

class JsonWriter {
public:
  /// Values nested deeper than this are indented as deep as this, so that
  /// indented text stays linear in the document's size.
  static constexpr size_t MaxIndentedLevels = 32;

  /// IndentWidth 0 writes compact JSON; otherwise every element starts on
  /// its own line, indented by IndentWidth spaces per level (down to
  /// MaxIndentedLevels).
  explicit JsonWriter(std::string &Out, unsigned IndentWidth = 0)
      : Out(Out), IndentWidth(IndentWidth) {}

  void beginObject();
  void endObject();
  void beginArray();
  void endArray();
  /// The key of the next member; only inside an object.
  void key(std::string_view Name);

  void string(std::string_view Text);
  void unsignedNumber(uint64_t Value);
  void signedNumber(int64_t Value);
  /// Value in fixed notation with Decimals digits after the point; values
  /// that are not finite are written as null (JSON has no NaN).
  void fixedNumber(double Value, int Decimals);
  /// Value in the shortest form that reads back as the same double, with
  /// ".0" added to whole numbers so that they stay reals (2.0, 0.1,
  /// 1.5e+20); values that are not finite are written as null.
  void realNumber(double Value);
  void boolean(bool Value);
  void null();

  /// Shorthands for key(Name) followed by a value.
  void member(std::string_view Name, std::string_view Text) {
    key(Name);
    string(Text);
  }
  void memberUnsigned(std::string_view Name, uint64_t Value) {
    key(Name);
    unsignedNumber(Value);
  }
  void memberBool(std::string_view Name, bool Value) {
    key(Name);
    boolean(Value);
  }

  /// Puts the next element of the current array (after its comma), or its
  /// closing bracket, on a new line, also in compact JSON.
  void lineBreak() { PendingLineBreak = true; }

private:
  struct Level {
    bool IsObject;
    bool HasElements;
  };
  /// Writes what precedes a new value or key: a comma and a line break as
  /// needed.
  void beginElement();
  void newLine();
  /// Writes the line break lineBreak() asked for.
  void writePendingLineBreak();

  std::string &Out;
  unsigned IndentWidth;
  std::vector<Level> Levels;
  bool AfterKey = false;
  bool PendingLineBreak = false;
};

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_SCHEMA_JSONWRITER_H
