//===- format/job/RankFileCheck.cpp - A rank's files checked for the merge ===//
//
// Part of Sextant. See RankFileCheck.h. The call tree is walked with an
// explicit stack: it can be a million levels deep.
//
//===----------------------------------------------------------------------===//

#include "format/job/RankFileCheck.h"

#include "format/schema/ExperimentSchema.h"

#include <functional>
#include <vector>

namespace sextant {
namespace format {

using nlohmann::json;

namespace {

/// The types the merge reads values as.
enum class Kind { Object, Array, String, Integer, Unsigned, Number };

bool hasKind(const json &Value, Kind K) {
  switch (K) {
  case Kind::Object:
    return Value.is_object();
  case Kind::Array:
    return Value.is_array();
  case Kind::String:
    return Value.is_string();
  case Kind::Integer:
    return Value.is_number_integer();
  case Kind::Unsigned:
    return Value.is_number_unsigned() ||
           (Value.is_number_integer() && Value.get<int64_t>() >= 0);
  case Kind::Number:
    return Value.is_number();
  }
  return false;
}

const char *kindName(Kind K) {
  switch (K) {
  case Kind::Object:
    return "an object";
  case Kind::Array:
    return "an array";
  case Kind::String:
    return "a string";
  case Kind::Integer:
    return "an integer";
  case Kind::Unsigned:
    return "a non-negative integer";
  case Kind::Number:
    return "a number";
  }
  return "?";
}

/// "a string", "null", ... for a message.
std::string typeName(const json &Value) {
  if (Value.is_null())
    return "null";
  if (Value.is_boolean())
    return "a boolean";
  if (Value.is_number_float())
    return "a number with a fraction or exponent";
  if (Value.is_number_integer())
    return Value.is_number_unsigned() || Value.get<int64_t>() >= 0
               ? "a non-negative integer"
               : "a negative integer";
  if (Value.is_object())
    return "an object";
  return Value.is_array() ? "an array" : "a string";
}

std::string join(const std::string &Place, const std::string &Key) {
  if (Key.empty())
    return Place;
  return Place.empty() ? Key : Place + "." + Key;
}

std::string element(const std::string &Place, size_t Index) {
  return Place + "[" + std::to_string(Index) + "]";
}

/// Collects the first problem; every check is a no-op after it.
class Checker {
public:
  /// Value (at Place) must be of kind K.
  bool expect(const json &Value, Kind K, const std::string &Place) {
    if (!Problem.empty())
      return false;
    if (hasKind(Value, K))
      return true;
    std::string Full = where(Place);
    Problem = (Full.empty() ? std::string("the top level") : Full) +
              ": expected " + kindName(K) + ", found " + typeName(Value);
    return false;
  }
  /// Member Key of Object (at Place), when present, must be of kind K.
  bool member(const json &Object, const char *Key, Kind K,
              const std::string &Place) {
    auto Found = Object.find(Key);
    return Found == Object.end() || expect(*Found, K, join(Place, Key));
  }
  /// Member Key of Object must be present and of kind K.
  bool required(const json &Object, const char *Key, Kind K,
                const std::string &Place) {
    if (!Problem.empty())
      return false;
    if (!Object.contains(Key)) {
      Problem =
          where(join(Place, Key)) + ": missing (expected " + kindName(K) + ")";
      return false;
    }
    return member(Object, Key, K, Place);
  }
  /// Member Key of Object, when present, must be an array whose elements
  /// are objects; calls Each(element, its place) on each.
  template <typename Function>
  void objects(const json &Object, const char *Key, const std::string &Place,
               Function Each) {
    auto Found = Object.find(Key);
    if (Found == Object.end() || !expect(*Found, Kind::Array, join(Place, Key)))
      return;
    for (size_t I = 0; I < Found->size() && Problem.empty(); ++I) {
      std::string At = element(join(Place, Key), I);
      if (expect((*Found)[I], Kind::Object, At))
        Each((*Found)[I], At);
    }
  }
  std::string Problem;
  /// The place the places given are relative to, spelled out only for a
  /// message (a call tree's place is as long as it is deep).
  std::function<std::string()> Base;

private:
  std::string where(const std::string &Place) const {
    return Base ? join(Base(), Place) : Place;
  }
};

} // namespace

std::string checkRankExperiment(const json &Experiment) {
  namespace k = experiment_keys;
  Checker C;
  if (!C.expect(Experiment, Kind::Object, ""))
    return C.Problem;
  C.member(Experiment, "pid", Kind::Integer, "");
  C.member(Experiment, "hostname", Kind::String, "");
  C.member(Experiment, "program", Kind::String, "");
  C.member(Experiment, "threads", Kind::Unsigned, "");
  C.member(Experiment, "wall_time_seconds", Kind::Number, "");
  auto Ranks = Experiment.find(k::MpiRanks);
  if (Ranks != Experiment.end() && !Ranks->is_null())
    C.expect(*Ranks, Kind::Unsigned, k::MpiRanks);
  auto Metrics = Experiment.find(k::Metrics);
  if (Metrics != Experiment.end() && Metrics->is_object()) {
    std::string Place = k::Metrics;
    C.objects(*Metrics, k::Measured, Place,
              [&](const json &Metric, const std::string &At) {
                C.member(Metric, k::Accumulation, Kind::String, At);
                C.member(Metric, keys::Name, Kind::String, At);
                C.member(Metric, k::Unit, Kind::String, At);
              });
  }
  return C.Problem;
}

std::string checkRankRegions(const json &Regions) {
  Checker C;
  if (!C.expect(Regions, Kind::Object, ""))
    return C.Problem;
  C.objects(Regions, "regions", "",
            [&](const json &Region, const std::string &At) {
              C.required(Region, "id", Kind::Unsigned, At);
              for (const char *Key : {"name", "mangled", "file", "module"})
                C.member(Region, Key, Kind::String, At);
              C.member(Region, "begin_line", Kind::Unsigned, At);
            });
  return C.Problem;
}

std::string checkRankProfile(const json &Profile) {
  Checker C;
  if (!C.expect(Profile, Kind::Array, ""))
    return C.Problem;
  // Each array of nodes still to check and the next one: the place of a
  // node is spelled out from the stack only for a message.
  struct Pending {
    const json *Nodes;
    size_t Next;
  };
  std::vector<Pending> Stack{{&Profile, 0}};
  C.Base = [&Stack] {
    std::string Place;
    for (size_t Level = 0; Level < Stack.size(); ++Level)
      Place += (Level ? ".children[" : "[") +
               std::to_string(Stack[Level].Next - 1) + "]";
    return Place;
  };
  while (!Stack.empty() && C.Problem.empty()) {
    Pending &Top = Stack.back();
    if (Top.Next == Top.Nodes->size()) {
      Stack.pop_back();
      continue;
    }
    const json &Node = (*Top.Nodes)[Top.Next++];
    if (!C.expect(Node, Kind::Object, "") ||
        !C.member(Node, "frame", Kind::Object, "") ||
        !C.member(Node, "attributes", Kind::Object, ""))
      break;
    auto Frame = Node.find("frame");
    if (Frame != Node.end()) {
      C.member(*Frame, "name", Kind::String, "frame");
      C.member(*Frame, "type", Kind::String, "frame");
    }
    auto Attributes = Node.find("attributes");
    if (Attributes != Node.end())
      C.member(*Attributes, "region_id", Kind::Unsigned, "attributes");
    auto Children = Node.find("children");
    if (Children != Node.end() && Children->is_array() && C.Problem.empty())
      Stack.push_back({&*Children, 0});
  }
  return C.Problem;
}

std::string checkRankMpi(const json &Mpi) {
  namespace jk = job_keys;
  Checker C;
  if (!C.expect(Mpi, Kind::Object, ""))
    return C.Problem;
  for (const char *List : {"point_to_point", "one_sided"})
    C.objects(Mpi, List, "", [&](const json &Entry, const std::string &At) {
      C.member(Entry, jk::Partner, Kind::Integer, At);
      for (const char *Field : jk::TrafficFields)
        C.member(Entry, Field, Kind::Unsigned, At);
    });
  C.objects(Mpi, "functions", "", [&](const json &F, const std::string &At) {
    C.member(F, "name", Kind::String, At);
    for (const char *Field : jk::FunctionFields)
      C.member(F, Field, Kind::Number, At);
  });
  C.objects(Mpi, "other_pmpi_tools", "",
            [&](const json &Tool, const std::string &At) {
              C.member(Tool, "library", Kind::String, At);
              C.member(Tool, "position", Kind::String, At);
              C.member(Tool, "functions", Kind::Integer, At);
            });
  return C.Problem;
}

} // namespace format
} // namespace sextant
