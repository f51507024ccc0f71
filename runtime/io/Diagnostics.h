//===- runtime/io/Diagnostics.h - Runtime messages to stderr ----*- C++ -*-===//
//
// Part of Sextant. Every message the runtime prints starts with a fixed
// prefix ("sextant: error: ", "sextant: warning: " or "sextant: ") so that
// users and tests can tell it apart from the program's own output. Messages
// go to the standard error of the program's start with a single write per
// line, so that lines of concurrent threads do not interleave and no stdio
// state is touched.
//
// The standard error of the start: the library constructor duplicates file
// descriptor 2 to a high descriptor (close-on-exec, so an exec'd program
// does not inherit it; a forked child does and writes there too), and
// messages go only there. A program that closes descriptor 2 and opens a
// file that reuses it does not get the runtime's messages in that file; a
// descriptor 2 closed at the start means no messages at all. Should the
// program close or replace the duplicate itself, the runtime notices (the
// file is no longer the one of the start) and says nothing.
//
// A message never raises SIGPIPE: when the reader of a pipe on stderr has
// gone, the message is dropped and the program runs on (and its buffered
// output is written at its exit). Writing a message allocates no memory and
// calls only async-signal-safe functions, so that it may be used in a
// signal handler.
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

/// Writes formatMessage(Kind, Text) to the standard error of the start.
/// Never throws; a failure to write is ignored (there is nowhere left to
/// report it). Async-signal-safe.
void printMessage(MessageKind Kind, std::string_view Text) noexcept;

/// Writes Text as it is (a complete line, with its newline) where
/// printMessage() writes. Async-signal-safe.
void printRawMessage(std::string_view Text) noexcept;

/// Duplicates descriptor 2 for the messages; done by the library constructor
/// and at the first message if that comes earlier. Later calls do nothing.
void captureStandardError() noexcept;

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_IO_DIAGNOSTICS_H
