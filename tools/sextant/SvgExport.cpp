//===- tools/sextant/SvgExport.cpp - The SVG exports ----------------------===//
//
// Part of Sextant. Choosing the values of the SVG views: the flame graph's
// from the folded stacks of the chosen metric, the matrix's from the job's
// mpi.json.
//
//===----------------------------------------------------------------------===//

#include "SvgExport.h"

#include "format/pictures/FlameGraphSvg.h"
#include "format/reader/JobMpiMatrix.h"
#include "format/pictures/MatrixSvg.h"

#include "common/NumberRange.h"

#include <algorithm>

namespace sextant {
namespace tool {

using namespace format;

namespace {
constexpr char InclusiveSuffix[] = " (inc)";

bool endsWithInclusiveSuffix(const std::string &Name) {
  size_t Length = sizeof(InclusiveSuffix) - 1;
  return Name.size() > Length &&
         Name.compare(Name.size() - Length, Length, InclusiveSuffix) == 0;
}
} // namespace

bool isAdditiveMetric(const Experiment &E, size_t Index) {
  const std::string &Name = E.Profile.metricNames()[Index];
  std::vector<std::string> Maxima = E.Metadata.maximumMetrics();
  return !endsWithInclusiveSuffix(Name) &&
         E.Profile.metricNotation(Index) != MetricNotation::Ratio &&
         std::find(Maxima.begin(), Maxima.end(), Name) == Maxima.end();
}

bool chooseFlameGraphMetric(const Experiment &E, const std::string &Name,
                            FlameGraphMetric &Out, std::string &Error) {
  std::string Program = E.Metadata.Program;
  Program = Program.substr(Program.rfind('/') + 1);
  if (Name.empty() || Name == "time") {
    Out = {foldedValueOf(FoldedMetric::ExclusiveMicroseconds), "us",
           "Flame graph of " + Program + ": inclusive time"};
    return true;
  }
  if (Name == "visits") {
    Out = {foldedValueOf(FoldedMetric::Visits), "visits",
           "Flame graph of " + Program + ": visits"};
    return true;
  }
  std::string Exclusive = Name;
  if (endsWithInclusiveSuffix(Exclusive))
    Exclusive.resize(Exclusive.size() - (sizeof(InclusiveSuffix) - 1));
  const CallPathProfile &Profile = E.Profile;
  size_t Index = Profile.findMetric(Exclusive);
  if (Index == CallPathProfile::NoMetric || !isAdditiveMetric(E, Index)) {
    std::string Known;
    for (size_t I = 0; I < Profile.metricNames().size(); ++I)
      if (isAdditiveMetric(E, I))
        Known += ", " + Profile.metricNames()[I];
    Error = "--metric: '" + Name +
            "' is not an additive metric of the profile (expected time, "
            "visits" +
            Known + ")";
    return false;
  }
  bool Seconds = Profile.metricNotation(Index) == MetricNotation::Seconds;
  double Scale = Seconds ? 1e6 : 1.0;
  Out.Value = [Index, Scale](const CallPathNode &Node) {
    return roundSaturated<uint64_t>(Node.metric(Index) * Scale);
  };
  Out.Unit = Seconds ? "us" : Exclusive;
  Out.Title = "Flame graph of " + Program + ": " + Exclusive;
  return true;
}

std::string flameGraphSvg(const Experiment &E, const FlameGraphMetric &Metric) {
  FlameGraph Graph;
  writeFoldedStacks(E.Profile, Metric.Value, [&](const std::string &Line) {
    Graph.addFoldedLine(Line);
    return true;
  });
  FlameGraphOptions Options;
  Options.Title = Metric.Title;
  Options.Unit = Metric.Unit;
  return renderFlameGraphSvg(Graph, Options);
}

bool matrixSvg(const std::string &Directory, bool Messages,
               const std::string &Library, std::string &Svg,
               std::string &Error) {
  std::vector<std::vector<uint64_t>> Matrix;
  const char *Field = Messages ? "messages_sent" : "bytes_sent";
  if (Library.empty()
          ? !readJobTrafficMatrix(Directory, Field, Matrix, Error)
          : !readJobLibraryMatrix(Directory, Library, Field, Matrix, Error))
    return false;
  MatrixSvgOptions Options;
  std::string What = Messages ? "messages sent" : "bytes sent";
  Options.Title = Library.empty() ? "Point-to-point " + What
                                  : "Library " + Library + ": " + What +
                                        " (puts and atomics, by the initiator)";
  Options.Unit = Messages ? "messages" : "bytes";
  Svg = renderMatrixSvg(Matrix, Options);
  return true;
}

} // namespace tool
} // namespace sextant
