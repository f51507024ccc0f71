//===- format/job/JobSummary.cpp - An MPI job's summary.txt ---------------===//
//
// Part of Sextant. See JobSummary.h.
//
//===----------------------------------------------------------------------===//

#include "format/job/JobSummary.h"
#include "format/profile/TextLayout.h"
#include "format/schema/JsonWriter.h"

#include "format/job/CrossRankStatistics.h"

#include "common/NumberRange.h"

#include <algorithm>
#include <cstdio>

namespace sextant {
namespace format {

namespace {

std::string header(const JobSummaryInput &In) {
  std::string S = "Sextant MPI job: " + In.Program + ", " +
                  std::to_string(In.RankCount) + " rank(s)\n";
  S += "Experiment: " + In.BaseDirectory +
       " (each rank's own experiment: rank-<r>/)\n";
  RankStatistics Wall = rankStatistics(In.WallTimes);
  S += "Wall time (s): min " + formatFixed(Wall.Min, 6) + " (rank " +
       std::to_string(Wall.MinRank) + "), mean " + formatFixed(Wall.Mean, 6) +
       ", max " + formatFixed(Wall.Max, 6) + " (rank " +
       std::to_string(Wall.MaxRank) + ")\n";
  for (const std::string &P : In.Problems)
    S += "Warning: " + P + "\n";
  return S;
}

/// What a row of the cross-rank tables is ordered and limited by: times and
/// visits summed over the ranks, and the largest inclusive time of a rank.
struct RowKey {
  double Inclusive = 0;
  double Exclusive = 0;
  double Visits = 0;
  double LargestInclusive = 0;
  const std::string *Name = nullptr;
  uint32_t Tie = 0;

  double perVisit() const { return Visits > 0 ? Inclusive / Visits : 0.0; }
};

using Order = CrossRankTableOptions::Order;

/// Whether A is listed before B under Sort (not Default): numbers largest
/// first, names alphabetically; ties by name, then Tie.
bool listedBefore(const RowKey &A, const RowKey &B, Order Sort) {
  auto Larger = [](double X, double Y) { return X > Y; };
  switch (Sort) {
  case Order::Exclusive:
    if (A.Exclusive != B.Exclusive)
      return Larger(A.Exclusive, B.Exclusive);
    break;
  case Order::Inclusive:
    if (A.Inclusive != B.Inclusive)
      return Larger(A.Inclusive, B.Inclusive);
    break;
  case Order::Visits:
    if (A.Visits != B.Visits)
      return Larger(A.Visits, B.Visits);
    break;
  case Order::TimePerVisit:
    if (A.perVisit() != B.perVisit())
      return Larger(A.perVisit(), B.perVisit());
    break;
  case Order::Name:
  case Order::Default:
    break;
  }
  if (*A.Name != *B.Name)
    return *A.Name < *B.Name;
  return A.Tie < B.Tie;
}

/// The rows of a table that Options shows, in order, and what it hides.
struct ShownRows {
  std::vector<size_t> Rows; ///< indices into the keys
  size_t Hidden = 0;
  double HiddenExclusive = 0;
  double HiddenVisits = 0;
};

/// Orders Keys (already in the table's default order) as Options asks and
/// applies its limits.
ShownRows showRows(const std::vector<RowKey> &Keys,
                   const CrossRankTableOptions &Options) {
  std::vector<size_t> Order(Keys.size());
  for (size_t I = 0; I < Keys.size(); ++I)
    Order[I] = I;
  if (Options.Sort != CrossRankTableOptions::Order::Default)
    std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
      return listedBefore(Keys[A], Keys[B], Options.Sort);
    });
  ShownRows Shown;
  for (size_t Row : Order) {
    const RowKey &Key = Keys[Row];
    if (Key.LargestInclusive >= Options.MinTime &&
        (Options.Top == 0 || Shown.Rows.size() < Options.Top)) {
      Shown.Rows.push_back(Row);
      continue;
    }
    ++Shown.Hidden;
    Shown.HiddenExclusive += Key.Exclusive;
    Shown.HiddenVisits += Key.Visits;
  }
  return Shown;
}

std::string count(uint64_t N, const char *Singular, const char *Plural) {
  return std::to_string(N) + " " + (N == 1 ? Singular : Plural);
}

struct RegionLine {
  uint32_t Region;
  std::string Name;
  RankStatistics Inclusive;
  RankStatistics Exclusive;
  double TotalInclusive;
  double TotalExclusive;
  double Visits;
};

/// One line per region, in decreasing inclusive time summed over the ranks.
std::vector<RegionLine> regionLines(const JobSummaryInput &In) {
  std::vector<RegionLine> Lines;
  for (const auto &[Region, T] : In.Times)
    Lines.push_back({Region, In.Regions.nameOf(Region),
                     T.statistics(RegionInclusive, In.Range, In.RankCount),
                     T.statistics(RegionExclusive, In.Range, In.RankCount),
                     T.total(RegionInclusive), T.total(RegionExclusive),
                     T.total(RegionVisits)});
  std::sort(Lines.begin(), Lines.end(),
            [](const RegionLine &A, const RegionLine &B) {
              if (A.TotalInclusive != B.TotalInclusive)
                return A.TotalInclusive > B.TotalInclusive;
              return A.Region < B.Region;
            });
  return Lines;
}

std::string regionTable(const JobSummaryInput &In) {
  std::vector<RegionLine> Lines = regionLines(In);
  std::vector<RowKey> Keys;
  for (const RegionLine &L : Lines)
    Keys.push_back({L.TotalInclusive, L.TotalExclusive, L.Visits,
                    L.Inclusive.Max, &L.Name, L.Region});
  ShownRows Shown = showRows(Keys, In.Tables);
  std::string S =
      "\nRegions across ranks (inclusive and exclusive seconds per rank)\n";
  S += "  incl min  incl mean   incl max  max rank   excl mean       visits  "
       "region\n";
  for (size_t Row : Shown.Rows) {
    const RegionLine &L = Lines[Row];
    S += padLeft(formatFixed(L.Inclusive.Min, 6), 10) + " " +
         padLeft(formatFixed(L.Inclusive.Mean, 6), 10) + " " +
         padLeft(formatFixed(L.Inclusive.Max, 6), 10) + " " +
         padLeft(std::to_string(L.Inclusive.MaxRank), 9) + " " +
         padLeft(formatFixed(L.Exclusive.Mean, 6), 11) + " " +
         padLeft(std::to_string(roundSaturated<uint64_t>(L.Visits)), 12) +
         "  " + L.Name + "\n";
  }
  if (Shown.Hidden != 0)
    S +=
        "(" + count(Shown.Hidden, "more region", "more regions") +
        " hidden by --top/--min-time: " +
        formatFixed(Shown.HiddenExclusive, 6) +
        " s exclusive summed over the ranks, " +
        count(roundSaturated<uint64_t>(Shown.HiddenVisits), "visit", "visits") +
        ")\n";
  return S;
}

/// The times of the regions named Name summed over the ranks (an MPI
/// function's region), by name.
std::map<std::string, RowKey> regionTimesByName(const JobSummaryInput &In) {
  std::map<std::string, RowKey> ByName;
  for (const auto &[Region, T] : In.Times) {
    RowKey &Key = ByName[In.Regions.nameOf(Region)];
    Key.Inclusive += T.total(RegionInclusive);
    Key.Exclusive += T.total(RegionExclusive);
    Key.Visits += T.total(RegionVisits);
    Key.LargestInclusive =
        std::max(Key.LargestInclusive,
                 T.statistics(RegionInclusive, In.Range, In.RankCount).Max);
  }
  return ByName;
}

std::string functionTable(const JobSummaryInput &In) {
  const JobMpi &Mpi = In.Mpi;
  std::map<std::string, RowKey> Times = regionTimesByName(In);
  std::vector<const std::string *> Names;
  std::vector<RowKey> Keys;
  for (const auto &[Name, Fields] : Mpi.Functions) {
    RowKey Key;
    auto Found = Times.find(Name);
    if (Found != Times.end())
      Key = Found->second;
    // A function's calls, not its region's visits (a throttled or filtered
    // region counts fewer).
    Key.Visits = Fields[0].Total;
    Key.Name = &Name;
    Key.Tie = static_cast<uint32_t>(Keys.size());
    Names.push_back(&Name);
    Keys.push_back(Key);
  }
  ShownRows Shown = showRows(Keys, In.Tables);
  std::string S = "\nMPI functions (calls and bytes summed over ranks; "
                  "min/max calls per rank)\n"
                  "(every call is counted, also after the function's region "
                  "was throttled, when its visits above stop counting)\n";
  S += "       calls  min calls  max calls    bytes sent  bytes received  "
       "function\n";
  for (size_t Row : Shown.Rows) {
    const auto &Fields = Mpi.Functions.at(*Names[Row]);
    const RankStatistics &Calls = Fields[0].Statistics;
    S += padLeft(formatFixed(Fields[0].Total, 0), 12) + " " +
         padLeft(formatFixed(Calls.Min, 0), 10) + " " +
         padLeft(formatFixed(Calls.Max, 0), 10) + " " +
         padLeft(formatFixed(Fields[1].Total, 0), 13) + " " +
         padLeft(formatFixed(Fields[2].Total, 0), 15) + "  " + *Names[Row] +
         "\n";
  }
  if (Shown.Hidden != 0)
    S += "(" + count(Shown.Hidden, "more MPI function", "more MPI functions") +
         " hidden by --top/--min-time: " +
         count(roundSaturated<uint64_t>(Shown.HiddenVisits), "call", "calls") +
         ")\n";
  return S;
}

/// Jobs of at most this many ranks show their matrices as tables; larger
/// ones their heaviest pairs.
constexpr size_t DenseTableRanks = 16;
/// The pairs shown of a larger job's matrix.
constexpr size_t HeaviestPairs = 20;

/// One matrix as a table, Field of every (from, to) pair.
std::string matrixTable(const std::string &Title, const SparseMatrix &Rows,
                        uint64_t Traffic::*Field) {
  std::string S =
      "\n" + Title + " (row: from rank, column: to rank)\n" + padLeft("", 6);
  for (size_t To = 0; To < Rows.size(); ++To)
    S += padLeft(std::to_string(To), 14);
  S += "\n";
  for (size_t From = 0; From < Rows.size(); ++From) {
    S += padLeft(std::to_string(From), 6);
    for (size_t To = 0; To < Rows.size(); ++To)
      S += padLeft(
          std::to_string(trafficWith(Rows[From], static_cast<int>(To)).*Field),
          14);
    S += "\n";
  }
  return S;
}

constexpr MatrixView PointToPointView = {
    "Point-to-point", "mpi.json",      "point_to_point",
    "bytes sent",     "bytes sent",    &Traffic::BytesSent,
    "messages sent",  "messages sent", &Traffic::MessagesSent};
constexpr MatrixView OneSidedView = {"One-sided",
                                     "mpi.json",
                                     "one_sided",
                                     "bytes put/accumulated",
                                     "bytes put/acc",
                                     &Traffic::BytesSent,
                                     "bytes got",
                                     "bytes got",
                                     &Traffic::BytesReceived};

/// The HeaviestPairs pairs of a matrix with the most First (then Second),
/// and how many pairs there are; every pair is in the job's mpi.json.
std::string heaviestPairs(const MatrixView &View, const SparseMatrix &Rows) {
  struct Pair {
    size_t From;
    int To;
    const Traffic *T;
  };
  uint64_t Traffic::*First = View.First;
  uint64_t Traffic::*Second = View.Second;
  std::vector<Pair> Pairs;
  for (size_t From = 0; From < Rows.size(); ++From)
    for (const auto &[To, T] : Rows[From])
      if (T.*First || T.*Second)
        Pairs.push_back({From, To, &T});
  size_t Shown = std::min(Pairs.size(), HeaviestPairs);
  std::partial_sort(Pairs.begin(), Pairs.begin() + Shown, Pairs.end(),
                    [&](const Pair &A, const Pair &B) {
                      if (A.T->*First != B.T->*First)
                        return A.T->*First > B.T->*First;
                      if (A.T->*Second != B.T->*Second)
                        return A.T->*Second > B.T->*Second;
                      return std::make_pair(A.From, A.To) <
                             std::make_pair(B.From, B.To);
                    });
  std::string S = "\n" + std::string(View.Name) + ": " +
                  std::to_string(Pairs.size()) + " pair(s) with traffic, the " +
                  std::to_string(Shown) + " with the most " + View.FirstColumn +
                  " (every pair: " + View.File + ", \"" + View.Key + "\")\n";
  S += "  from      to  " + padLeft(View.FirstColumn, 16) + "  " +
       padLeft(View.SecondColumn, 16) + "\n";
  for (size_t P = 0; P < Shown; ++P)
    S += padLeft(std::to_string(Pairs[P].From), 6) + " " +
         padLeft(std::to_string(Pairs[P].To), 7) + "  " +
         padLeft(std::to_string(Pairs[P].T->*First), 16) + "  " +
         padLeft(std::to_string(Pairs[P].T->*Second), 16) + "\n";
  return S;
}

bool anyTraffic(const SparseMatrix &Rows) {
  for (const SparseTraffic &Row : Rows)
    if (!Row.empty())
      return true;
  return false;
}

std::string matrices(const JobMpi &Mpi) {
  std::string S = matrixText(PointToPointView, Mpi.PointToPoint);
  if (anyTraffic(Mpi.OneSided))
    S += matrixText(OneSidedView, Mpi.OneSided);
  S += "\nPoint-to-point matrix: ";
  if (!Mpi.AllRanks)
    S += "incomplete (ranks are missing)\n";
  else if (Mpi.Asymmetries.empty())
    S += "symmetric (every message sent was received)\n";
  else
    S += std::to_string(Mpi.Asymmetries.size()) + " asymmetric pair(s)\n";
  for (const nlohmann::json &T : Mpi.Tools)
    S += "Other PMPI tool: " + T.value("library", "?") + " (" +
         T.value("position", "?") + " Sextant, " +
         std::to_string(T.value("functions", 0)) + " function(s))\n";
  return S;
}

} // namespace

std::string matrixText(const MatrixView &View, const SparseMatrix &Rows) {
  if (Rows.size() > DenseTableRanks)
    return heaviestPairs(View, Rows);
  std::string Name = View.Name;
  return matrixTable(Name + " " + View.FirstTable, Rows, View.First) +
         matrixTable(Name + " " + View.SecondTable, Rows, View.Second);
}

std::string crossRankTables(const JobSummaryInput &Input) {
  // Without the leading blank line of the regions' table.
  return regionTable(Input).substr(1) + functionTable(Input) +
         matrices(Input.Mpi);
}

std::string jobSummaryHeader(const JobSummaryInput &Input) {
  return header(Input);
}

std::string jobSummary(const JobSummaryInput &Input) {
  return header(Input) + "\n" + crossRankTables(Input);
}

} // namespace format
} // namespace sextant
