//===- tools/sextant/ReportCommand.h - Report views -------------*- C++ -*-===//
//
// Part of Sextant. The default view of `sextant report`, for commands that
// show an experiment after producing it (`sextant run --show=report`).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_REPORTCOMMAND_H
#define SEXTANT_TOOLS_REPORTCOMMAND_H

#include "format/reader/ExperimentReader.h"

#include <string>

namespace sextant {
namespace tool {

/// What `sextant report DIR` (Tree false) or `sextant report --tree DIR`
/// (Tree true) prints for E.
std::string renderReport(const format::Experiment &E, bool Tree);

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_REPORTCOMMAND_H
