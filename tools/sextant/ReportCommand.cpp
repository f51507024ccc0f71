//===- tools/sextant/ReportCommand.cpp - sextant report -------------------===//
//
// Part of Sextant. `sextant report DIR` prints the profile of an experiment
// directory: the flat view (each region summed over its call paths) or the
// call tree, merged over threads or per thread, sorted, limited to the top
// N entries or to a minimum time. What the limits hide is summed up in a
// line of its own, never dropped silently. `--summary` prints the text of
// summary.txt instead, rendered by the same function as the runtime's
// (format/profile/SummaryText.h). `--html OUT.html` writes the interactive HTML
// report instead (HtmlReport.h).
//
//===----------------------------------------------------------------------===//

#include "ReportCommand.h"

#include "CommandLine.h"
#include "HtmlReport.h"
#include "Subcommands.h"
#include "TextFormatting.h"
#include "TextTable.h"
#include "TraceInput.h"
#include "WaitStateReading.h"

#include "common/FileContents.h"
#include "common/OutputFile.h"
#include "common/ShellQuoting.h"
#include "format/job/JobDirectory.h"
#include "format/job/WaitStatesText.h"
#include "format/profile/CallTreeView.h"
#include "format/profile/FlatProfile.h"
#include "format/profile/SummaryText.h"
#include "format/profile/TextLayout.h"
#include "format/reader/ExperimentReader.h"
#include "format/reader/JobFromRanks.h"
#include "format/reader/RunListing.h"
#include "format/schema/ExperimentSchema.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <exception>
#include <functional>

namespace sextant {
namespace tool {

using namespace format;

namespace {

const char ReportUsage[] =
    "NAME\n"
    "    sextant report - show the profile of an experiment\n"
    "\n"
    "SYNOPSIS\n"
    "    sextant report [--tree] [--threads] [--ranks] [--sort=KEY] [--top=N]\n"
    "                   [--min-time=SECONDS] [--name-width=N]\n"
    "                   [--metrics=LIST] DIR\n"
    "    sextant report --summary DIR\n"
    "    sextant report --html OUT.html DIR\n"
    "    sextant report --wait-states [--top=N] JOBDIR\n"
    "\n"
    "DESCRIPTION\n"
    "    Reads the experiment directory DIR that a program measured with\n"
    "    Sextant wrote, and prints a short header and its profile. The flat\n"
    "    view (the default) has one row per region, summed over every call\n"
    "    path the region was called on; the tree view (--tree) has one row\n"
    "    per call path, the name indented by two blanks per level (very\n"
    "    deep rows keep a fixed indentation and show [depth N], and the\n"
    "    call paths below the deepest level shown are summed up in one row\n"
    "    each: the output stays linear in the number of call paths). Both\n"
    "    show the process, all threads merged, unless --threads asks for one\n"
    "    section per thread.\n"
    "\n"
    "    Flat columns: exclusive s, inclusive s (a recursive call inside a\n"
    "    call of the same region is not counted twice), visits, incl\n"
    "    us/visit (inclusive microseconds per visit), excl % (share of all\n"
    "    exclusive time), name. Tree columns: inclusive s, exclusive s,\n"
    "    visits, incl us/visit, incl % (share of the total inclusive time),\n"
    "    call path. A region of a shared library is followed by [library].\n"
    "\n"
    "    Of an MPI job's directory the profile is summed over the ranks;\n"
    "    --threads shows each rank's threads (from rank-<r>/), --ranks the\n"
    "    cross-rank view and --summary the job's summary.txt, read again from\n"
    "    the ranks' rank-<r>/ directories.\n"
    "\n"
    "OPTIONS\n";

const char ReportNotes[] =
    "\n"
    "    Rows hidden by --top or --min-time are summed up in one line (how\n"
    "    many, their time and visits).\n"
    "\n"
    "EXIT STATUS\n"
    "    0 success, 1 DIR is not a readable experiment (the message names the\n"
    "    file and what is wrong), 2 usage error.\n"
    "\n"
    "EXAMPLES\n"
    "    sextant report run1\n"
    "    sextant report --tree --min-time=1ms run1\n"
    "    sextant report --sort=visits --top=10 --threads run1\n"
    "    sextant report --ranks --top=5 job\n"
    "    sextant report --metrics=all --sort=perf::PAGE-FAULTS run1\n"
    "    sextant report --html run1.html run1\n";

enum class SortKey { Exclusive, Inclusive, Visits, Name, TimePerVisit, Metric };

struct ReportOptions {
  bool Tree = false;
  bool Threads = false;
  bool SortGiven = false;
  SortKey Sort = SortKey::Exclusive;
  uint64_t Top = 0; // 0: all
  double MinTime = 0;
  uint64_t NameWidth = 0;
  /// --sort=<metric>: its profile.json name.
  std::string SortMetric;
  /// --metrics: the metric columns (AllMetrics: every metric).
  std::vector<std::string> Metrics;
  bool AllMetrics = false;
};

/// The comma-separated names of Text (blanks around them removed).
std::vector<std::string> splitList(const std::string &Text) {
  std::vector<std::string> Items;
  size_t Start = 0;
  while (Start <= Text.size()) {
    size_t Comma = Text.find(',', Start);
    if (Comma == std::string::npos)
      Comma = Text.size();
    std::string Item = Text.substr(Start, Comma - Start);
    size_t Begin = Item.find_first_not_of(' ');
    size_t End = Item.find_last_not_of(' ');
    if (Begin != std::string::npos)
      Items.push_back(Item.substr(Begin, End - Begin + 1));
    Start = Comma + 1;
  }
  return Items;
}

/// The metric columns of Options for Profile: indices into its metric
/// names (NoMetric for a name this profile lacks).
std::vector<size_t> metricColumns(const CallPathProfile &Profile,
                                  const ReportOptions &Options) {
  std::vector<size_t> Columns;
  if (Options.AllMetrics) {
    for (size_t I = 0; I < Profile.metricNames().size(); ++I)
      Columns.push_back(I);
    return Columns;
  }
  for (const std::string &Name : Options.Metrics)
    Columns.push_back(Profile.findMetric(Name));
  return Columns;
}

std::vector<std::string> metricTitles(const CallPathProfile &Profile,
                                      const ReportOptions &Options) {
  if (!Options.AllMetrics)
    return Options.Metrics;
  return Profile.metricNames();
}

/// A metric value in a table cell: integers as such, others with up to six
/// significant decimals; "-" when absent.
std::string metricText(double Value) {
  if (std::isnan(Value))
    return "-";
  if (Value == std::floor(Value) && std::fabs(Value) < 1e15)
    return formatFixed(Value, 0);
  if (std::fabs(Value) >= 1000)
    return formatFixed(Value, 1);
  return formatFixed(Value, 6);
}

bool parseSortKey(const std::string &Text, SortKey &Key) {
  static const std::pair<const char *, SortKey> Keys[] = {
      {"exclusive", SortKey::Exclusive},
      {"inclusive", SortKey::Inclusive},
      {"visits", SortKey::Visits},
      {"name", SortKey::Name},
      {"time-per-visit", SortKey::TimePerVisit}};
  return parseChoiceValue(Keys, Text, Key);
}

const char *describeSortKey(SortKey Key) {
  switch (Key) {
  case SortKey::Exclusive:
    return "exclusive time";
  case SortKey::Inclusive:
    return "inclusive time";
  case SortKey::Visits:
    return "visits";
  case SortKey::Name:
    return "name";
  case SortKey::TimePerVisit:
    return "inclusive time per visit";
  case SortKey::Metric:
    return "the metric";
  }
  return "";
}

/// The values a row is sorted by.
struct SortValues {
  double Exclusive, Inclusive;
  uint64_t Visits;
  const std::string *Name;
  uint32_t RegionId;
  double Metric = 0; ///< the --sort metric; NaN when absent

  double perVisit() const {
    return Visits == 0 ? 0.0 : Inclusive / static_cast<double>(Visits);
  }
};

/// Alphabetical order ignoring case, then by bytes.
int compareNames(const std::string &A, const std::string &B) {
  size_t Length = std::min(A.size(), B.size());
  for (size_t I = 0; I < Length; ++I) {
    int CA = std::tolower(static_cast<unsigned char>(A[I]));
    int CB = std::tolower(static_cast<unsigned char>(B[I]));
    if (CA != CB)
      return CA < CB ? -1 : 1;
  }
  if (A.size() != B.size())
    return A.size() < B.size() ? -1 : 1;
  return A.compare(B);
}

/// Whether A comes before B under Key; ties by name, then region id.
bool sortsBefore(const SortValues &A, const SortValues &B, SortKey Key) {
  switch (Key) {
  case SortKey::Exclusive:
    if (A.Exclusive != B.Exclusive)
      return A.Exclusive > B.Exclusive;
    break;
  case SortKey::Inclusive:
    if (A.Inclusive != B.Inclusive)
      return A.Inclusive > B.Inclusive;
    break;
  case SortKey::Visits:
    if (A.Visits != B.Visits)
      return A.Visits > B.Visits;
    break;
  case SortKey::TimePerVisit:
    if (A.perVisit() != B.perVisit())
      return A.perVisit() > B.perVisit();
    break;
  case SortKey::Metric:
    if (std::isnan(A.Metric) != std::isnan(B.Metric))
      return std::isnan(B.Metric);
    if (!std::isnan(A.Metric) && A.Metric != B.Metric)
      return A.Metric > B.Metric;
    break;
  case SortKey::Name:
    break;
  }
  int Order = compareNames(*A.Name, *B.Name);
  if (Order != 0)
    return Order < 0;
  return A.RegionId < B.RegionId;
}

std::string seconds(double Value) { return formatFixed(Value, 6); }

std::string microsecondsPerVisit(double Seconds, uint64_t Visits) {
  if (Visits == 0)
    return "-";
  return formatFixed(Seconds * 1e6 / static_cast<double>(Visits), 3);
}

std::string percent(double Part, double Whole) {
  return formatFixed(Whole > 0 ? 100.0 * Part / Whole : 0.0, 2);
}

/// The region's name as the tables show it: shortened on request, with the
/// library it comes from when that is not the program.
std::string shownName(const Experiment &E, uint32_t RegionId,
                      const std::string &Name, const ReportOptions &Options) {
  std::string Text = shortenName(shownRegionName(Name), Options.NameWidth);
  std::string Library = E.libraryOf(RegionId);
  if (!Library.empty())
    Text += " [" + shownRegionName(Library) + "]";
  return Text;
}

std::string plural(uint64_t Count, const char *Singular, const char *Plural) {
  return std::to_string(Count) + " " + (Count == 1 ? Singular : Plural);
}

std::string renderFlat(const Experiment &E, const CallPathProfile &Profile,
                       const ReportOptions &Options) {
  std::vector<FlatRegion> Regions =
      flatProfile(Profile, E.Metadata.maximumMetrics());
  if (Regions.empty())
    return "(no region was entered)\n";
  double TotalExclusive = Profile.totalExclusiveSeconds();
  size_t SortMetric = Profile.findMetric(Options.SortMetric);
  std::sort(Regions.begin(), Regions.end(),
            [&](const FlatRegion &A, const FlatRegion &B) {
              return sortsBefore(
                  {A.ExclusiveSeconds, A.InclusiveSeconds, A.Visits, &A.Name,
                   A.RegionId, A.metric(SortMetric)},
                  {B.ExclusiveSeconds, B.InclusiveSeconds, B.Visits, &B.Name,
                   B.RegionId, B.metric(SortMetric)},
                  Options.Sort);
            });
  std::vector<size_t> Columns = metricColumns(Profile, Options);
  TextTable Table;
  Table.addColumn("exclusive s", TextTable::Align::Right);
  Table.addColumn("inclusive s", TextTable::Align::Right);
  Table.addColumn("visits", TextTable::Align::Right);
  Table.addColumn("incl us/visit", TextTable::Align::Right);
  Table.addColumn("excl %", TextTable::Align::Right);
  for (const std::string &Title : metricTitles(Profile, Options))
    Table.addColumn(Title, TextTable::Align::Right);
  Table.addColumn("name", TextTable::Align::Left);
  uint64_t Hidden = 0, HiddenVisits = 0;
  double HiddenExclusive = 0;
  for (const FlatRegion &Region : Regions) {
    bool Shown = Region.InclusiveSeconds >= Options.MinTime &&
                 (Options.Top == 0 || Table.rows() < Options.Top);
    if (!Shown) {
      ++Hidden;
      HiddenVisits += Region.Visits;
      HiddenExclusive += Region.ExclusiveSeconds;
      continue;
    }
    std::vector<std::string> Row = {
        seconds(Region.ExclusiveSeconds), seconds(Region.InclusiveSeconds),
        std::to_string(Region.Visits),
        microsecondsPerVisit(Region.InclusiveSeconds, Region.Visits),
        percent(Region.ExclusiveSeconds, TotalExclusive)};
    for (size_t Column : Columns)
      Row.push_back(metricText(Region.metric(Column)));
    Row.push_back(shownName(E, Region.RegionId, Region.Name, Options));
    Table.addRow(Row);
  }
  std::string Out = Table.render();
  if (Hidden != 0)
    Out += "(" + plural(Hidden, "more region", "more regions") +
           " hidden by --top/--min-time: " + seconds(HiddenExclusive) +
           " s exclusive, " + percent(HiddenExclusive, TotalExclusive) +
           " %, " + plural(HiddenVisits, "visit", "visits") + ")\n";
  return Out;
}

std::string renderTree(const Experiment &E, const CallPathProfile &Profile,
                       const ReportOptions &Options) {
  if (Profile.empty())
    return "(no region was entered)\n";
  double TotalInclusive = Profile.totalInclusiveSeconds();
  TextTable Table;
  Table.addColumn("inclusive s", TextTable::Align::Right);
  Table.addColumn("exclusive s", TextTable::Align::Right);
  Table.addColumn("visits", TextTable::Align::Right);
  Table.addColumn("incl us/visit", TextTable::Align::Right);
  Table.addColumn("incl %", TextTable::Align::Right);
  std::vector<size_t> Columns = metricColumns(Profile, Options);
  for (const std::string &Title : metricTitles(Profile, Options))
    Table.addColumn(Title, TextTable::Align::Right);
  Table.addColumn("call path", TextTable::Align::Left);
  size_t SortMetric = Profile.findMetric(Options.SortMetric);
  CallTreeLimits Limits;
  Limits.Top = Options.Top;
  Limits.MinTime = Options.MinTime;
  Limits.Before = [&](size_t A, size_t B) {
    const CallPathNode &NA = Profile.node(A), &NB = Profile.node(B);
    return sortsBefore({NA.ExclusiveSeconds, NA.InclusiveSeconds, NA.Visits,
                        &NA.Name, NA.RegionId, NA.metric(SortMetric)},
                       {NB.ExclusiveSeconds, NB.InclusiveSeconds, NB.Visits,
                        &NB.Name, NB.RegionId, NB.metric(SortMetric)},
                       Options.Sort);
  };
  walkCallTree(Profile, Limits, [&](const CallTreeRow &Shown) {
    if (Shown.Node == CallTreeRow::Hidden) {
      std::vector<std::string> Summary = {
          seconds(Shown.HiddenInclusiveSeconds),
          seconds(Shown.HiddenExclusiveSeconds),
          std::to_string(Shown.HiddenVisits), "",
          percent(Shown.HiddenInclusiveSeconds, TotalInclusive)};
      Summary.resize(Summary.size() + Columns.size());
      Summary.push_back(treeIndent(Shown.Depth) +
                        (Shown.Folded
                             ? foldedRowText(Shown)
                             : "(" +
                                   plural(Shown.HiddenPaths, "more call path",
                                          "more call paths") +
                                   " hidden by --top/--min-time)"));
      Table.addRow(Summary);
      return;
    }
    const CallPathNode &Node = Profile.node(Shown.Node);
    std::vector<std::string> Row = {
        seconds(Node.InclusiveSeconds), seconds(Node.ExclusiveSeconds),
        std::to_string(Node.Visits),
        microsecondsPerVisit(Node.InclusiveSeconds, Node.Visits),
        percent(Node.InclusiveSeconds, TotalInclusive)};
    for (size_t Column : Columns)
      Row.push_back(metricText(Node.metric(Column)));
    Row.push_back(treeIndent(Node.Depth) +
                  shownName(E, Node.RegionId, Node.Name, Options));
    Table.addRow(Row);
  });
  return Table.render();
}

std::string renderHeader(const Experiment &E) {
  const ExperimentMetadata &M = E.Metadata;
  size_t Throttled = 0, Filtered = 0;
  for (const RegionRecord &Region : E.Regions) {
    Throttled += Region.Throttled.has_value();
    Filtered += Region.Filtered;
  }
  std::string Out;
  Out += "experiment:  " + E.Directory + "\n";
  Out += "program:     " + M.Program + "\n";
  Out += "arguments:   " + shellQuoteWords(M.Arguments) + "\n";
  Out += "wall time:   " + seconds(M.WallSeconds) + " s, " +
         plural(M.Threads, "thread", "threads") + ", clock " + M.Clock + "\n";
  if (M.SnapshotSeconds)
    Out += "snapshot:    " + describeSnapshot(*M.SnapshotSeconds) + "\n";
  if (M.Instrumentation)
    Out += "instrument:  " + describeInstrumentation(*M.Instrumentation) + "\n";
  Out += "regions:     " + std::to_string(E.Regions.size()) + " registered, " +
         std::to_string(Filtered) + " filtered, " + std::to_string(Throttled) +
         " throttled\n";
  if (M.CombinedJob && M.MpiRanks)
    Out += "mpi:         job of " + std::to_string(*M.MpiRanks) +
           " ranks, values summed over the ranks (--ranks: cross-rank "
           "view; one rank: " +
           E.Directory + "/rank-<r>)\n";
  else if (M.MpiRank && M.MpiRanks)
    Out += "mpi:         rank " + std::to_string(*M.MpiRank) + " of " +
           std::to_string(*M.MpiRanks) + "\n";
  if (M.Metrics)
    for (const MetricsRecord::Unavailable &Missing :
         M.Metrics->UnavailableMetrics)
      Out += "not measured: " + Missing.Name + " (" + Missing.Reason + ")\n";
  return Out;
}

/// The error's message when E is not an MPI job's combined view (Option:
/// the option that needs one), else empty.
std::string notAJob(const Experiment &E, const char *Option) {
  if (E.Metadata.CombinedJob)
    return std::string();
  return E.Directory +
         " is not the combined view of an MPI job (its experiment.json has "
         "no \"combined\": true); " +
         Option + " needs the job's directory";
}

/// The rank directories of the MPI job E, ascending; false with Error when
/// there is none.
bool rankDirectories(const Experiment &E, std::vector<int> &Ranks,
                     std::string &Error) {
  if (!findRankDirectories(E.Directory, Ranks, Error))
    return false;
  if (Ranks.empty()) {
    Error = E.Directory + " has no rank-<r>/ directories (the ranks' own "
                          "experiments); its summary.txt holds what the job "
                          "wrote";
    return false;
  }
  return true;
}

/// The MPI job E read again from its ranks' directories, its cross-rank
/// tables as Tables asks; false with Error.
bool readJob(const Experiment &E, const CrossRankTableOptions &Tables,
             JobFromRanks &Job, std::string &Error) {
  std::vector<int> Ranks;
  if (!rankDirectories(E, Ranks, Error))
    return false;
  try {
    Job = readJobFromRanks(E.Directory, Ranks, Tables,
                           E.Metadata.OutputDirectory);
  } catch (const std::exception &Failure) {
    Error = "cannot read the ranks of " + E.Directory + ": " + Failure.what();
    return false;
  }
  if (Job.Read.empty()) {
    Error = "no rank of " + E.Directory + " could be read";
    return false;
  }
  return true;
}

std::string renderView(const Experiment &E, const CallPathProfile &Profile,
                       const ReportOptions &Options) {
  return Options.Tree ? renderTree(E, Profile, Options)
                      : renderFlat(E, Profile, Options);
}

std::string viewTitle(const ReportOptions &Options, const std::string &Scope) {
  std::string Key = Options.Sort == SortKey::Metric
                        ? "\"" + Options.SortMetric + "\""
                        : describeSortKey(Options.Sort);
  if (Options.Tree)
    return Scope + ": call tree, children sorted by " + Key;
  return Scope +
         ": flat profile, each region summed over its call paths, "
         "sorted by " +
         Key;
}

/// Directory was shared by several processes (docs/sextant.md, "A
/// directory of several runs"): the report is of the run that claimed it;
/// the others, in its sub-directories, are named in one warning.
void noteOtherRuns(const CommandLine &Line, const std::string &Directory) {
  std::string Others;
  size_t Count = 0;
  for (const RunEntry &Run : listRuns(Directory)) {
    if (Run.Path == Directory)
      continue;
    Others += (Count++ == 0 ? "" : ", ") + Run.Path;
  }
  if (Count != 0)
    Line.warning(Directory + " also holds " + std::to_string(Count) +
                 " other run(s) of processes that shared it as "
                 "SEXTANT_OUTPUT_DIR, each in its own directory (this "
                 "report is of the first): " +
                 Others);
}

} // namespace

std::string renderReport(const Experiment &E, bool Tree) {
  ReportOptions Options;
  Options.Tree = Tree;
  Options.Sort = Tree ? SortKey::Inclusive : SortKey::Exclusive;
  return renderHeader(E) + "\n" + viewTitle(Options, "All threads") + "\n\n" +
         renderView(E, E.Profile, Options);
}

namespace {

/// What the command line of sextant report asks for.
struct ReportRequest {
  ReportOptions Options;
  bool Ranks = false;
  bool Summary = false;
  std::string HtmlPath;
  bool WaitStates = false;
};

bool parseSortOption(const std::string &Value, ReportOptions &Options) {
  Options.SortGiven = true;
  if (!parseSortKey(Value, Options.Sort)) {
    // A metric name; checked against the profile once it is read.
    Options.Sort = SortKey::Metric;
    Options.SortMetric = Value;
  }
  return true;
}

bool parseMetricsOption(const std::string &Value, ReportOptions &Options,
                        std::string &Error) {
  Options.Metrics = splitList(Value);
  Options.AllMetrics =
      Options.Metrics.size() == 1 && Options.Metrics[0] == "all";
  if (Options.AllMetrics)
    Options.Metrics.clear();
  if (Options.Metrics.empty() && !Options.AllMetrics) {
    Error = "--metrics needs a comma-separated list of "
            "metric names or all";
    return false;
  }
  return true;
}

/// The options of sextant report, in the order --help lists them.
std::vector<OptionSpec> reportOptions(ReportRequest &Request) {
  ReportOptions &Options = Request.Options;
  return {
      {"tree", 0, nullptr, "show the call tree instead of the flat view",
       setFlag(Options.Tree)},
      {"sort", 0, "KEY",
       "order of the rows (flat view) or of the children\n"
       "of each node (tree view): exclusive, inclusive,\n"
       "visits, time-per-visit (inclusive time per\n"
       "visit), name, or any metric of the profile by\n"
       "its profile.json name (e.g. \"cpu-time (inc)\",\n"
       "perf::PAGE-FAULTS). Numbers sort largest first\n"
       "(rows without the metric last), names\n"
       "alphabetically. Default: exclusive for the flat\n"
       "view, inclusive for the tree. With --ranks it\n"
       "also orders the cross-rank tables (an MPI\n"
       "function by its region's times or its calls)",
       [&Options](const std::string &Value, std::string &) {
         return parseSortOption(Value, Options);
       }},
      {"metrics", 0, "LIST",
       "add a column for each metric of LIST, a comma-\n"
       "separated list of profile.json metric names\n"
       "(NAME is exclusive, \"NAME (inc)\" inclusive),\n"
       "or all for every metric besides time and visits\n"
       "(SEXTANT_METRICS, e.g. page-faults,IPC). The\n"
       "flat view sums measured metrics over call paths\n"
       "like the times and computes derived ones (IPC,\n"
       "FLOP/s, arithmetic intensity) from the sums",
       [&Options](const std::string &Value, std::string &Error) {
         return parseMetricsOption(Value, Options, Error);
       }},
      {"top", 0, "N",
       "flat view: show the first N regions; tree view:\n"
       "show at most N children of each node; with\n"
       "--ranks also the first N rows of each cross-rank\n"
       "table; with --wait-states the N largest rows\n"
       "(default: all)",
       setUnsigned(Options.Top)},
      {"min-time", 0, "SECONDS",
       "hide regions (flat) or call paths with their\n"
       "subtrees (tree) whose inclusive time is below\n"
       "SECONDS (--ranks: rows whose largest time on\n"
       "one rank is); a unit may follow: 2ms, 50us,\n"
       "100ns",
       setSeconds(Options.MinTime)},
      {"threads", 0, nullptr,
       "one section per thread, read from\n"
       "profile-threads.json (an MPI job's directory:\n"
       "per rank, from rank-<r>/profile-threads.json)",
       setFlag(Options.Threads)},
      {"ranks", 0, nullptr,
       "DIR is an MPI job's directory: also show the\n"
       "cross-rank view (regions with min/mean/max over\n"
       "the ranks, MPI functions with calls and bytes,\n"
       "the communication matrix), as in its\n"
       "summary.txt, read again from rank-<r>/ and\n"
       "ordered and limited by --sort, --top and\n"
       "--min-time. The profile shown otherwise is the\n"
       "job's, summed over the ranks; DIR/rank-<r> is\n"
       "one rank's experiment",
       setFlag(Request.Ranks)},
      {"name-width", 0, "N",
       "shorten names longer than N characters to N,\n"
       "ending in \"...\" (default 0: never shorten)",
       setUnsigned(Options.NameWidth)},
      {"summary", 0, nullptr,
       "print the summary of the run as the runtime\n"
       "wrote it to DIR/summary.txt (header, flat\n"
       "profile, throttled regions, call tree),\n"
       "rendered again from the experiment's files;\n"
       "its output: line is the directory recorded in\n"
       "experiment.json, or DIR when it has none (an MPI\n"
       "job's directory: the job's summary.txt, combined\n"
       "again from rank-<r>/). No other option goes\n"
       "with it",
       setFlag(Request.Summary)},
      {"html", 0, "FILE",
       "write the interactive HTML report to FILE\n"
       "instead: one self-contained file (script,\n"
       "style and data inline) with the call tree\n"
       "(sortable by visits, times, every metric and,\n"
       "where they exist, per-thread and per-rank\n"
       "min/mean/max and imbalance), the flame graph\n"
       "(click to zoom, search), the timeline of a\n"
       "traced run, an MPI job's communication matrix\n"
       "and load balance, a traced MPI job's wait\n"
       "states, the roofline when the profile\n"
       "has the metrics, and the run's configuration,\n"
       "throttled and filtered regions and the filter\n"
       "'sextant score -g' would write\n"
       "(docs/html-report.md). FILE is\n"
       "replaced atomically. No other option goes with\n"
       "it",
       setString(Request.HtmlPath)},
      {"wait-states", 0, nullptr,
       "JOBDIR is a traced MPI job's directory\n"
       "(SEXTANT_TRACE=1): print the time its ranks'\n"
       "MPI calls spent waiting for another rank (late\n"
       "sender, late receiver, wait at barrier and at\n"
       "N x N collectives, late broadcast, early\n"
       "reduce) per kind, rank and call path, largest\n"
       "first, and what could not be matched; read\n"
       "from the ranks' traces. Only --top goes with it",
       setFlag(Request.WaitStates)},
  };
}

/// --summary and --html take no other option: the usage error's message
/// when the request has one, else empty.
std::string conflictingOptions(const ReportRequest &Request) {
  const ReportOptions &Options = Request.Options;
  bool OtherOptions = Options.Tree || Options.Threads || Request.Ranks ||
                      Options.SortGiven || Options.Top != 0 ||
                      Options.MinTime != 0 || Options.NameWidth != 0 ||
                      !Options.Metrics.empty() || Options.AllMetrics;
  if (Request.Summary && (OtherOptions || !Request.HtmlPath.empty()))
    return "--summary prints summary.txt's view and takes no other option";
  if (!Request.HtmlPath.empty() && OtherOptions)
    return "--html writes the whole report and takes no other option";
  bool OtherThanTop = Options.Tree || Options.Threads || Request.Ranks ||
                      Options.SortGiven || Options.MinTime != 0 ||
                      Options.NameWidth != 0 || !Options.Metrics.empty() ||
                      Options.AllMetrics || Request.Summary ||
                      !Request.HtmlPath.empty();
  if (Request.WaitStates && OtherThanTop)
    return "--wait-states takes no other option but --top";
  return std::string();
}

/// The usage error's message when a metric of --metrics or --sort is not
/// in the profile (any thread's profile has a subset), else empty.
std::string unknownMetric(const Experiment &E, const ReportOptions &Options) {
  std::vector<std::string> Wanted = Options.Metrics;
  if (Options.Sort == SortKey::Metric)
    Wanted.push_back(Options.SortMetric);
  for (const std::string &Name : Wanted) {
    if (E.Profile.findMetric(Name) != CallPathProfile::NoMetric)
      continue;
    std::string Known;
    for (const std::string &Metric : E.Profile.metricNames())
      Known += (Known.empty() ? "" : ", ") + Metric;
    bool IsSortKey =
        Options.Sort == SortKey::Metric && Name == Options.SortMetric;
    std::string What =
        IsSortKey ? "--sort: unknown sort key '" + Name +
                        "' (expected exclusive, inclusive, visits, name, "
                        "time-per-visit or a metric of the profile"
                  : "--metrics: unknown metric '" + Name +
                        "' (expected a metric of the profile";
    return What + (Known.empty() ? ", which has none besides time and visits; "
                                   "SEXTANT_METRICS measures more)"
                                 : ": " + Known + ")");
  }
  return std::string();
}

/// The views of every thread's profile (--threads), each titled
/// ScopePrefix + the thread; false with Error when profile-threads.json
/// cannot be read.
bool renderThreadViews(const Experiment &E, const ReportOptions &Options,
                       const std::string &ScopePrefix, std::string &Out,
                       std::string &Error) {
  ThreadProfileList List;
  if (!readThreadProfiles(E, List, Error))
    return false;
  const std::vector<ThreadProfile> &Threads = List.Threads;
  for (const ThreadProfile &Thread : Threads) {
    std::string Scope =
        Thread.MergedThreads > 1
            ? "threads beyond the bound (\"" + Thread.Name + "\", " +
                  std::to_string(Thread.MergedThreads) + " threads summed)"
            : "thread " + std::to_string(Thread.Index) + " (tid " +
                  std::to_string(Thread.Tid) + ", \"" + Thread.Name + "\")";
    Scope = ScopePrefix.empty()
                ? static_cast<char>(std::toupper(Scope[0])) + Scope.substr(1)
                : ScopePrefix + Scope;
    Out += "\n" + viewTitle(Options, Scope) + "\n\n";
    Out += renderView(E, Thread.Profile, Options);
  }
  if (Threads.empty())
    Out += "\n" + ScopePrefix + "(no thread recorded any event)\n";
  return true;
}

/// The per-thread views of every rank of the MPI job E (--threads on a
/// job's directory), each rank's threads from its own experiment
/// (rank-<r>/). A rank whose threads cannot be read is named in a line of
/// its own; false with Error when there is no rank directory or no rank
/// could be shown.
bool renderJobThreadViews(const Experiment &E, const ReportOptions &Options,
                          std::string &Out, std::string &Error) {
  std::vector<int> Ranks;
  if (!rankDirectories(E, Ranks, Error))
    return false;
  size_t Shown = 0;
  std::string FirstProblem;
  for (int Rank : Ranks) {
    Experiment RankExperiment;
    std::string Directory = E.Directory + "/" + files::rankDirectoryName(Rank);
    std::string Problem;
    std::string Views;
    if (readExperiment(Directory, RankExperiment, Problem) &&
        renderThreadViews(RankExperiment, Options,
                          "Rank " + std::to_string(Rank) + ", ", Views,
                          Problem)) {
      Out += Views;
      ++Shown;
      continue;
    }
    Out += "\n(rank " + std::to_string(Rank) + ": " + Problem + ")\n";
    if (FirstProblem.empty())
      FirstProblem = Problem;
  }
  if (Shown == 0) {
    Error = "no rank's threads could be read: " + FirstProblem;
    return false;
  }
  return true;
}

/// Prints summary.txt's view of E (--summary): a process's rendered from
/// its files, an MPI job's combined again from its ranks' directories.
int printSummary(const CommandLine &Line, Experiment &E) {
  if (E.Metadata.OutputDirectory.empty())
    E.Metadata.OutputDirectory = E.Directory;
  std::string Out;
  if (E.Metadata.CombinedJob) {
    JobFromRanks Job;
    std::string Error;
    if (!readJob(E, {}, Job, Error))
      return Line.failure(Error);
    Out = std::move(Job.View.Summary);
  } else {
    Out = renderSummaryText(E.Metadata, E.Regions, E.Profile);
  }
  std::fwrite(Out.data(), 1, Out.size(), stdout);
  return ExitSuccess;
}

/// The cross-rank tables' order and limits of Options (--sort, --top,
/// --min-time); a metric as the sort key leaves their default order.
CrossRankTableOptions crossRankTables(const ReportOptions &Options) {
  using Order = CrossRankTableOptions::Order;
  CrossRankTableOptions Tables;
  Tables.Top = Options.Top;
  Tables.MinTime = Options.MinTime;
  if (!Options.SortGiven)
    return Tables;
  switch (Options.Sort) {
  case SortKey::Exclusive:
    Tables.Sort = Order::Exclusive;
    break;
  case SortKey::Inclusive:
    Tables.Sort = Order::Inclusive;
    break;
  case SortKey::Visits:
    Tables.Sort = Order::Visits;
    break;
  case SortKey::Name:
    Tables.Sort = Order::Name;
    break;
  case SortKey::TimePerVisit:
    Tables.Sort = Order::TimePerVisit;
    break;
  case SortKey::Metric:
    break;
  }
  return Tables;
}

/// Prints the header and the views Options ask for.
int printProfile(const CommandLine &Line, const Experiment &E,
                 const ReportRequest &Request) {
  const ReportOptions &Options = Request.Options;
  std::string Error;
  std::string Out = renderHeader(E);
  if (Request.Ranks) {
    std::string NotAJob = notAJob(E, "--ranks");
    if (!NotAJob.empty())
      return Line.failure(NotAJob);
    JobFromRanks Job;
    if (!readJob(E, crossRankTables(Options), Job, Error))
      return Line.failure(Error);
    Out += "\n" + Job.View.CrossRankView;
  }
  if (!Options.Threads) {
    Out += "\n" + viewTitle(Options, "All threads") + "\n\n";
    Out += renderView(E, E.Profile, Options);
  } else if (E.Metadata.CombinedJob) {
    if (!renderJobThreadViews(E, Options, Out, Error))
      return Line.failure(Error);
  } else if (!renderThreadViews(E, Options, "", Out, Error)) {
    return Line.failure(Error + "; run without --threads for the "
                                "merged profile");
  }
  std::fwrite(Out.data(), 1, Out.size(), stdout);
  return ExitSuccess;
}

/// Prints the wait states of the traced MPI job in Directory
/// (--wait-states), the Top largest rows (0: all).
int printWaitStates(const CommandLine &Line, const std::string &Directory,
                    uint64_t Top) {
  std::string Error, Out;
  bool Read = catchExportErrors(Directory, Error, [&] {
    std::string Program;
    WaitStates W = readJobWaitStates(Directory, false, Program);
    Out = "Program: " + Program + "\n\n" + waitStatesText(W, Top);
  });
  if (!Read)
    return Line.failure(Error);
  std::fwrite(Out.data(), 1, Out.size(), stdout);
  return ExitSuccess;
}

} // namespace

int runReportCommand(int Argc, char **Argv) {
  ReportRequest Request;
  ReportOptions &Options = Request.Options;
  CommandLine Line("sextant report", {ReportUsage, 24, ReportNotes});
  Line.addOptions(reportOptions(Request));
  if (Line.parse(Argc, Argv) == CommandLine::Outcome::Exit)
    return Line.exitStatus();
  if (Line.positional().size() != 1)
    return Line.usageError(Line.positional().empty()
                               ? "missing the experiment directory"
                               : "expected one experiment directory");
  std::string Conflict = conflictingOptions(Request);
  if (!Conflict.empty())
    return Line.usageError(Conflict);
  if (!Options.SortGiven)
    Options.Sort = Options.Tree ? SortKey::Inclusive : SortKey::Exclusive;
  if (Request.WaitStates)
    return printWaitStates(Line, Line.positional()[0], Options.Top);

  Experiment E;
  std::string Error;
  if (!readExperiment(Line.positional()[0], E, Error))
    return Line.failure(Error);
  noteOtherRuns(Line, Line.positional()[0]);
  if (!Request.HtmlPath.empty()) {
    std::string Inside =
        outputInsideInput(Request.HtmlPath, Line.positional()[0]);
    if (!Inside.empty())
      return Line.failure(Inside);
    if (!writeHtmlReport(E, Request.HtmlPath, Error))
      return Line.failure(Error);
    return ExitSuccess;
  }
  if (Request.Summary)
    return printSummary(Line, E);
  std::string Unknown = unknownMetric(E, Options);
  if (!Unknown.empty())
    return Line.usageError(Unknown);
  return printProfile(Line, E, Request);
}

} // namespace tool
} // namespace sextant
