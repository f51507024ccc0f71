//===- format/job/PartialJobCodec.cpp - A partial job as bytes ------------===//
//
// Part of Sextant. See PartialJobCodec.h: serialize() and deserialize(), a
// compact binary encoding of the partial, written field by field (no DOM):
//
//   header   the 4 bytes "SXPJ", then the version, 4 bytes little-endian;
//   strings  a table: their count, then each as its length and bytes; every
//            string below (names, types, metric and function names, the
//            keys and string values of embedded JSON) is its index here,
//            so that a name repeated over thousands of nodes is sent once;
//   body     the partial's fields in a fixed order: counts and unsigned
//            values as LEB128 varints, signed values (ranks, -1: none)
//            zigzag-encoded varints, doubles as 8 bytes little-endian, the
//            call tree as the root's number of children then a flat
//            preorder list of nodes each with its number of children
//            (neither side recurses over its depth),
//            the few free-form JSON values (a region's entry, a node's
//            attributes, a rank's experiment entry) as tagged values.
//
// Every read is length-checked: bytes cut short, a varint longer than 64
// bits, a count larger than the bytes left, an index outside the string
// table, JSON nested deeper than MaximumDepth, trailing bytes, and fields
// that contradict the partial (ranks outside its range, unknown regions or
// MPI functions, a repeated call path) are an error naming what was being read
// and at which byte; nothing reads outside the bytes.
//
//===----------------------------------------------------------------------===//

#include "format/job/PartialJobCodec.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

namespace sextant {
namespace format {

using nlohmann::json;

namespace {

constexpr char Magic[4] = {'S', 'X', 'P', 'J'};
constexpr uint32_t CodecVersion = 2;
/// Deeper embedded JSON values are rejected (regions, attributes and the
/// experiment are a few levels deep; the tree is flat).
constexpr int MaximumDepth = 64;

/// The tags of embedded JSON values.
enum JsonTag : uint8_t {
  TagNull,
  TagFalse,
  TagTrue,
  TagUnsigned,
  TagSigned,
  TagDouble,
  TagString,
  TagArray,
  TagObject
};

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

class Writer {
public:
  void unsignedValue(uint64_t Value) {
    do {
      uint8_t Byte = Value & 0x7f;
      Value >>= 7;
      Body.push_back(static_cast<char>(Byte | (Value ? 0x80 : 0)));
    } while (Value);
  }
  void signedValue(int64_t Value) {
    unsignedValue((static_cast<uint64_t>(Value) << 1) ^
                  static_cast<uint64_t>(Value >> 63));
  }
  void boolean(bool Value) { Body.push_back(Value ? 1 : 0); }
  void real(double Value) {
    uint64_t Bits;
    std::memcpy(&Bits, &Value, sizeof Bits);
    for (int Byte = 0; Byte < 8; ++Byte)
      Body.push_back(static_cast<char>(Bits >> (8 * Byte)));
  }
  /// Value's index in the table (added on first use). Value must outlive
  /// the writer: it is a string of the partial being written.
  void string(std::string_view Value) {
    auto [Entry, Added] = Index.emplace(Value, Strings.size());
    if (Added)
      Strings.push_back(Value);
    unsignedValue(Entry->second);
  }
  void value(const json &Value);
  void held(const HeldAggregates &H);
  void traffic(const SparseTraffic &Row);
  void record(const RankRecord &R);

  /// The header, the string table and the body.
  std::string finish() const {
    Writer Table;
    Table.unsignedValue(Strings.size());
    for (std::string_view S : Strings) {
      Table.unsignedValue(S.size());
      Table.Body += S;
    }
    std::string Bytes(Magic, sizeof Magic);
    for (int Byte = 0; Byte < 4; ++Byte)
      Bytes.push_back(static_cast<char>(CodecVersion >> (8 * Byte)));
    Bytes.reserve(Bytes.size() + Table.Body.size() + Body.size());
    Bytes += Table.Body;
    Bytes += Body;
    return Bytes;
  }

private:
  std::string Body;
  std::unordered_map<std::string_view, uint64_t> Index;
  std::vector<std::string_view> Strings;
};

void Writer::value(const json &Value) {
  // Recursive: embedded values are a few levels deep (the reader rejects
  // more than MaximumDepth).
  switch (Value.type()) {
  case json::value_t::boolean:
    Body.push_back(Value.get<bool>() ? TagTrue : TagFalse);
    return;
  case json::value_t::number_unsigned:
    Body.push_back(TagUnsigned);
    unsignedValue(Value.get<uint64_t>());
    return;
  case json::value_t::number_integer:
    Body.push_back(TagSigned);
    signedValue(Value.get<int64_t>());
    return;
  case json::value_t::number_float:
    Body.push_back(TagDouble);
    real(Value.get<double>());
    return;
  case json::value_t::string:
    Body.push_back(TagString);
    string(Value.get_ref<const std::string &>());
    return;
  case json::value_t::array:
    Body.push_back(TagArray);
    unsignedValue(Value.size());
    for (const json &Element : Value)
      value(Element);
    return;
  case json::value_t::object:
    Body.push_back(TagObject);
    unsignedValue(Value.size());
    for (const auto &[Key, Element] : Value.items()) {
      string(Key);
      value(Element);
    }
    return;
  default: // null; binary and discarded values do not occur in a partial
    Body.push_back(TagNull);
  }
}

void Writer::held(const HeldAggregates &H) {
  signedValue(H.Holders);
  signedValue(H.LowestHolder);
  signedValue(H.LowestLacking);
  unsignedValue(H.Values.size());
  for (const RankAggregate &A : H.Values) {
    for (uint64_t Limb : A.Sum.Limbs)
      unsignedValue(Limb);
    real(A.Min);
    signedValue(A.MinRank);
    real(A.Max);
    signedValue(A.MaxRank);
  }
}

void Writer::traffic(const SparseTraffic &Row) {
  unsignedValue(Row.size());
  for (const auto &[Partner, T] : Row) {
    signedValue(Partner);
    unsignedValue(T.MessagesSent);
    unsignedValue(T.BytesSent);
    unsignedValue(T.MessagesReceived);
    unsignedValue(T.BytesReceived);
  }
}

void Writer::record(const RankRecord &R) {
  signedValue(R.Rank);
  boolean(R.Read);
  boolean(R.MpiRead);
  value(R.Entry);
  value(R.EndedBy);
  traffic(R.PointToPoint);
  traffic(R.OneSided);
  unsignedValue(R.Functions.size());
  for (const auto &[Name, Counts] : R.Functions) {
    string(Name);
    for (double Count : Counts)
      real(Count);
  }
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

/// A length-checked cursor over the bytes; every failure throws a
/// std::runtime_error naming What and the byte offset.
class ByteReader {
public:
  explicit ByteReader(const std::string &Bytes) : Bytes(Bytes) {}

  [[noreturn]] void fail(const char *What, const char *Problem) const {
    throw std::runtime_error(std::string(Problem) + " reading " + What +
                             " at byte " + std::to_string(At));
  }
  void require(bool Condition, const char *What, const char *Problem) const {
    if (!Condition)
      fail(What, Problem);
  }
  size_t left() const { return Bytes.size() - At; }
  bool atEnd() const { return At == Bytes.size(); }

  uint8_t byte(const char *What) {
    require(At < Bytes.size(), What, "bytes cut short");
    return static_cast<uint8_t>(Bytes[At++]);
  }
  uint64_t unsignedValue(const char *What) {
    uint64_t Value = 0;
    for (int Shift = 0;; Shift += 7) {
      uint8_t Byte = byte(What);
      require(Shift < 63 || Byte <= 1, What, "a varint over 64 bits");
      Value |= static_cast<uint64_t>(Byte & 0x7f) << Shift;
      if (!(Byte & 0x80))
        return Value;
    }
  }
  int64_t signedValue(const char *What) {
    uint64_t Value = unsignedValue(What);
    return static_cast<int64_t>(Value >> 1) ^ -static_cast<int64_t>(Value & 1);
  }
  /// A signed value that fits an int.
  int integer(const char *What) {
    int64_t Value = signedValue(What);
    require(Value >= INT32_MIN && Value <= INT32_MAX, What, "out of range");
    return static_cast<int>(Value);
  }
  /// A count of items of at least one byte each: not more than the bytes
  /// left, so that garbage cannot make a huge allocation.
  size_t count(const char *What) {
    uint64_t Value = unsignedValue(What);
    require(Value <= left(), What, "a count larger than the bytes left");
    return static_cast<size_t>(Value);
  }
  bool boolean(const char *What) {
    uint8_t Byte = byte(What);
    require(Byte <= 1, What, "not a boolean");
    return Byte == 1;
  }
  double real(const char *What) {
    require(left() >= 8, What, "bytes cut short");
    uint64_t Bits = 0;
    for (int Byte = 0; Byte < 8; ++Byte)
      Bits |= static_cast<uint64_t>(static_cast<uint8_t>(Bytes[At++]))
              << (8 * Byte);
    double Value;
    std::memcpy(&Value, &Bits, sizeof Value);
    return Value;
  }
  /// The raw bytes of a string of the table.
  std::string_view raw(size_t Length, const char *What) {
    require(Length <= left(), What, "bytes cut short");
    std::string_view View(Bytes.data() + At, Length);
    At += Length;
    return View;
  }

private:
  const std::string &Bytes;
  size_t At = 0;
};

/// Reads the fields of a partial back, checking each.
class Reader {
public:
  Reader(const std::string &Bytes, PartialJob &Partial)
      : In(Bytes), Partial(Partial) {}

  void read();

private:
  ByteReader In;
  PartialJob &Partial;
  std::vector<std::string_view> Strings;

  void require(bool Condition, const char *What, const char *Problem) const {
    In.require(Condition, What, Problem);
  }
  std::string string(const char *What) {
    uint64_t Index = In.unsignedValue(What);
    require(Index < Strings.size(), What, "an unknown string");
    return std::string(Strings[Index]);
  }
  json value(const char *What, int Depth = 0);
  bool inRange(int Rank) const {
    return Rank >= Partial.Range.Lo && Rank < Partial.Range.Hi;
  }
  int rank(const char *What) {
    int Rank = In.integer(What);
    require(Rank == -1 || inRange(Rank), What, "a rank outside the range");
    return Rank;
  }
  int rankCount(const char *What) {
    int Count = In.integer(What);
    require(Count >= 0 && Count <= Partial.Range.Hi - Partial.Range.Lo, What,
            "more ranks than the range");
    return Count;
  }
  uint32_t region(const char *What) {
    uint64_t Region = In.unsignedValue(What);
    require(Region >= 1 && Region <= Partial.Regions.regions().size(), What,
            "an unknown region");
    return static_cast<uint32_t>(Region);
  }
  HeldAggregates held(size_t Count, const char *What);
  void readMetrics();
  void readNodes();
  SparseTraffic traffic(const char *What);
  void readRecord();
};

json Reader::value(const char *What, int Depth) {
  require(Depth < MaximumDepth, What, "JSON nested too deep");
  switch (In.byte(What)) {
  case TagNull:
    return nullptr;
  case TagFalse:
    return false;
  case TagTrue:
    return true;
  case TagUnsigned:
    return In.unsignedValue(What);
  case TagSigned:
    return In.signedValue(What);
  case TagDouble:
    return In.real(What);
  case TagString:
    return string(What);
  case TagArray: {
    json Array = json::array();
    for (size_t I = 0, N = In.count(What); I < N; ++I)
      Array.push_back(value(What, Depth + 1));
    return Array;
  }
  case TagObject: {
    json Object = json::object();
    json::object_t &Members = Object.get_ref<json::object_t &>();
    for (size_t I = 0, N = In.count(What); I < N; ++I) {
      std::string Key = string(What);
      Members[std::move(Key)] = value(What, Depth + 1);
    }
    return Object;
  }
  default:
    In.fail(What, "an unknown JSON tag");
  }
}

HeldAggregates Reader::held(size_t Count, const char *What) {
  HeldAggregates H;
  H.Holders = rankCount(What);
  H.LowestHolder = rank(What);
  H.LowestLacking = rank(What);
  require(In.count(What) == Count, What, "a wrong number of values");
  H.Values.resize(Count);
  for (RankAggregate &A : H.Values) {
    for (uint64_t &Limb : A.Sum.Limbs)
      Limb = In.unsignedValue(What);
    A.Min = In.real(What);
    A.MinRank = rank(What);
    A.Max = In.real(What);
    A.MaxRank = rank(What);
  }
  return H;
}

void Reader::readMetrics() {
  JobMetrics Defaults;
  Partial.Metrics.Names.clear();
  Partial.Metrics.Integer.clear();
  for (size_t M = 0, N = In.count("the metrics"); M < N; ++M) {
    Partial.Metrics.Names.push_back(string("a metric's name"));
    Partial.Metrics.Integer.push_back(In.boolean("a metric's kind"));
  }
  require(Partial.Metrics.Names.size() >= Defaults.Names.size() &&
              std::equal(Defaults.Names.begin(), Defaults.Names.end(),
                         Partial.Metrics.Names.begin()),
          "the metrics", "not the job's first metrics");
}

void Reader::readNodes() {
  // The nodes whose children are still to come, with their number (each
  // child takes bytes: the stack is bounded by the bytes, not trusted).
  std::vector<std::pair<MergedNode *, size_t>> Open{
      {&Partial.Root, In.count("the call tree")}};
  while (!Open.empty()) {
    if (Open.back().second == 0) {
      Open.pop_back();
      continue;
    }
    --Open.back().second;
    MergedNode &Parent = *Open.back().first;
    auto Node = std::make_unique<MergedNode>();
    Node->Region = region("a node's region");
    Node->Name = string("a node's name");
    Node->Type = string("a node's type");
    Node->Attributes = value("a node's attributes");
    Node->Present = rankCount("a node's present ranks");
    Node->Values = held(Partial.Metrics.Names.size(), "a node's values");
    size_t Children = In.count("a node's number of children");
    require(Parent.ChildByRegion.emplace(Node->Region, Node.get()).second,
            "a node", "a repeated call path");
    Parent.Children.push_back(std::move(Node));
    Open.push_back({Parent.Children.back().get(), Children});
  }
}

SparseTraffic Reader::traffic(const char *What) {
  SparseTraffic Row(In.count(What));
  for (auto &[Partner, T] : Row) {
    Partner = In.integer(What);
    require(Partner >= 0, What, "a negative partner");
    T.MessagesSent = In.unsignedValue(What);
    T.BytesSent = In.unsignedValue(What);
    T.MessagesReceived = In.unsignedValue(What);
    T.BytesReceived = In.unsignedValue(What);
  }
  return Row;
}

void Reader::readRecord() {
  RankRecord R;
  R.Rank = In.integer("a rank's record");
  require(inRange(R.Rank) &&
              (Partial.Ranks.empty() || Partial.Ranks.back().Rank < R.Rank),
          "a rank's record", "a rank outside the range or out of order");
  R.Read = In.boolean("a rank's record");
  R.MpiRead = In.boolean("a rank's record");
  R.Entry = value("a rank's experiment entry");
  R.EndedBy = value("a rank's ended_by");
  R.PointToPoint = traffic("a rank's point-to-point partners");
  R.OneSided = traffic("a rank's one-sided partners");
  for (size_t F = 0, N = In.count("a rank's MPI functions"); F < N; ++F) {
    std::string Name = string("an MPI function's name");
    require(Partial.Functions.count(Name), "an MPI function's name",
            "an unknown MPI function");
    auto &Counts = R.Functions[Name];
    for (double &Count : Counts)
      Count = In.real("an MPI function's counters");
  }
  Partial.Ranks.push_back(std::move(R));
}

void Reader::read() {
  std::string_view Header = In.raw(sizeof Magic, "the header");
  require(Header == std::string_view(Magic, sizeof Magic), "the header",
          "not a partial job");
  uint32_t Version = 0;
  for (int Byte = 0; Byte < 4; ++Byte)
    Version |= static_cast<uint32_t>(In.byte("the version")) << (8 * Byte);
  require(Version == CodecVersion, "the version", "an unknown version");
  for (size_t S = 0, N = In.count("the string table"); S < N; ++S)
    Strings.push_back(
        In.raw(In.count("a string's length"), "a string of the table"));

  int Lo = In.integer("the range"), Hi = In.integer("the range");
  require(Lo >= 0 && Lo <= Hi, "the range", "not a range of ranks");
  Partial.Range = {Lo, Hi};
  Partial.DeclaredRanks = In.integer("the declared ranks");
  for (size_t R = 0, N = In.count("the regions"); R < N; ++R) {
    json Region = value("a region");
    require(Region.is_object(), "a region", "not an object");
    size_t Before = Partial.Regions.regions().size();
    require(Partial.Regions.add(std::move(Region)) == Before + 1, "a region",
            "a repeated region");
  }
  Partial.RegionsVersion = value("the regions' version");
  Partial.FirstExperiment = value("the first experiment");
  readMetrics();
  readNodes();
  for (size_t T = 0, N = In.count("the region times"); T < N; ++T) {
    uint32_t Region = region("a region time");
    Partial.Times[Region] = held(RegionTimeCount, "a region time");
  }
  for (size_t F = 0, N = In.count("the MPI functions"); F < N; ++F) {
    std::string Name = string("an MPI function");
    Partial.Functions[Name] =
        held(job_keys::FunctionFieldCount, "an MPI function");
  }
  for (size_t R = 0, N = In.count("the rank records"); R < N; ++R)
    readRecord();
  Partial.Tools = value("the tools");
  require(Partial.Tools.is_array(), "the tools", "not an array");
  for (size_t P = 0, N = In.count("the problems"); P < N; ++P)
    Partial.Problems.push_back(string("a problem"));
  require(In.atEnd(), "the end", "trailing bytes");
}

} // namespace

std::string serialize(const PartialJob &Partial) {
  Writer Out;
  Out.signedValue(Partial.Range.Lo);
  Out.signedValue(Partial.Range.Hi);
  Out.signedValue(Partial.DeclaredRanks);
  Out.unsignedValue(Partial.Regions.regions().size());
  for (const json &Region : Partial.Regions.regions())
    Out.value(Region);
  Out.value(Partial.RegionsVersion);
  Out.value(Partial.FirstExperiment);
  Out.unsignedValue(Partial.Metrics.Names.size());
  for (size_t M = 0; M < Partial.Metrics.Names.size(); ++M) {
    Out.string(Partial.Metrics.Names[M]);
    Out.boolean(Partial.Metrics.Integer[M]);
  }
  // The tree in preorder, without recursion: the root's number of
  // children, then each node with its number of children.
  Out.unsignedValue(Partial.Root.Children.size());
  std::vector<const MergedNode *> Pending;
  for (auto Child = Partial.Root.Children.rbegin();
       Child != Partial.Root.Children.rend(); ++Child)
    Pending.push_back(Child->get());
  while (!Pending.empty()) {
    const MergedNode *Node = Pending.back();
    Pending.pop_back();
    Out.unsignedValue(Node->Region);
    Out.string(Node->Name);
    Out.string(Node->Type);
    Out.value(Node->Attributes);
    Out.signedValue(Node->Present);
    Out.held(Node->Values);
    Out.unsignedValue(Node->Children.size());
    for (auto Child = Node->Children.rbegin(); Child != Node->Children.rend();
         ++Child)
      Pending.push_back(Child->get());
  }
  Out.unsignedValue(Partial.Times.size());
  for (const auto &[Region, Held] : Partial.Times) {
    Out.unsignedValue(Region);
    Out.held(Held);
  }
  Out.unsignedValue(Partial.Functions.size());
  for (const auto &[Name, Held] : Partial.Functions) {
    Out.string(Name);
    Out.held(Held);
  }
  Out.unsignedValue(Partial.Ranks.size());
  for (const RankRecord &R : Partial.Ranks)
    Out.record(R);
  Out.value(Partial.Tools);
  Out.unsignedValue(Partial.Problems.size());
  for (const std::string &Problem : Partial.Problems)
    Out.string(Problem);
  return Out.finish();
}

bool deserialize(const std::string &Bytes, PartialJob &Partial,
                 std::string &Error) {
  PartialJob Read;
  try {
    Reader(Bytes, Read).read();
  } catch (const std::exception &Failure) {
    Error = std::string("malformed partial job: ") + Failure.what();
    return false;
  }
  Partial = std::move(Read);
  return true;
}

} // namespace format
} // namespace sextant
