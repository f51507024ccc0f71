//===- tools/sextant/RooflineCommand.cpp - sextant roofline ---------------===//
//
// Part of Sextant. `sextant roofline --measure-peaks` measures the
// machine's peak FLOP/s and memory bandwidth (RooflinePeaks.h) into the
// peaks file; `sextant roofline DIR` places every region of an experiment
// measured with FLOP and memory-traffic counters on the roofline those peaks
// define: its arithmetic intensity, FLOP/s, the attainable FLOP/s at that
// intensity, and which ceiling bounds it.
//
//===----------------------------------------------------------------------===//

#include "CommandLine.h"
#include "RooflinePeaks.h"
#include "Subcommands.h"
#include "TextFormatting.h"
#include "TextTable.h"
#include "format/reader/ExperimentReader.h"
#include "format/schema/ExperimentSchema.h"
#include "format/profile/FlatProfile.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <thread>

namespace sextant {
namespace tool {

using namespace format;

namespace {

const char RooflineUsage[] =
    "NAME\n"
    "    sextant roofline - place regions on the roofline of the machine\n"
    "\n"
    "SYNOPSIS\n"
    "    sextant roofline --measure-peaks [--peaks=FILE] [--threads=N]\n"
    "                     [--size=MIB] [--repeat=N]\n"
    "    sextant roofline [--peaks=FILE] [--top=N] DIR\n"
    "\n"
    "DESCRIPTION\n"
    "    With --measure-peaks, measures the two ceilings of the roofline\n"
    "    model on this machine with small built-in kernels and writes them\n"
    "    to the peaks file: the peak floating-point rate (64 independent\n"
    "    multiply-add chains per thread, in the widest vector instructions\n"
    "    the CPU has: baseline x86-64, AVX2+FMA or AVX-512) and the peak\n"
    "    memory bandwidth (the STREAM triad over three arrays, 24 bytes per\n"
    "    element). Each kernel runs on every thread at once; the best of\n"
    "    the runs counts.\n"
    "\n"
    "    With DIR, reads the experiment directory of a program measured with\n"
    "    SEXTANT_METRICS naming a floating-point event (PAPI_DP_OPS,\n"
    "    PAPI_FP_OPS or PAPI_SP_OPS) and PAPI_L3_TCM, whose profile.json then\n"
    "    has the derived metrics \"FLOP/s\" and \"arithmetic intensity\", and\n"
    "    prints one row per region (summed over its call paths, inclusive):\n"
    "    arithmetic intensity (FLOP/byte), FLOP/s, the attainable FLOP/s\n"
    "    min(peak FLOP/s, intensity * peak bandwidth), the share of it the\n"
    "    region reached, and whether memory or compute bounds it. These\n"
    "    counters need a CPU whose performance monitoring unit the kernel\n"
    "    exposes to PAPI (not a virtual machine without a PMU).\n"
    "\n"
    "OPTIONS\n";

const char RooflineNotes[] =
    "\n"
    "EXIT STATUS\n"
    "    0 success; 1 the peaks could not be measured or written, the peaks\n"
    "    file or DIR cannot be read, or DIR has no FLOP metrics (the message\n"
    "    says what to measure); 2 usage error.\n"
    "\n"
    "EXAMPLES\n"
    "    sextant roofline --measure-peaks\n"
    "    SEXTANT_METRICS=PAPI_DP_OPS,PAPI_L3_TCM ./solver\n"
    "    sextant roofline sextant-solver-20261121-101500-4242\n";

std::string withUnit(double Value, const char *Unit) {
  static const char *Prefixes[] = {"", "K", "M", "G", "T", "P"};
  int Step = 0;
  while (std::fabs(Value) >= 1000 && Step < 5) {
    Value /= 1000;
    ++Step;
  }
  return formatFixed(Value, 2) + " " + Prefixes[Step] + Unit;
}

int measurePeaks(CommandLine &Line, const std::string &PeaksPath,
                 uint64_t Threads, uint64_t SizeMiB, uint64_t Repeats) {
  if (!Line.positional().empty())
    return Line.usageError("--measure-peaks takes no experiment directory");
  RooflinePeaks Peaks;
  std::string Error;
  if (!measureRooflinePeaks(Threads, SizeMiB << 20, Repeats, Peaks, Error))
    return Line.failure(Error);
  if (!writePeaksFile(PeaksPath, Peaks, Error))
    return Line.failure(Error);
  std::printf(
      "peak FLOP/s:      %s (%llu threads, %s)\n"
      "peak bandwidth:   %s (STREAM triad, 3 x %llu MiB)\n"
      "ridge point:      %s FLOP/byte\n"
      "written to %s\n",
      withUnit(Peaks.FlopsPerSecond, "FLOP/s").c_str(),
      static_cast<unsigned long long>(Peaks.Threads),
      Peaks.Instructions.c_str(), withUnit(Peaks.BytesPerSecond, "B/s").c_str(),
      static_cast<unsigned long long>(Peaks.ArrayBytes >> 20),
      formatFixed(Peaks.FlopsPerSecond / Peaks.BytesPerSecond, 3).c_str(),
      PeaksPath.c_str());
  return ExitSuccess;
}

int placeRegions(CommandLine &Line, const std::string &PeaksPath,
                 uint64_t Top) {
  if (Line.positional().size() != 1)
    return Line.usageError(Line.positional().empty()
                               ? "missing the experiment directory (or "
                                 "--measure-peaks)"
                               : "expected one experiment directory");
  RooflinePeaks Peaks;
  std::string Error;
  if (!format::readRooflinePeaks(PeaksPath, Peaks, Error))
    return Line.failure(Error + "; run sextant roofline --measure-peaks "
                                "first");
  Experiment E;
  if (!readExperiment(Line.positional()[0], E, Error))
    return Line.failure(Error);
  size_t Flops = E.Profile.findMetric("FLOP/s (inc)");
  size_t Intensity = E.Profile.findMetric("arithmetic intensity (inc)");
  if (Flops == CallPathProfile::NoMetric ||
      Intensity == CallPathProfile::NoMetric)
    return Line.failure(
        E.file(files::Profile) +
        " has no \"FLOP/s\" and \"arithmetic intensity\" metrics: measure "
        "with SEXTANT_METRICS=PAPI_DP_OPS,PAPI_L3_TCM (or PAPI_FP_OPS or "
        "PAPI_SP_OPS instead of PAPI_DP_OPS), which needs hardware counters "
        "(see \"not measured\" in sextant report for why they were not)");

  std::vector<FlatRegion> Regions =
      flatProfile(E.Profile, E.Metadata.maximumMetrics());
  Regions.erase(std::remove_if(Regions.begin(), Regions.end(),
                               [&](const FlatRegion &R) {
                                 double Value = R.metric(Flops);
                                 return std::isnan(Value) || !(Value > 0);
                               }),
                Regions.end());
  std::sort(Regions.begin(), Regions.end(),
            [&](const FlatRegion &A, const FlatRegion &B) {
              return A.metric(Flops) > B.metric(Flops);
            });
  double Ridge = Peaks.FlopsPerSecond / Peaks.BytesPerSecond;
  std::string Out;
  Out += "experiment:   " + E.Directory + "\n";
  Out += "peaks:        " + withUnit(Peaks.FlopsPerSecond, "FLOP/s") + ", " +
         withUnit(Peaks.BytesPerSecond, "B/s") + " (ridge point " +
         formatFixed(Ridge, 3) + " FLOP/byte; " + PeaksPath + ", measured " +
         Peaks.MeasuredAt + " on " + Peaks.Host + ")\n\n";
  TextTable Table;
  Table.addColumn("FLOP/byte", TextTable::Align::Right);
  Table.addColumn("GFLOP/s", TextTable::Align::Right);
  Table.addColumn("attainable GFLOP/s", TextTable::Align::Right);
  Table.addColumn("% of roof", TextTable::Align::Right);
  Table.addColumn("bound", TextTable::Align::Left);
  Table.addColumn("name", TextTable::Align::Left);
  for (const FlatRegion &Region : Regions) {
    if (Top != 0 && Table.rows() >= Top)
      break;
    double Rate = Region.metric(Flops);
    double AI = Region.metric(Intensity);
    bool Known = !std::isnan(AI);
    double Attainable =
        Known ? std::min(Peaks.FlopsPerSecond, AI * Peaks.BytesPerSecond)
              : Peaks.FlopsPerSecond;
    Table.addRow({Known ? formatFixed(AI, 3) : "-", formatFixed(Rate / 1e9, 3),
                  formatFixed(Attainable / 1e9, 3),
                  formatFixed(100.0 * Rate / Attainable, 1),
                  !Known       ? "compute (no memory traffic counted)"
                  : AI < Ridge ? "memory"
                               : "compute",
                  Region.Name});
  }
  Out += Regions.empty() ? "(no region performed floating-point operations)\n"
                         : Table.render();
  std::fwrite(Out.data(), 1, Out.size(), stdout);
  return ExitSuccess;
}

} // namespace

int runRooflineCommand(int Argc, char **Argv) {
  bool Measure = false;
  std::string PeaksPath = defaultPeaksPath();
  uint64_t Threads = std::max(1u, std::thread::hardware_concurrency());
  uint64_t SizeMiB = 256, Repeats = 5, Top = 0;
  CommandLine Line("sextant roofline", {RooflineUsage, 24, RooflineNotes});
  Line.addOptions({
      {"measure-peaks", 0, nullptr,
       "measure the peaks and write the peaks file", setFlag(Measure)},
      {"peaks", 0, "FILE",
       "the peaks file (default: $SEXTANT_ROOFLINE_PEAKS,\n"
       "else $XDG_CONFIG_HOME/sextant/roofline-peaks.json,\n"
       "else ~/.config/sextant/roofline-peaks.json)",
       setString(PeaksPath)},
      {"threads", 0, "N",
       "threads of the kernels (default: every hardware\n"
       "thread)",
       setUnsigned(Threads)},
      {"size", 0, "MIB",
       "MiB of each of the three triad arrays (default\n"
       "256; use several times the last-level cache)",
       setUnsigned(SizeMiB)},
      {"repeat", 0, "N", "runs of each kernel, the best counts (default 5)",
       setUnsigned(Repeats)},
      {"top", 0, "N",
       "show the N regions with the most FLOP/s\n"
       "(default: all that performed floating-point\n"
       "operations)",
       setUnsigned(Top)},
  });
  if (Line.parse(Argc, Argv) == CommandLine::Outcome::Exit)
    return Line.exitStatus();
  if (Threads == 0 || SizeMiB == 0 || Repeats == 0)
    return Line.usageError("--threads, --size and --repeat must be positive");
  if (Measure)
    return measurePeaks(Line, PeaksPath, Threads, SizeMiB, Repeats);
  return placeRegions(Line, PeaksPath, Top);
}

} // namespace tool
} // namespace sextant
