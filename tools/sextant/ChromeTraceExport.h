//===- tools/sextant/ChromeTraceExport.h - Trace to Chrome JSON -*- C++ -*-===//
//
// Part of Sextant. Converts the trace of an experiment made with
// SEXTANT_TRACE=1 (trace/thread-<index>.sxt, runtime/TraceFormat.h) into
// the Trace Event JSON format that Perfetto (ui.perfetto.dev) and
// chrome://tracing open. docs/output-formats.md describes the mapping.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_CHROMETRACEEXPORT_H
#define SEXTANT_TOOLS_CHROMETRACEEXPORT_H

#include "ExportSelection.h"

#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>

namespace sextant {
namespace tool {

/// Whether Directory is an MPI job's directory to export as one trace:
/// rank-<r>/ directories and no trace/ of its own.
bool isJobTraceDirectory(const std::string &Directory);

/// What the Chrome export of a selection writes: its events (regions'
/// enters and exits, flow ends, counter samples) and an estimate of its
/// bytes from them (measured bytes per event plus the events' names).
struct ChromeTraceEstimate {
  uint64_t Events = 0;
  uint64_t Bytes = 0;
};

/// Given the estimate before anything is written: the stream to write to,
/// or null with the reason in Error to write nothing.
using ChromeTraceOutput =
    std::function<std::FILE *(const ChromeTraceEstimate &, std::string &)>;

/// Writes the trace of the experiment in ExperimentDir, the part Selection
/// keeps (SelectedEvents.h), as Trace Event JSON to the stream Open gives:
/// "B"/"E" events per region visit (ts in microseconds since the start of
/// the measurement, pid = the process, tid = the thread's index), and "M"
/// metadata naming the process and each thread. Region names come from
/// regions.json. For an MPI job's directory (isJobTraceDirectory): every
/// rank's threads, pid = rank, on rank 0's clock, with a flow event from
/// each send to its matching receive. The events are counted (a pass over
/// the trace files) before Open is called.
///
/// With ShowProgress, progress lines go to stderr. A trace file that ends
/// inside a chunk (the process was killed while writing it) or lacks chunks
/// the runtime could not write is converted up to where it is intact, with
/// a warning on stderr; every region is still closed. Returns false with a
/// message naming the file and what is wrong in Error when the directory or
/// a trace file is damaged or not Sextant's, when Open refuses, or when
/// writing fails (the stream may then hold part of the output).
bool exportChromeTrace(const std::string &ExperimentDir,
                       const ExportSelection &Selection,
                       const ChromeTraceOutput &Open, bool ShowProgress,
                       std::string &Error);

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_CHROMETRACEEXPORT_H
