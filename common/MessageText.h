//===- common/MessageText.h - Outside text in one line ----------*- C++ -*-===//
//
// Part of Sextant. Text that comes from outside Sextant (environment values,
// filter files, region names of a program) is shown in messages, tables and
// config.txt. This is the one rule for doing so: every control byte (below
// 0x20, and 0x7f) is written as \xNN, so that the text stays on one line and
// can carry no terminal escape sequence; other bytes (UTF-8 included) are
// kept. messageText() also cuts a long value, so that a value of megabytes
// gives a message of one screen line or a few.
//
// Header-only: the filter library (also linked into the compiler plugin)
// uses it without linking sextant_common.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_COMMON_MESSAGETEXT_H
#define SEXTANT_COMMON_MESSAGETEXT_H

#include <cstddef>
#include <string>
#include <string_view>

namespace sextant {

/// Bytes of an outside value that a message shows before cutting it.
constexpr size_t MessageValueLimit = 1024;

/// Appends Text to Out with every control byte written as \xNN.
inline void appendEscaped(std::string &Out, std::string_view Text) {
  static const char Hex[] = "0123456789abcdef";
  for (char Char : Text) {
    unsigned char Byte = static_cast<unsigned char>(Char);
    if (Byte < 0x20 || Byte == 0x7f) {
      char Escape[4] = {'\\', 'x', Hex[Byte >> 4], Hex[Byte & 0xf]};
      Out.append(Escape, sizeof(Escape));
    } else {
      Out += Char;
    }
  }
}

/// Text escaped as appendEscaped() does; when Text is longer than MaxBytes
/// it is cut there (not inside a UTF-8 character) and "... (N bytes)" tells
/// its full length.
inline std::string messageText(std::string_view Text,
                               size_t MaxBytes = MessageValueLimit) {
  std::string Out;
  if (Text.size() <= MaxBytes) {
    appendEscaped(Out, Text);
    return Out;
  }
  size_t Cut = MaxBytes;
  // Back to the first byte of a UTF-8 character (at most 3 steps).
  for (int Step = 0; Step < 3 && Cut > 0 &&
                     (static_cast<unsigned char>(Text[Cut]) & 0xc0) == 0x80;
       ++Step)
    --Cut;
  appendEscaped(Out, Text.substr(0, Cut));
  Out += "... (" + std::to_string(Text.size()) + " bytes)";
  return Out;
}

} // namespace sextant

#endif // SEXTANT_COMMON_MESSAGETEXT_H
