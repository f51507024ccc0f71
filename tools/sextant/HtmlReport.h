//===- tools/sextant/HtmlReport.h - The HTML report -------------*- C++ -*-===//
//
// Part of Sextant. `sextant report --html OUT.html DIR`: one self-contained
// HTML file that any browser opens offline. Its script and style sheet are the
// files tools/sextant/html/report.js and report.css, embedded into the tool
// when it is built; the experiment is embedded as JSON, the
// "sextant-html-report" data of format/pictures/HtmlReportData.h. The tool
// gathers what that data needs besides the experiment: the filter `sextant
// score
// -g` would write (GeneratedFilter.h), the spreads over threads
// (profile-threads.json) and ranks (profile-ranks.json), an MPI job's wall
// times and traffic matrix, the roofline plot when the profile has FLOP
// metrics (with the ceilings of the default peaks file of `sextant
// roofline`); and writes the page.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_HTMLREPORT_H
#define SEXTANT_TOOLS_HTMLREPORT_H

#include "format/reader/ExperimentReader.h"
#include "format/pictures/RooflineSvg.h"

#include <string>

namespace sextant {
namespace tool {

/// Writes the report of E to the file Path, replaced atomically
/// (writeOutputFile: only a missing or regular file is replaced). False
/// with a message in Error (also when a file of the experiment the report
/// shows besides the profile is damaged; a trace that cannot be read only
/// leaves the timeline out, with a warning on standard error).
bool writeHtmlReport(const format::Experiment &E, const std::string &Path,
                     std::string &Error);

/// The roofline's ceilings (format/pictures/RooflineSvg.h) from the peaks file
/// PeaksPath, or, when PeaksPath is empty, from the default peaks file of
/// `sextant roofline` if it exists (else none). False with a message in
/// Error when the file cannot be read.
bool readRooflineOptions(const std::string &PeaksPath,
                         format::RooflineSvgOptions &Options,
                         std::string &Error);

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_HTMLREPORT_H
