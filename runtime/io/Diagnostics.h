//===- runtime/io/Diagnostics.h - Runtime messages to stderr ----*- C++ -*-===//
//
// Part of Sextant. Every message the runtime prints starts with a fixed
// prefix ("sextant: error: ", "sextant: warning: " or "sextant: ") so that
// users and tests can tell it apart from the program's own output. Messages
// go to file descriptor 2 with a single write(2) per line, so that lines of
// concurrent threads do not interleave and no stdio state is touched.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_IO_DIAGNOSTICS_H
#define SEXTANT_RUNTIME_IO_DIAGNOSTICS_H

#include <string>
#include <string_view>

namespace sextant {
namespace runtime {

enum class MessageKind { Error, Warning, Note };

/// The full line for a message, with its prefix and a trailing newline.
std::string formatMessage(MessageKind Kind, std::string_view Text);

/// Writes formatMessage(Kind, Text) to stderr. Never throws; a failure to
/// write is ignored (there is nowhere left to report it).
void printMessage(MessageKind Kind, std::string_view Text) noexcept;

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_IO_DIAGNOSTICS_H
