//===- format/job/ProfileRanksJson.cpp - profile-ranks.json ---------------===//
//
// Part of Sextant. See ProfileRanksJson.h.
//
//===----------------------------------------------------------------------===//

#include "format/job/ProfileRanksJson.h"

namespace sextant {
namespace format {

ProfileRanksWriter::ProfileRanksWriter(std::string &Out,
                                       const std::vector<int> &RanksRead,
                                       RankRange Range, int RankCount,
                                       const JobMetrics &Metrics)
    : Out(Out), Writer(Out), Range(Range), RankCount(RankCount),
      Metrics(Metrics) {
  Writer.beginObject();
  Writer.member(keys::Format, ProfileRanksFormat.Name);
  Writer.memberUnsigned(keys::FormatVersion, ProfileRanksFormat.Version);
  Writer.memberUnsigned(keys::Ranks, static_cast<uint64_t>(RankCount));
  Writer.key(job_keys::RanksRead);
  Writer.beginArray();
  for (int Rank : RanksRead)
    Writer.unsignedNumber(static_cast<uint64_t>(Rank));
  Writer.endArray();
  Writer.key(job_keys::MetricNames);
  Writer.beginArray();
  for (const std::string &Name : Metrics.Names)
    Writer.string(Name);
  Writer.endArray();
  Writer.key(job_keys::Nodes);
  Writer.beginArray();
}

void ProfileRanksWriter::node(uint64_t NodeId, uint64_t ParentId,
                              const MergedNode &Node) {
  Writer.lineBreak();
  Writer.beginObject();
  Writer.memberUnsigned(keys::NodeId, NodeId);
  Writer.key(job_keys::ParentId);
  if (ParentId == NoParent)
    Writer.null();
  else
    Writer.unsignedNumber(ParentId);
  Writer.member(keys::Name, Node.Name);
  Writer.memberUnsigned(keys::RegionId, Node.Region);
  Writer.memberUnsigned(keys::Ranks, static_cast<uint64_t>(Node.Present));
  Writer.key(keys::Metrics);
  Writer.beginObject();
  for (size_t M = 0; M < Metrics.Names.size(); ++M) {
    RankStatistics Stats = Node.Values.statistics(M, Range, RankCount);
    Writer.key(Metrics.Names[M]);
    Writer.beginObject();
    Writer.key(job_keys::Min);
    Writer.realNumber(Stats.Min);
    Writer.key(job_keys::Mean);
    Writer.realNumber(Stats.Mean);
    Writer.key(job_keys::Max);
    Writer.realNumber(Stats.Max);
    Writer.key(job_keys::Imbalance);
    if (Stats.Mean > 0)
      Writer.realNumber(Stats.Max / Stats.Mean);
    else
      Writer.null();
    Writer.key(job_keys::MinRank);
    Writer.signedNumber(Stats.MinRank);
    Writer.key(job_keys::MaxRank);
    Writer.signedNumber(Stats.MaxRank);
    Writer.endObject();
  }
  Writer.endObject();
  Writer.endObject();
}

void ProfileRanksWriter::finish() {
  Writer.lineBreak();
  Writer.endArray();
  Writer.endObject();
  Out += '\n';
}

} // namespace format
} // namespace sextant
