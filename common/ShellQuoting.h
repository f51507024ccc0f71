//===- common/ShellQuoting.h - Command lines as a shell reads them -*- C++ -*-===//
//
// Part of Sextant. Shared by the runtime (the command line in summary.txt)
// and the `sextant` tool (report headers, generated filters), so that both
// print a program's arguments the same way.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_COMMON_SHELLQUOTING_H
#define SEXTANT_COMMON_SHELLQUOTING_H

#include <string>
#include <vector>

namespace sextant {

/// Words joined by blanks, each quoted for a POSIX shell when needed.
std::string shellQuoteWords(const std::vector<std::string> &Words);

} // namespace sextant

#endif // SEXTANT_COMMON_SHELLQUOTING_H
