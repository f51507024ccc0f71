//===- runtime/io/Diagnostics.cpp - Messages of the runtime to stderr -----===//
//
// Part of Sextant. Formats runtime messages with their fixed prefix and
// writes them to stderr with write(2).
//
//===----------------------------------------------------------------------===//

#include "runtime/io/Diagnostics.h"

#include <cerrno>
#include <unistd.h>

namespace sextant {
namespace runtime {

std::string formatMessage(MessageKind Kind, std::string_view Text) {
  std::string Line;
  switch (Kind) {
  case MessageKind::Error:
    Line = "sextant: error: ";
    break;
  case MessageKind::Warning:
    Line = "sextant: warning: ";
    break;
  case MessageKind::Note:
    Line = "sextant: ";
    break;
  }
  Line.append(Text.data(), Text.size());
  Line += '\n';
  return Line;
}

void printMessage(MessageKind Kind, std::string_view Text) noexcept {
  try {
    std::string Line = formatMessage(Kind, Text);
    const char *Data = Line.data();
    size_t Left = Line.size();
    int SavedErrno = errno;
    while (Left > 0) {
      ssize_t Written = ::write(STDERR_FILENO, Data, Left);
      if (Written < 0 && errno == EINTR)
        continue;
      if (Written <= 0)
        break;
      Data += Written;
      Left -= static_cast<size_t>(Written);
    }
    errno = SavedErrno;
  } catch (...) {
    // Out of memory while formatting: the message is lost, the program runs
    // on.
  }
}

} // namespace runtime
} // namespace sextant
