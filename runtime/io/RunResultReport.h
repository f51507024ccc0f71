//===- runtime/io/RunResultReport.h - Telling sextant run where -*- C++ -*-===//
//
// Part of Sextant. Under `sextant run`, the runtime appends its pid and
// its experiment directory to the file that SEXTANT_RUN_RESULT names, once
// the experiment is written (format/schema/RunResultFile.h), so that
// `sextant run` shows it also when it is not where the run command looked
// (an MPI rank's <job>/rank-<r>/).
//
// The file is `sextant run`'s: it is only appended to, never created, and
// only when it is a regular file of this user, opened without following a
// symbolic link (O_NOFOLLOW) and closed at once; nothing is said when it
// cannot be (the run command then looks where it expects the experiment).
// errno is kept.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_IO_RUNRESULTREPORT_H
#define SEXTANT_RUNTIME_IO_RUNRESULTREPORT_H

#include <string>

namespace sextant {
namespace runtime {

/// Appends this process's line for Directory to ResultFile (empty: none).
void reportRunResult(const std::string &ResultFile,
                     const std::string &Directory) noexcept;

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_IO_RUNRESULTREPORT_H
