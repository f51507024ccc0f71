//===- format/ProfileRanksJson.cpp - profile-ranks.json -------------------===//
//
// Part of Sextant. See ProfileRanksJson.h.
//
//===----------------------------------------------------------------------===//

#include "format/ProfileRanksJson.h"

#include "format/CrossRankStatistics.h"

namespace sextant {
namespace format {

ProfileRanksWriter::ProfileRanksWriter(std::string &Out,
                                       const RankPositions &Ranks,
                                       const JobMetrics &Metrics)
    : Out(Out), Writer(Out), Ranks(Ranks), Metrics(Metrics) {
  Writer.beginObject();
  Writer.member(keys::Format, ProfileRanksFormat.Name);
  Writer.memberUnsigned(keys::FormatVersion, ProfileRanksFormat.Version);
  Writer.memberUnsigned(keys::Ranks, static_cast<uint64_t>(Ranks.RankCount));
  Writer.key(job_keys::RanksRead);
  Writer.beginArray();
  for (int Rank : Ranks.RankOf)
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
                              const MergedNode &Node, int RanksPresent) {
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
  Writer.memberUnsigned(keys::Ranks, static_cast<uint64_t>(RanksPresent));
  Writer.key(keys::Metrics);
  Writer.beginObject();
  for (size_t M = 0; M < Metrics.Names.size(); ++M) {
    RankStatistics Stats = rankStatistics(Ranks.perRank(Node.Values[M]));
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
