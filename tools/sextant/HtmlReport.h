//===- tools/sextant/HtmlReport.h - The HTML report -------------*- C++ -*-===//
//
// Part of Sextant. `sextant report --html OUT.html DIR`: one self-contained
// HTML file that any browser opens offline. Its script and style sheet are
// the files tools/sextant/html/report.js and report.css, embedded into the
// tool when it is built; the experiment is embedded as JSON (the
// "sextant-html-report" data, docs/html-report.md) made from the shared
// profile model: the call tree as format/CallTreeView.h walks it (call
// paths deeper than MaxViewDepth folded into one row each), each name's
// colour from format/FrameColour.h (the SVG flame graph's), the run's
// configuration, the throttled and filtered regions, and the filter
// `sextant score -g` would write (GeneratedFilter.h).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_HTMLREPORT_H
#define SEXTANT_TOOLS_HTMLREPORT_H

#include "format/ExperimentReader.h"

#include <string>

namespace sextant {
namespace tool {

/// The data the report's script shows, as JSON.
std::string htmlReportData(const format::Experiment &E);

/// The whole HTML document of E's report.
std::string renderHtmlReport(const format::Experiment &E);

/// Writes the report of E to the file Path, replaced atomically. False
/// with a message in Error.
bool writeHtmlReport(const format::Experiment &E, const std::string &Path,
                     std::string &Error);

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_HTMLREPORT_H
