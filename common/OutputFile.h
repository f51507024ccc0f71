//===- common/OutputFile.h - A file the user names for output --*- C++ -*-===//
//
// Part of Sextant. The one way the tool writes a file that the user names
// (`export -o FILE`, `report --html FILE`, `score -g -o FILE`, ...): the
// contents go into a temporary of a random name beside FILE (SafeDirectory:
// O_EXCL|O_NOFOLLOW, the directory rules), which is renamed over FILE only
// when everything was written; a failure removes the temporary and nothing
// else. What is at FILE must be absent or a regular file: a symbolic link,
// a directory, a device, a FIFO or a socket is refused, never written
// through, truncated or removed. Standard output stands for an empty path.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_COMMON_OUTPUTFILE_H
#define SEXTANT_COMMON_OUTPUTFILE_H

#include "common/SafeDirectory.h"

#include <cstdio>
#include <string>
#include <string_view>

namespace sextant {

/// What may happen to a regular file that is at the output's path.
enum class ExistingOutput {
  Replace, ///< it is replaced (renamed over) when the output is complete
  Refuse   ///< the output is refused: "'<path>' exists"
};

/// Empty when an entry of status Status (from lstat) may be replaced by an
/// output file; else why not, as a clause such as "it is a symbolic link".
std::string outputFileRuleViolation(const struct stat &Status);

/// Empty when the output path Output is neither the directory Input nor
/// inside it (compared after resolving symbolic links of Output's existing
/// parents and of Input); else the message "'<Output>' is inside the input
/// directory '<Input>' (an output never goes into the experiment it is made
/// from)".
std::string outputInsideInput(const std::string &Output,
                              const std::string &Input);

/// The directory of Path ("." when it has none) and its last component.
void splitOutputPath(const std::string &Path, std::string &Directory,
                     std::string &Name);

class OutputFile {
public:
  OutputFile() = default;
  OutputFile(const OutputFile &) = delete;
  OutputFile &operator=(const OutputFile &) = delete;
  /// Removes the temporary unless commit() succeeded.
  ~OutputFile();

  /// Checks Path's rules and creates the temporary beside it; an empty
  /// Path is standard output. False with Error ("cannot write '<path>':
  /// <rule or strerror>", "refusing to write into '<directory>': <rule>",
  /// "'<path>' exists") when Path may not be written.
  bool open(const std::string &Path, ExistingOutput Existing,
            std::string &Error);
  /// Where to write the contents.
  std::FILE *stream() const { return Stream; }
  /// Whether the last open() was refused because a file exists at Path
  /// under ExistingOutput::Refuse.
  bool refusedExisting() const { return RefusedExisting; }
  /// Flushes and closes the temporary, checks Path's rules again and
  /// renames the temporary over Path. False with Error ("cannot write
  /// '<path>': ...") after removing the temporary.
  bool commit(std::string &Error);
  /// Removes the temporary (nothing else); the output is not written.
  void discard();

private:
  /// Discards and sets Error to "cannot write '<path>': <Clause>"; false.
  bool fail(const std::string &Clause, std::string &Error);
  /// Discards and sets Error to "'<path>' exists"; false.
  bool refuseExisting(std::string &Error);
  /// Whether what is at Path now (nothing, or a regular file under
  /// ExistingOutput::Replace) may be replaced; else fails with the rule.
  bool targetMayBeReplaced(std::string &Error);

  std::string Path, Name, Temporary;
  SafeDirectory Directory;
  ExistingOutput Existing = ExistingOutput::Replace;
  std::FILE *Stream = nullptr;
  bool RefusedExisting = false;
};

/// Writes Contents to Path through an OutputFile (standard output when
/// Path is empty); false with Error as OutputFile::open and commit give it,
/// and *RefusedExisting (when given) set as OutputFile::refusedExisting.
bool writeOutputFile(const std::string &Path, std::string_view Contents,
                     ExistingOutput Existing, std::string &Error,
                     bool *RefusedExisting = nullptr);

} // namespace sextant

#endif // SEXTANT_COMMON_OUTPUTFILE_H
