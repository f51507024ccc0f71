//===- tools/sextant/ExportCommand.cpp - sextant export -------------------===//
//
// Part of Sextant. `sextant export --format=folded|chrome|otf2|hatchet|
// svg-flamegraph|svg-matrix|svg-roofline|wait-states DIR` converts an
// experiment for other tools: folded stacks for flame graphs (from
// profile.json), Chrome/Perfetto Trace Event JSON (from the trace, by
// exportChromeTrace), an OTF2 archive (exportOtf2Trace, in builds with the OTF2
// library), Hatchet's GraphFrame JSON (by exportHatchet), or pictures: the
// flame graph and an MPI job's communication matrix as SVG (SvgExport.h), the
// roofline of a profile with FLOP metrics (format/pictures/RooflineSvg.h), or
// the wait states of a traced MPI job as JSON (WaitStateReading.h). Long
// exports show their progress on standard error. The trace exports take a
// selection (ExportSelection.h: --from/--to, --ranks, --threads,
// --min-duration), and the Chrome export refuses to write more than --max-size,
// estimated first.
//
//===----------------------------------------------------------------------===//

#include "ChromeTraceExport.h"
#include "CommandLine.h"
#include "ExportSelection.h"
#include "HatchetExport.h"
#include "HtmlReport.h"
#include "Otf2Export.h"
#include "ProgressMeter.h"
#include "Subcommands.h"
#include "SvgExport.h"
#include "TraceInput.h"
#include "WaitStateReading.h"
#include "common/OutputFile.h"
#include "format/job/WaitStatesJson.h"
#include "format/pictures/RooflineSvg.h"
#include "format/profile/FoldedStacks.h"
#include "format/reader/ExperimentReader.h"
#include "format/schema/ExperimentSchema.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

namespace sextant {
namespace tool {

using namespace format;

namespace {

const char ExportUsage[] =
    "NAME\n"
    "    sextant export - convert an experiment for other tools\n"
    "\n"
    "SYNOPSIS\n"
    "    sextant export --format=folded [--metric=time|visits] [-o FILE]\n"
    "                   [--progress|--no-progress] DIR\n"
    "    sextant export --format=chrome [-o FILE] [SELECTION] "
    "[--max-size=SIZE]\n"
    "                   [--progress|--no-progress] DIR\n"
    "    sextant export --format=otf2 -o ARCHIVE_DIR [--force] [SELECTION]\n"
    "                   [--progress|--no-progress] DIR\n"
    "    SELECTION: [--from=TIME] [--to=TIME] [--ranks=LIST] [--threads=LIST]\n"
    "               [--min-duration=TIME]\n"
    "    sextant export --format=hatchet [-o FILE [--force]] DIR\n"
    "    sextant export --format=svg-flamegraph [--metric=METRIC] [-o FILE]\n"
    "                   DIR\n"
    "    sextant export --format=svg-matrix [--metric=bytes|messages]\n"
    "                   [--library=NAME] [-o FILE] DIR\n"
    "    sextant export --format=svg-roofline [--peaks=FILE] [-o FILE] DIR\n"
    "    sextant export --format=wait-states [-o FILE] JOBDIR\n"
    "\n"
    "DESCRIPTION\n"
    "    --format=folded writes the call-path profile (profile.json) as\n"
    "    folded stacks for flame-graph tools (flamegraph.pl, inferno,\n"
    "    speedscope): one line 'a;b;c VALUE' per call path, frames from the\n"
    "    outermost call, VALUE the path's exclusive time in whole\n"
    "    microseconds (--metric=time) or its visits (--metric=visits). Call\n"
    "    paths whose value is 0 are left out; in names ';' becomes ':'.\n"
    "\n"
    "    --format=chrome writes the trace of a run made with SEXTANT_TRACE=1\n"
    "    as Chrome Trace Event JSON, which Perfetto (ui.perfetto.dev) and\n"
    "    chrome://tracing open: pid is the process, tid the thread, with\n"
    "    process and thread names. Given an MPI job's directory (rank-<r>/\n"
    "    directories), it writes one trace of the whole job: pid is the\n"
    "    rank, every rank's events on rank 0's clock (synchronised at\n"
    "    MPI_Init and MPI_Finalize), and each point-to-point message a flow\n"
    "    from its send to its receive.\n"
    "\n"
    "    Before it writes, the Chrome export counts the events it will write\n"
    "    and estimates the file's size from them; above --max-size (default\n"
    "    512M) it refuses and writes nothing, above half of it it warns;\n"
    "    --progress prints the estimate. chrome://tracing cannot open more\n"
    "    than about 512 MiB of JSON, the Perfetto UI in a browser is limited\n"
    "    by the browser's memory (Perfetto documents 2 GB as typical; a JSON\n"
    "    trace takes more in memory than on disk); a larger trace opens with\n"
    "    `trace_processor --httpd FILE` and ui.perfetto.dev, or as OTF2 in\n"
    "    Vampir. SELECTION exports less (chrome and otf2): a time window\n"
    "    (--from/--to: frames that overlap it are clipped to it, records and\n"
    "    samples outside it left out), some ranks of a job (--ranks: the\n"
    "    messages with a rank left out have no flow, a note counts them) or\n"
    "    threads (--threads, thread indices as tid), the frames of at least\n"
    "    --min-duration (shorter ones are left out with what they call).\n"
    "\n"
    "    --format=otf2 writes the same trace (of a process or of a whole MPI\n"
    "    job, on the same time base) as an OTF2 archive, which Vampir and\n"
    "    Scalasca read: ARCHIVE_DIR/traces.otf2 with a location per thread,\n"
    "    regions with their source lines, MPI sends and receives, and the\n"
    "    SEXTANT_METRICS samples. Only in builds with the OTF2 library.\n"
    "\n"
    "    --format=hatchet writes the per-thread profiles\n"
    "    (profile-threads.json) as the JSON of Hatchet's GraphFrame.to_json,\n"
    "    read by hatchet.GraphFrame.from_json: one row per call path, rank\n"
    "    and thread, with the run's metadata. Given an MPI job's directory,\n"
    "    every rank-<r>/ is read; ranks that are missing or unreadable are\n"
    "    named in warnings and left out.\n"
    "\n"
    "    --format=svg-flamegraph draws the flame graph of the call-path\n"
    "    profile as an SVG picture, made from the same folded stacks as\n"
    "    --format=folded the way flamegraph.pl makes it: a frame's width is\n"
    "    its inclusive time (--metric=time), its visits and those of the\n"
    "    calls above it (--metric=visits), or any additive metric of the\n"
    "    profile summed the same way (--metric=NAME, e.g. cpu-time);\n"
    "    frames narrower than 0.1 pixels are left out; each frame's tooltip\n"
    "    gives its name, value and percent; colours follow the name.\n"
    "\n"
    "    --format=svg-matrix draws the point-to-point communication matrix\n"
    "    of an MPI job (the job's mpi.json) as a heat map: row = sender,\n"
    "    column = receiver, bytes (default) or messages (--metric=messages).\n"
    "    With --library=NAME, the matrix of a library measured through a\n"
    "    wrapper (e.g. shmem: OpenSHMEM's PE-to-PE puts and atomics) from\n"
    "    the job's library-NAME.json, which `sextant combine` writes.\n"
    "\n"
    "    --format=svg-roofline draws the regions `sextant roofline DIR` lists\n"
    "    (those with floating-point operations, from SEXTANT_METRICS with a\n"
    "    FLOP event and PAPI_L3_TCM) as points at their arithmetic intensity\n"
    "    and FLOP/s, both axes logarithmic, under the memory and compute\n"
    "    roofs of the peaks file (sextant roofline --measure-peaks); without\n"
    "    a peaks file only the points are drawn.\n"
    "\n"
    "    --format=wait-states writes the wait states of a traced MPI job\n"
    "    (SEXTANT_TRACE=1) as JSON: the seconds each rank's MPI calls spent\n"
    "    waiting for another rank (late sender, late receiver, wait at\n"
    "    barrier, wait at N x N, late broadcast, early reduce) per kind,\n"
    "    rank and call path, the totals per kind and what could not be\n"
    "    matched (docs/output-formats.md); `sextant report --wait-states`\n"
    "    shows them as text.\n"
    "\n"
    "OPTIONS\n";

const char ExportNotes[] =
    "\n"
    "EXIT STATUS\n"
    "    0 success, 1 DIR is not a readable experiment (or has no trace,\n"
    "    or lacks a rank or thread of --ranks or --threads), the Chrome\n"
    "    export would be larger than --max-size,\n"
    "    FILE or ARCHIVE_DIR cannot be written or is refused (not a regular\n"
    "    file, or inside DIR; FILE is then left as it was), ARCHIVE_DIR is\n"
    "    not empty (without --force) or not an archive of sextant export\n"
    "    (with it), or this build has no OTF2 support, 2 usage error.\n"
    "\n"
    "EXAMPLES\n"
    "    sextant export --format=folded run1 | flamegraph.pl > run1.svg\n"
    "    sextant export --format=folded --metric=visits -o run1.folded run1\n"
    "    sextant export --format=chrome -o run1.trace.json run1\n"
    "    sextant export --format=chrome -o job.trace.json jobdir\n"
    "    sextant export --format=chrome --from=1.5s --to=2s --ranks=0-3\n"
    "                   --min-duration=10us -o part.json jobdir\n"
    "    sextant export --format=otf2 -o job-otf2 jobdir\n"
    "    sextant export --format=hatchet -o job.hatchet.json jobdir\n"
    "    sextant export --format=svg-flamegraph -o run1.svg run1\n"
    "    sextant export --format=svg-matrix --metric=messages -o m.svg "
    "jobdir\n"
    "    sextant export --format=svg-matrix --library=shmem -o pe.svg jobdir\n"
    "    sextant export --format=svg-roofline -o roofline.svg run1\n";

enum class ExportFormat {
  None,
  Folded,
  Chrome,
  Otf2,
  Hatchet,
  SvgFlameGraph,
  SvgMatrix,
  SvgRoofline,
  WaitStates
};

int exportFolded(const CommandLine &Line, const std::string &Directory,
                 FoldedMetric Metric, const std::string &OutputPath,
                 ProgressMeter &Meter) {
  Experiment E;
  std::string Error;
  ReadProgress Reading;
  if (Meter.active())
    Reading = [&](const std::string &File, uint64_t Done, uint64_t Total) {
      size_t Slash = File.rfind('/');
      Meter.update("reading " + File.substr(Slash + 1), Done, Total, true);
    };
  if (!readExperiment(Directory, E, Error, Reading))
    return Line.failure(Error);
  OutputFile Output;
  if (!Output.open(OutputPath, ExistingOutput::Replace, Error))
    return Line.failure(Error);
  FoldedProgress Writing;
  if (Meter.active())
    Writing = [&](uint64_t Done, uint64_t Total) {
      Meter.update("writing call paths", Done, Total, false);
    };
  std::FILE *Stream = Output.stream();
  auto WriteLine = [Stream](const std::string &Text) {
    return std::fwrite(Text.data(), 1, Text.size(), Stream) == Text.size();
  };
  if (!writeFoldedStacks(E.Profile, Metric, WriteLine, Writing)) {
    Error = std::strerror(errno);
    Output.discard();
    return Line.failure("cannot write '" +
                        (OutputPath.empty() ? "standard output" : OutputPath) +
                        "': " + Error);
  }
  Meter.finish();
  if (!Output.commit(Error))
    return Line.failure(Error);
  return ExitSuccess;
}

/// Writes the SVG picture Svg to OutputPath (standard output when empty).
int writeSvg(const CommandLine &Line, const std::string &Svg,
             const std::string &OutputPath) {
  std::string Error;
  if (!writeOutputFile(OutputPath, Svg, ExistingOutput::Replace, Error))
    return Line.failure(Error);
  return ExitSuccess;
}

/// The roofline of E: with the peaks of PeaksPath, or of the default peaks
/// file when it exists (PeaksPath empty).
int exportRoofline(const CommandLine &Line, const Experiment &E,
                   const std::string &PeaksPath,
                   const std::string &OutputPath) {
  if (!hasRooflineMetrics(E.Profile))
    return Line.failure(
        E.file(files::Profile) +
        " has no \"FLOP/s\" and \"arithmetic intensity\" metrics: measure "
        "with SEXTANT_METRICS=PAPI_DP_OPS,PAPI_L3_TCM (see sextant roofline "
        "--help)");
  RooflineSvgOptions Options;
  std::string Error;
  if (!readRooflineOptions(PeaksPath, Options, Error))
    return Line.failure(Error);
  Options.Title = "Roofline: " + E.Metadata.Program;
  return writeSvg(
      Line,
      renderRooflineSvg(rooflinePoints(E.Profile, E.Metadata.maximumMetrics()),
                        Options),
      OutputPath);
}

int exportSvg(const CommandLine &Line, const std::string &Directory,
              ExportFormat Format, const std::string &Metric,
              const std::string &Library, const std::string &PeaksPath,
              const std::string &OutputPath) {
  std::string Svg, Error;
  if (Format == ExportFormat::SvgMatrix) {
    if (!matrixSvg(Directory, Metric == "messages", Library, Svg, Error))
      return Line.failure(Error);
    return writeSvg(Line, Svg, OutputPath);
  }
  Experiment E;
  if (!readExperiment(Directory, E, Error))
    return Line.failure(Error);
  if (Format == ExportFormat::SvgRoofline)
    return exportRoofline(Line, E, PeaksPath, OutputPath);
  FlameGraphMetric Chosen;
  if (!chooseFlameGraphMetric(E, Metric, Chosen, Error))
    return Line.usageError(Error);
  return writeSvg(Line, flameGraphSvg(E, Chosen), OutputPath);
}

/// The wait states of the job in Directory as JSON, to OutputPath
/// (standard output when empty).
int exportWaitStates(const CommandLine &Line, const std::string &Directory,
                     const std::string &OutputPath, ProgressMeter &Meter) {
  bool ShowProgress = Meter.active();
  Meter.finish(); // the reading prints its own progress
  std::string Error, Text;
  bool Read = catchExportErrors(Directory, Error, [&] {
    std::string Program;
    WaitStates W = readJobWaitStates(Directory, ShowProgress, Program);
    Text = waitStatesJson(W, Program)
               .dump(1, ' ', false, nlohmann::json::error_handler_t::replace) +
           "\n";
  });
  if (!Read)
    return Line.failure(Error);
  if (!writeOutputFile(OutputPath, Text, ExistingOutput::Replace, Error))
    return Line.failure(Error);
  return ExitSuccess;
}

/// The options that select part of a trace, and the Chrome export's size
/// limit.
struct TraceOptions {
  ExportSelection Selection;
  uint64_t MaxSize = DefaultMaxExportBytes;
  /// Which of them were given, for the usage errors.
  std::vector<std::string> Given;
  bool MaxSizeGiven = false;
};

/// Checks the estimate of a Chrome export against --max-size: false with
/// the message in Error above it; a warning above half of it, a note with
/// --progress.
bool checkChromeSize(const ChromeTraceEstimate &Estimate, uint64_t MaxSize,
                     bool ShowProgress, const CommandLine &Line,
                     std::string &Error) {
  std::string Size = "about " + byteSizeText(Estimate.Bytes) +
                     " of Chrome JSON (" + countText(Estimate.Events) +
                     " events)";
  if (MaxSize != 0 && Estimate.Bytes > MaxSize) {
    Error = "the export would write " + Size + ", more than the limit of " +
            byteSizeText(MaxSize) +
            " (--max-size, default 512M); export less with --from/--to, "
            "--ranks, --threads or --min-duration, or raise --max-size (0: "
            "no limit)";
    return false;
  }
  if (MaxSize != 0 && Estimate.Bytes > MaxSize / 2)
    Line.warning("writing " + Size + ", more than half of the limit of " +
                 byteSizeText(MaxSize) +
                 " (--max-size); a viewer in a browser may fail to open it "
                 "(see sextant export --help)");
  else if (ShowProgress)
    noteRunningCommand("writing " + Size);
  return true;
}

int exportChrome(const CommandLine &Line, const std::string &Directory,
                 const std::string &OutputPath, const TraceOptions &Options,
                 ProgressMeter &Meter) {
  // The directory's own files are checked first, with the same messages as
  // every other command.
  ExperimentMetadata Metadata;
  std::string Error;
  if (!isJobTraceDirectory(Directory) &&
      !readExperimentMetadata(Directory, Metadata, Error))
    return Line.failure(Error);
  OutputFile Output;
  if (!Output.open(OutputPath, ExistingOutput::Replace, Error))
    return Line.failure(Error);
  bool ShowProgress = Meter.active();
  Meter.finish(); // the exporter prints its own progress
  auto Open = [&](const ChromeTraceEstimate &Estimate,
                  std::string &Refusal) -> std::FILE * {
    if (!checkChromeSize(Estimate, Options.MaxSize, ShowProgress, Line,
                         Refusal))
      return nullptr;
    return Output.stream();
  };
  if (!exportChromeTrace(Directory, Options.Selection, Open, ShowProgress,
                         Error)) {
    Output.discard();
    return Line.failure(Error);
  }
  if (!Output.commit(Error))
    return Line.failure(Error);
  return ExitSuccess;
}

int exportOtf2(const CommandLine &Line, const std::string &Directory,
               const std::string &ArchiveDir, bool Force,
               const ExportSelection &Selection, ProgressMeter &Meter) {
  ExperimentMetadata Metadata;
  std::string Error;
  if (!isJobTraceDirectory(Directory) &&
      !readExperimentMetadata(Directory, Metadata, Error))
    return Line.failure(Error);
#ifdef SEXTANT_HAVE_OTF2
  bool ShowProgress = Meter.active();
  Meter.finish(); // the exporter prints its own progress
  if (!exportOtf2Trace(Directory, ArchiveDir, Force, Selection, ShowProgress,
                       Error))
    return Line.failure(Error);
  return ExitSuccess;
#else
  (void)ArchiveDir;
  (void)Force;
  (void)Selection;
  (void)Meter;
  return Line.failure(
      "this build of sextant has no OTF2 support (the OTF2 library was not "
      "found when it was configured; Debian: apt-get install "
      "libotf2-trace-dev, then configure and build again)");
#endif
}

/// The option of TraceOptions that sets a time of the selection.
OptionAction setTraceTime(TraceOptions &Options, const char *Name,
                          double &Target) {
  return [&Options, Name, &Target](const std::string &Value,
                                   std::string &Error) {
    double Seconds = 0;
    if (!parseSecondsValue(Value, Seconds)) {
      Error = "expected a non-negative time (seconds, or with a unit: 1.5s, "
              "200ms, 50us, 100ns), got '" +
              Value + "'";
      return false;
    }
    Target = Seconds * 1e9;
    Options.Given.push_back(Name);
    return true;
  };
}

/// The option of TraceOptions that sets a list of ranks or threads.
OptionAction setIndexList(TraceOptions &Options, const char *Name,
                          std::vector<uint32_t> &Target) {
  return
      [&Options, Name, &Target](const std::string &Value, std::string &Error) {
        if (!parseIndexList(Value, Target, Error))
          return false;
        Options.Given.push_back(Name);
        return true;
      };
}

bool parseExportFormat(const std::string &Value, ExportFormat &Format,
                       std::string &Error) {
  static const std::pair<const char *, ExportFormat> Formats[] = {
      {"folded", ExportFormat::Folded},
      {"chrome", ExportFormat::Chrome},
      {"otf2", ExportFormat::Otf2},
      {"hatchet", ExportFormat::Hatchet},
      {"svg-flamegraph", ExportFormat::SvgFlameGraph},
      {"svg-matrix", ExportFormat::SvgMatrix},
      {"svg-roofline", ExportFormat::SvgRoofline},
      {"wait-states", ExportFormat::WaitStates}};
  if (parseChoiceValue(Formats, Value, Format))
    return true;
  Error = "unknown format '" + Value +
          "' (expected folded, chrome, otf2, hatchet, "
          "svg-flamegraph, svg-matrix, svg-roofline or wait-states)";
  return false;
}

} // namespace

int runExportCommand(int Argc, char **Argv) {
  ExportFormat Format = ExportFormat::None;
  FoldedMetric Metric = FoldedMetric::ExclusiveMicroseconds;
  bool MetricGiven = false, Progress = false, NoProgress = false, Force = false;
  std::string OutputPath, MetricName, PeaksPath, Library;
  TraceOptions Trace;
  CommandLine Line("sextant export", {ExportUsage, 24, ExportNotes});
  Line.addOptions({
      {"format", 0, "FORMAT",
       "folded, chrome, otf2, hatchet, svg-flamegraph,\n"
       "svg-matrix, svg-roofline or wait-states\n"
       "(required)",
       [&Format](const std::string &Value, std::string &Error) {
         return parseExportFormat(Value, Format, Error);
       }},
      {"metric", 0, "METRIC",
       "folded: time (default) or visits;\n"
       "svg-flamegraph: time (default), visits or an\n"
       "additive metric of the profile; svg-matrix:\n"
       "bytes (default) or messages",
       [&](const std::string &Value, std::string &) {
         MetricGiven = true;
         MetricName = Value;
         return true;
       }},
      {"library", 0, "NAME", "svg-matrix: the matrix of wrapped library NAME",
       setString(Library)},
      {"peaks", 0, "FILE",
       "svg-roofline: the peaks file (default:\n"
       "that of sextant roofline, used when it exists)",
       setString(PeaksPath)},
      {"output", 'o', "FILE",
       "write to FILE (default: standard output),\n"
       "through a temporary beside it renamed over it\n"
       "when complete; refused when FILE is not a\n"
       "regular file or is inside DIR; otf2: the\n"
       "archive's directory (required), written the\n"
       "same way",
       setString(OutputPath)},
      {"force", 0, nullptr,
       "otf2: replace an ARCHIVE_DIR that is an OTF2\n"
       "archive of sextant export; hatchet: replace a\n"
       "FILE that exists (refused otherwise)",
       setFlag(Force)},
      {"from", 0, "TIME",
       "chrome, otf2: export from TIME on (seconds\n"
       "since the start of the measurement, or with a\n"
       "unit: 1.5s, 200ms, 50us); frames that overlap\n"
       "the window are clipped to it",
       setTraceTime(Trace, "--from", Trace.Selection.From)},
      {"to", 0, "TIME", "chrome, otf2: export up to TIME (as --from)",
       setTraceTime(Trace, "--to", Trace.Selection.To)},
      {"ranks", 0, "LIST",
       "chrome, otf2: the ranks of an MPI job to\n"
       "export, e.g. 0,2-3 (default: all)",
       setIndexList(Trace, "--ranks", Trace.Selection.Ranks)},
      {"threads", 0, "LIST",
       "chrome, otf2: the threads (indices, as tid) to\n"
       "export, e.g. 0-1 (default: all)",
       setIndexList(Trace, "--threads", Trace.Selection.Threads)},
      {"min-duration", 0, "TIME",
       "chrome, otf2: leave out the frames shorter than\n"
       "TIME (as --from) and what they call; their\n"
       "time stays in their caller",
       setTraceTime(Trace, "--min-duration", Trace.Selection.MinDuration)},
      {"max-size", 0, "SIZE",
       "chrome: refuse to write more than SIZE bytes\n"
       "(estimated before writing; K, M, G: KiB, MiB,\n"
       "GiB; 0: no limit; default 512M)",
       [&Trace](const std::string &Value, std::string &Error) {
         if (!parseByteSize(Value, Trace.MaxSize)) {
           Error = "expected a size in bytes, optionally with K, M or G "
                   "(e.g. 200M), got '" +
                   Value + "'";
           return false;
         }
         Trace.MaxSizeGiven = true;
         return true;
       }},
      {"progress", 0, nullptr,
       "show progress on standard error (chrome: also\n"
       "the estimated size)",
       setFlag(Progress)},
      {"no-progress", 0, nullptr,
       "never show progress (default: shown when\n"
       "standard error is a terminal and the export\n"
       "takes longer than half a second)",
       setFlag(NoProgress)},
  });
  if (Line.parse(Argc, Argv) == CommandLine::Outcome::Exit)
    return Line.exitStatus();
  if (Format == ExportFormat::None)
    return Line.usageError(
        "missing --format=folded, --format=chrome, --format=otf2, "
        "--format=hatchet, --format=svg-flamegraph, --format=svg-matrix, "
        "--format=svg-roofline or --format=wait-states");
  if (MetricGiven && Format != ExportFormat::Folded &&
      Format != ExportFormat::SvgFlameGraph &&
      Format != ExportFormat::SvgMatrix)
    return Line.usageError("--metric applies to --format=folded, "
                           "svg-flamegraph and svg-matrix only");
  if (Format == ExportFormat::Folded && MetricGiven) {
    if (MetricName == "visits")
      Metric = FoldedMetric::Visits;
    else if (MetricName != "time")
      return Line.usageError("--metric: unknown metric '" + MetricName +
                             "' (expected time or visits)");
  }
  if (Format == ExportFormat::SvgMatrix && MetricGiven &&
      MetricName != "bytes" && MetricName != "messages")
    return Line.usageError("--metric: unknown metric '" + MetricName +
                           "' (expected bytes or messages)");
  if (!Library.empty() && Format != ExportFormat::SvgMatrix)
    return Line.usageError("--library applies to --format=svg-matrix only");
  if (!PeaksPath.empty() && Format != ExportFormat::SvgRoofline)
    return Line.usageError("--peaks applies to --format=svg-roofline only");
  if (Force && Format != ExportFormat::Otf2 && Format != ExportFormat::Hatchet)
    return Line.usageError("--force applies to --format=otf2 and "
                           "--format=hatchet only");
  if (Format == ExportFormat::Otf2 && OutputPath.empty())
    return Line.usageError("--format=otf2 needs -o ARCHIVE_DIR");
  if (!Trace.Given.empty() && Format != ExportFormat::Chrome &&
      Format != ExportFormat::Otf2)
    return Line.usageError(Trace.Given.front() +
                           " applies to --format=chrome and --format=otf2 "
                           "only");
  if (Trace.MaxSizeGiven && Format != ExportFormat::Chrome)
    return Line.usageError("--max-size applies to --format=chrome only");
  if (Trace.Selection.To <= Trace.Selection.From)
    return Line.usageError("--to must be later than --from");
  if (Progress && NoProgress)
    return Line.usageError("--progress and --no-progress exclude each other");
  if (Line.positional().size() != 1)
    return Line.usageError(Line.positional().empty()
                               ? "missing the experiment directory"
                               : "expected one experiment directory");

  ProgressMeter Meter("sextant export", NoProgress ? ProgressMeter::Mode::Off
                                        : Progress
                                            ? ProgressMeter::Mode::On
                                            : ProgressMeter::Mode::Automatic);
  const std::string &Directory = Line.positional()[0];
  std::string Inside = outputInsideInput(OutputPath, Directory);
  if (!Inside.empty())
    return Line.failure(Inside);
  if (Format == ExportFormat::Hatchet) {
    std::string Error;
    if (!exportHatchet(
            Directory, OutputPath, Force,
            [&](const std::string &Message) { Line.warning(Message); }, Error))
      return Line.failure(Error);
    return ExitSuccess;
  }
  if (Format == ExportFormat::SvgFlameGraph ||
      Format == ExportFormat::SvgMatrix || Format == ExportFormat::SvgRoofline)
    return exportSvg(Line, Directory, Format, MetricName, Library, PeaksPath,
                     OutputPath);
  if (Format == ExportFormat::WaitStates)
    return exportWaitStates(Line, Directory, OutputPath, Meter);
  if (Format == ExportFormat::Folded)
    return exportFolded(Line, Directory, Metric, OutputPath, Meter);
  if (Format == ExportFormat::Otf2)
    return exportOtf2(Line, Directory, OutputPath, Force, Trace.Selection,
                      Meter);
  return exportChrome(Line, Directory, OutputPath, Trace, Meter);
}

} // namespace tool
} // namespace sextant
