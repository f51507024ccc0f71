//===- format/schema/RunResultFile.h - Where each process wrote -*- C++ -*-===//
//
// Part of Sextant. `sextant run` shows the experiment its program wrote.
// It usually knows where that is (the SEXTANT_OUTPUT_DIR it set), but not
// when the runtime wrote elsewhere: an MPI rank writes into rank 0's job
// directory (<job>/rank-<r>/), so under `mpiexec ... sextant run ./app`
// the rank's own directory stays empty. So `sextant run` makes an empty
// file (mode 0600, in $TMPDIR or /tmp) and names it in SEXTANT_RUN_RESULT;
// a runtime that wrote its experiment appends one line to it:
//
//   <pid> <experiment directory>\n
//
// (the pid in decimal, one blank, the absolute directory as it is; a
// directory holding a newline is not reported). Every process that writes
// an experiment appends its line (a program that starts instrumented
// programs gives several), each with one write() in O_APPEND mode, so the
// lines do not interleave. `sextant run` takes its child's line, then
// removes the file.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_SCHEMA_RUNRESULTFILE_H
#define SEXTANT_FORMAT_SCHEMA_RUNRESULTFILE_H

#include <string>
#include <string_view>

namespace sextant {
namespace format {

/// The variable naming the file.
constexpr const char RunResultVariable[] = "SEXTANT_RUN_RESULT";

/// The line of process Pid that wrote its experiment into Directory;
/// empty when Directory cannot be written on one line.
std::string runResultLine(long Pid, std::string_view Directory);

/// The directory that process Pid reported in Text (the file's contents):
/// its last line; empty when it reported none.
std::string runResultDirectory(std::string_view Text, long Pid);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_SCHEMA_RUNRESULTFILE_H
