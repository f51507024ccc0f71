//===- tools/sextant/ScoreCommand.cpp - sextant score ---------------------===//
//
// Part of Sextant. `sextant score DIR` prints, per region, the visits, the
// time, the time per visit and the estimated measurement overhead and trace
// size, sorted by overhead, with a total line (like scorep-score).
// `sextant score -g DIR` instead writes a Score-P filter that excludes the
// regions with many visits and little time per visit. Region names are
// printed with their control bytes escaped (common/MessageText.h), one row
// per region.
//
//===----------------------------------------------------------------------===//

#include "CommandLine.h"
#include "GeneratedFilter.h"
#include "RegionScore.h"
#include "Subcommands.h"
#include "TextFormatting.h"
#include "TextTable.h"
#include "common/MessageText.h"
#include "common/OutputFile.h"
#include "format/reader/ExperimentReader.h"

#include <cstdio>
#include <cstring>

namespace sextant {
namespace tool {

using namespace format;

namespace {

const char ScoreUsage[] =
    "NAME\n"
    "    sextant score - estimate measurement overhead and trace size, and\n"
    "    generate filters\n"
    "\n"
    "SYNOPSIS\n"
    "    sextant score [--min-visits=N] [--max-time-per-visit=SECONDS]\n"
    "                  [--bytes-per-event=N] [--name-width=N] DIR\n"
    "    sextant score -g [-o FILE] [--min-visits=N]\n"
    "                  [--max-time-per-visit=SECONDS] DIR\n"
    "\n"
    "DESCRIPTION\n"
    "    Reads the experiment directory DIR and prints one row per region\n"
    "    that was entered: visits, exclusive time and its share, inclusive\n"
    "    time per visit, the estimated measurement overhead (visits times the\n"
    "    cost of one enter+exit pair) and its share of the wall time, and the\n"
    "    estimated size of a trace (two events per visit times the bytes per\n"
    "    event). Rows are sorted by estimated overhead; a total line ends the\n"
    "    table. The cost of a pair is the one the runtime measured at\n"
    "    start-up (experiment.json \"event_pair_cost_seconds\"); experiments\n"
    "    without it use 50 ns, and the header says so.\n"
    "\n"
    "    The flags column marks F: a filter generated with -g and the same\n"
    "    thresholds excludes the region; T: the runtime throttled the region\n"
    "    (disarmed it for many short visits), so its visits stopped counting\n"
    "    then and its figures are lower bounds.\n"
    "\n"
    "    With -g, writes instead a Score-P filter file that excludes every\n"
    "    region with at least --min-visits visits and at most\n"
    "    --max-time-per-visit inclusive seconds per visit, and every region\n"
    "    the runtime throttled (regions of the user API are never excluded).\n"
    "    Each rule is 'EXCLUDE MANGLED <linkage name>' with the display name\n"
    "    in a comment above it; a header comment records the command, the\n"
    "    date and the thresholds. The rules stand in two blocks. The first\n"
    "    excludes functions the compiler instrumented: recompile with\n"
    "    'clang -mllvm -sextant-filter=FILE' and they are gone (or run with\n"
    "    SEXTANT_FILTER=FILE). The second excludes regions the runtime\n"
    "    creates (OpenMP constructs, MPI functions, wrapped library\n"
    "    functions), which no recompile removes: run with\n"
    "    SEXTANT_FILTER=FILE.\n"
    "\n"
    "OPTIONS\n";

const char ScoreNotes[] =
    "\n"
    "EXIT STATUS\n"
    "    0 success, 1 DIR is not a readable experiment or FILE cannot be\n"
    "    written, 2 usage error.\n"
    "\n"
    "EXAMPLES\n"
    "    sextant score run1\n"
    "    sextant score -g -o app.filt run1 && sextant filter check app.filt\n"
    "    sextant score -g --min-visits=1000 --max-time-per-visit=200ns run1\n";

std::string formatBytes(double Bytes) {
  static const char *const Units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  size_t Unit = 0;
  while (Bytes >= 1024.0 && Unit + 1 < sizeof(Units) / sizeof(Units[0])) {
    Bytes /= 1024.0;
    ++Unit;
  }
  return Unit == 0 ? formatFixed(Bytes, 0) + " B"
                   : formatFixed(Bytes, 1) + " " + Units[Unit];
}

std::string percent(double Part, double Whole) {
  return formatFixed(Whole > 0 ? 100.0 * Part / Whole : 0.0, 2);
}

std::string renderScore(const Experiment &E, const CostModel &Model,
                        const FilterThresholds &Thresholds,
                        const std::vector<RegionScore> &Scores,
                        uint64_t NameWidth) {
  const double Wall = E.Metadata.WallSeconds;
  std::string Out;
  Out += "experiment:     " + E.Directory + "\n";
  Out += "program:        " + E.Metadata.Program + "\n";
  Out += "wall time:      " + formatFixed(Wall, 6) + " s\n";
  Out += "cost per pair:  " + formatFixed(Model.EventPairCostSeconds * 1e9, 1) +
         " ns per enter+exit (" + Model.PairCostSource + ")\n";
  Out += "trace event:    " + formatGeneral(Model.TraceBytesPerEvent, 3) +
         " bytes (" + Model.TraceBytesSource + ")\n";
  Out += "filter (-g):    at least " + std::to_string(Thresholds.MinVisits) +
         " visits and at most " +
         formatGeneral(Thresholds.MaxTimePerVisit * 1e6, 6) +
         " us per visit, or throttled\n\n";

  TextTable Table;
  Table.addColumn("flags", TextTable::Align::Left);
  Table.addColumn("visits", TextTable::Align::Right);
  Table.addColumn("excl s", TextTable::Align::Right);
  Table.addColumn("excl %", TextTable::Align::Right);
  Table.addColumn("incl us/visit", TextTable::Align::Right);
  Table.addColumn("overhead s", TextTable::Align::Right);
  Table.addColumn("overhead %", TextTable::Align::Right);
  Table.addColumn("trace size", TextTable::Align::Right);
  Table.addColumn("region", TextTable::Align::Left);
  double TotalExclusive = E.Profile.totalExclusiveSeconds();
  uint64_t TotalVisits = 0;
  double TotalOverhead = 0, TotalTrace = 0;
  size_t Excluded = 0;
  for (const RegionScore &Score : Scores) {
    // A name with a line break (a user region may have any name) stays on
    // its row: control bytes are shown as \xNN.
    std::string Escaped;
    appendEscaped(Escaped, Score.Name);
    std::string Name = shortenName(Escaped, NameWidth);
    std::string Library = E.libraryOf(Score.RegionId);
    if (!Library.empty()) {
      Name += " [";
      appendEscaped(Name, Library);
      Name += "]";
    }
    std::string Flags = std::string(Score.ExcludedByFilter ? "F" : "") +
                        (Score.Throttled ? "T" : "");
    Table.addRow({Flags, std::to_string(Score.Visits),
                  formatFixed(Score.ExclusiveSeconds, 6),
                  percent(Score.ExclusiveSeconds, TotalExclusive),
                  formatFixed(Score.inclusivePerVisit() * 1e6, 3),
                  formatFixed(Score.OverheadSeconds, 6),
                  percent(Score.OverheadSeconds, Wall),
                  formatBytes(Score.TraceBytes), Name});
    TotalVisits += Score.Visits;
    TotalOverhead += Score.OverheadSeconds;
    TotalTrace += Score.TraceBytes;
    Excluded += Score.ExcludedByFilter && filterPatternCanHold(Score.Mangled);
  }
  Table.addRow({"", std::to_string(TotalVisits), formatFixed(TotalExclusive, 6),
                percent(TotalExclusive, TotalExclusive), "",
                formatFixed(TotalOverhead, 6), percent(TotalOverhead, Wall),
                formatBytes(TotalTrace), "(total)"});
  Out += Table.render();
  Out += "\nflags: F excluded by 'sextant score -g' with these thresholds (" +
         std::to_string(Excluded) + (Excluded == 1 ? " region" : " regions") +
         "); T throttled by the runtime (figures are lower bounds)\n";
  Out += "overhead and trace size are estimates: visits x cost per pair, "
         "2 events per visit x bytes per event\n";
  return Out;
}

} // namespace

int runScoreCommand(int Argc, char **Argv) {
  FilterThresholds Thresholds;
  bool Generate = false;
  std::string OutputFile;
  uint64_t NameWidth = 0, BytesPerEvent = 0;
  bool BytesGiven = false;
  CommandLine Line("sextant score", {ScoreUsage, 33, ScoreNotes});
  Line.addOptions({
      {"generate-filter", 'g', nullptr,
       "write a filter file instead of the table", setFlag(Generate)},
      {"output", 'o', "FILE",
       "with -g: write the filter to FILE\n"
       "(default: standard output)",
       setString(OutputFile)},
      {"min-visits", 0, "N",
       "filter threshold: at least N visits\n"
       "(default 10000)",
       setUnsigned(Thresholds.MinVisits)},
      {"max-time-per-visit", 0, "SECONDS",
       "filter threshold: at most SECONDS\n"
       "inclusive time per visit (default 1us;\n"
       "a unit may follow: 500ns, 2us, 1ms)",
       setSeconds(Thresholds.MaxTimePerVisit)},
      {"bytes-per-event", 0, "N",
       "trace bytes per event for the estimate\n"
       "(default 8, the design budget of the\n"
       "trace encoding)",
       [&](const std::string &Value, std::string &Error) {
         if (parseUnsignedValue(Value, BytesPerEvent) && BytesPerEvent > 0) {
           BytesGiven = true;
           return true;
         }
         Error = "expected a positive integer, got '" + Value + "'";
         return false;
       }},
      {"name-width", 0, "N",
       "shorten names longer than N characters\n"
       "(default 0: never)",
       setUnsigned(NameWidth)},
  });
  if (Line.parse(Argc, Argv) == CommandLine::Outcome::Exit)
    return Line.exitStatus();
  if (Line.positional().size() != 1)
    return Line.usageError(Line.positional().empty()
                               ? "missing the experiment directory"
                               : "expected one experiment directory");
  if (!OutputFile.empty() && !Generate)
    return Line.usageError("-o/--output needs -g (the table is printed to "
                           "standard output)");

  Experiment E;
  std::string Error;
  if (!readExperiment(Line.positional()[0], E, Error))
    return Line.failure(Error);
  std::optional<double> BytesOverride;
  if (BytesGiven)
    BytesOverride = static_cast<double>(BytesPerEvent);
  CostModel Model = chooseCostModel(E, BytesOverride);
  std::vector<RegionScore> Scores = scoreRegions(E, Model, Thresholds);

  if (!Generate) {
    std::string Out = renderScore(E, Model, Thresholds, Scores, NameWidth);
    std::fwrite(Out.data(), 1, Out.size(), stdout);
    return ExitSuccess;
  }
  std::vector<std::string> Words = {"sextant"};
  for (int I = 0; I < Argc; ++I)
    Words.push_back(Argv[I]);
  std::vector<std::string> LeftOut;
  std::string Filter = renderGeneratedFilter(E, Scores, Thresholds, Words,
                                             currentUtcTime(), &LeftOut);
  for (const std::string &Name : LeftOut)
    std::fprintf(stderr,
                 "sextant score: warning: region '%s' is left out of the "
                 "filter: its linkage name holds a line break or NUL, which "
                 "a filter line cannot hold\n",
                 messageText(Name).c_str());
  if (OutputFile.empty()) {
    std::fwrite(Filter.data(), 1, Filter.size(), stdout);
    return ExitSuccess;
  }
  std::string Inside = outputInsideInput(OutputFile, Line.positional()[0]);
  if (!Inside.empty())
    return Line.failure(Inside);
  if (!writeOutputFile(OutputFile, Filter, ExistingOutput::Replace, Error))
    return Line.failure(Error);
  size_t Excluded = 0, RunTimeOnly = 0;
  for (const RegionScore &Score : Scores) {
    bool Rule = Score.ExcludedByFilter && filterPatternCanHold(Score.Mangled);
    Excluded += Rule;
    RunTimeOnly += Rule && !compileTimeFilterApplies(Score.Origin);
  }
  std::string RunTimeNote;
  if (RunTimeOnly > 0)
    RunTimeNote = "; " + std::to_string(RunTimeOnly) +
                  " of them only at run time, with SEXTANT_FILTER";
  std::fprintf(stderr,
               "sextant score: wrote %s (%zu of %zu regions "
               "excluded%s)\n",
               OutputFile.c_str(), Excluded, Scores.size(),
               RunTimeNote.c_str());
  return ExitSuccess;
}

} // namespace tool
} // namespace sextant
