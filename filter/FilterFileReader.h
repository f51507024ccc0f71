//===- filter/FilterFileReader.h - Reading a filter file --------*- C++ -*-===//
//
// Part of Sextant. The one function that reads a filter file from disk, for
// the compiler plugin, the runtime (SEXTANT_FILTER) and the `sextant` tool
// alike (all through FilterSet::addFile). It accepts only regular files of
// at most MaxFilterFileBytes: a FIFO, a device such as /dev/zero or a
// directory is refused at once (the file is opened without blocking and
// never read), and so is a file larger than the limit, with one line that
// says why.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FILTER_FILTERFILEREADER_H
#define SEXTANT_FILTER_FILTERFILEREADER_H

#include <cstddef>
#include <string>

namespace sextant {
namespace filter {

/// The largest filter file read: 256 MiB (docs/filter-files.md). Two million
/// rules of typical length take well under a tenth of it.
constexpr size_t MaxFilterFileBytes = size_t(256) << 20;

/// Reads the regular file at Path into Text. On failure returns false and
/// sets Error to the reason, without a trailing period (e.g. "No such file
/// or directory", "not a regular file (a FIFO)"). Never throws: running out
/// of memory is such a failure.
bool readFilterFile(const std::string &Path, std::string &Text,
                    std::string &Error, size_t MaxBytes = MaxFilterFileBytes);

} // namespace filter
} // namespace sextant

#endif // SEXTANT_FILTER_FILTERFILEREADER_H
