//===- format/job/WaitStatesText.h - The wait-state text view ---*- C++ -*-===//
//
// Part of Sextant. The text view of the wait-state analysis (WaitStates.h),
// printed by `sextant report --wait-states JOBDIR`:
//
//   Wait states (seconds in MPI waiting for another rank; 2 ranks, 3
//   messages and 4 collective operations matched)
//     kind               seconds
//     late sender       0.201234
//     ...
//
//      seconds   calls  rank  kind             call path
//     0.201234       1     1  late sender      main > exchange > MPI_Recv
//
// followed by a line per kind of what could not be matched, when any.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_WAITSTATESTEXT_H
#define SEXTANT_FORMAT_JOB_WAITSTATESTEXT_H

#include "format/job/WaitStates.h"

#include <string>

namespace sextant {
namespace format {

/// The call path as the text view shows it: frames joined by " > ".
std::string waitCallPathText(const std::vector<std::string> &Path);

/// The view of W; Top > 0 shows the Top largest rows only.
std::string waitStatesText(const WaitStates &W, uint64_t Top = 0);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_WAITSTATESTEXT_H
