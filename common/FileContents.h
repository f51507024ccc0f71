//===- common/FileContents.h - Reading a whole file -------------*- C++ -*-===//
//
// Part of Sextant. Shared by the runtime (/proc files), the MPI adapter and
// the `sextant` tool (every file read from an experiment directory). Uses
// only open, fstat, read and close, so that it is safe wherever the runtime
// writes its output.
//
// readRegularFile is the one way the files of an experiment are read: the
// file is opened with O_NONBLOCK (opening a FIFO without a writer does not
// wait), checked with fstat(2) before anything is read (only a regular file
// of at most the limit of its kind is read) and read with its size known,
// stopping at the limit in case it grows meanwhile. The limits are listed
// in docs/output-formats.md ("Limits on reading").
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_COMMON_FILECONTENTS_H
#define SEXTANT_COMMON_FILECONTENTS_H

#include <cstdint>
#include <string>

namespace sextant {

/// The contents of the file at Path; empty when it cannot be opened (a read
/// error ends the contents early). For files whose size fstat does not tell
/// (/proc); may throw std::bad_alloc.
std::string readWholeFile(const std::string &Path);

/// The largest file of a kind that is read, and the kind's name for the
/// message ("a JSON file of an experiment").
struct FileLimit {
  uint64_t MaxBytes;
  const char *Kind;
};

/// JSON files of an experiment or job (experiment.json, profile.json, ...).
constexpr FileLimit JsonFileLimit = {uint64_t(1) << 30,
                                     "a JSON file of an experiment"};
/// Counter-sample files (trace/thread-<i>.metrics), read whole.
constexpr FileLimit MetricFileLimit = {uint64_t(4) << 30,
                                       "a .metrics file of a trace"};
/// Claim files (.sextant-run, .sextant-job): one or two short lines.
constexpr FileLimit ClaimFileLimit = {4096, "a claim file"};
/// sextant run's result file (format/schema/RunResultFile.h): a line per
/// process that wrote an experiment.
constexpr FileLimit RunResultFileLimit = {uint64_t(1) << 20,
                                          "sextant run's result file"};
/// Files read in pieces, whatever their size (trace files).
constexpr FileLimit StreamedFileLimit = {UINT64_MAX, "a file"};

/// What a file of mode Mode that is not regular is, for a message: "a
/// FIFO", "a directory", "a character device", ...
const char *fileKindName(unsigned Mode);

/// Opens the file at Path for reading and checks that it is a regular file
/// of at most Limit.MaxBytes; returns the descriptor (close-on-exec,
/// blocking again) and sets Size, or returns -1 and sets Error to the reason
/// without the path: strerror(3) ("No such file or directory", with
/// MissingErrno set to ENOENT), "not a regular file (a FIFO)" or "larger
/// than 1 GiB, the limit of a JSON file of an experiment".
int openRegularFile(const std::string &Path, const FileLimit &Limit,
                    uint64_t &Size, std::string &Error, int *Errno = nullptr);

/// Reads the regular file at Path into Contents, as openRegularFile checks
/// it. On failure returns false, leaves Contents empty and sets Error (and
/// *Errno to the errno of a failed open, EISDIR for a directory, 0 for
/// another refused file). Never
/// throws: running out of memory is such a failure.
bool readRegularFile(const std::string &Path, const FileLimit &Limit,
                     std::string &Contents, std::string &Error,
                     int *Errno = nullptr);

} // namespace sextant

#endif // SEXTANT_COMMON_FILECONTENTS_H
