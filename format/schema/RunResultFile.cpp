//===- format/schema/RunResultFile.cpp - Where each process wrote ---------===//
//
// Part of Sextant. The lines of the file named by SEXTANT_RUN_RESULT
// (RunResultFile.h).
//
//===----------------------------------------------------------------------===//

#include "format/schema/RunResultFile.h"

namespace sextant {
namespace format {

std::string runResultLine(long Pid, std::string_view Directory) {
  if (Directory.empty() || Directory.find('\n') != std::string_view::npos)
    return std::string();
  return std::to_string(Pid) + " " + std::string(Directory) + "\n";
}

std::string runResultDirectory(std::string_view Text, long Pid) {
  std::string Found;
  const std::string Prefix = std::to_string(Pid) + " ";
  while (!Text.empty()) {
    size_t End = Text.find('\n');
    // A line without its newline was cut short: it is not taken.
    if (End == std::string_view::npos)
      break;
    std::string_view Line = Text.substr(0, End);
    Text.remove_prefix(End + 1);
    if (Line.size() > Prefix.size() &&
        Line.compare(0, Prefix.size(), Prefix) == 0)
      Found.assign(Line.substr(Prefix.size()));
  }
  return Found;
}

} // namespace format
} // namespace sextant
