//===- runtime/metrics/PapiMetricSource.h - PAPI events as metrics --------===//
//
// Part of Sextant. A metric source reading one PAPI event set per thread:
// created when the thread attaches, started at once and read (PAPI_read) at
// every region enter and exit. Any event PAPI accepts can be named: presets
// (PAPI_TOT_INS) and native events (perf::PAGE-FAULTS).
//
// libpapi is loaded with dlopen when SEXTANT_METRICS names a PAPI event,
// never otherwise: programs that do not ask for PAPI metrics do not load it
// (nor its perf_event and component initialization), and both libsextant.so
// and libsextant.a link without it. Only papi.h is needed at build time; a
// build without it reports every PAPI event as unavailable.
//
// Each event is checked on its own at start-up (it must exist, be added to
// an event set and start, which is where the kernel's perf_event_paranoid
// or a missing PMU shows), then all usable events together; an event that
// fails is reported with PAPI's reason and left out, the others measured.
// A name PAPI could not hold (longer than MaxPapiEventNameBytes, or with a
// byte no event name has) is refused before PAPI sees it: PAPI's name lookup
// copies names into fixed-size buffers and aborts the program on a very long
// one.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_METRICS_PAPIMETRICSOURCE_H
#define SEXTANT_RUNTIME_METRICS_PAPIMETRICSOURCE_H

#include "runtime/metrics/MetricSource.h"

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace sextant {
namespace runtime {

/// The longest event name PAPI has (PAPI_HUGE_STR_LEN - 1).
constexpr size_t MaxPapiEventNameBytes = 1023;

/// True when Name may be a PAPI event name: at most MaxPapiEventNameBytes
/// of printable ASCII other than blanks and commas. Otherwise sets Reason.
bool isPossiblePapiEventName(const std::string &Name, std::string &Reason);

/// A source for the usable ones of Events, or null when none is usable;
/// every event left out is appended to Unavailable with its reason. Every
/// name must have passed isPossiblePapiEventName().
/// Multiplex: use PAPI's multiplexing (more events than counters, at the
/// cost of estimated counts).
std::unique_ptr<MetricSource>
createPapiSource(const std::vector<std::string> &Events, bool Multiplex,
                 std::vector<UnavailableMetric> &Unavailable);

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_METRICS_PAPIMETRICSOURCE_H
