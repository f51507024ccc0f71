//===- format/job/ClockAlignment.cpp - A job's common time base -----------===//
//
// Part of Sextant. See ClockAlignment.h.
//
//===----------------------------------------------------------------------===//

#include "format/job/ClockAlignment.h"

#include <cmath>

namespace sextant {
namespace format {

using nlohmann::json;

json clockSyncJson(const ClockSync &Sync) {
  json Points = json::array();
  for (const ClockSyncPoint &Point : Sync.Points)
    Points.push_back(
        {{clock_keys::At, Point.At},
         {clock_keys::LocalTicks, Point.LocalTicks},
         {clock_keys::ReferenceTicks, Point.ReferenceTicks},
         {clock_keys::RoundTripTicks, Point.RoundTripTicks},
         {clock_keys::Hops, Point.Hops},
         {clock_keys::SharedClockOf,
          Point.SharedWith >= 0 ? json(Point.SharedWith) : json()},
         {clock_keys::ErrorBoundSeconds, Point.ErrorBoundSeconds},
         {clock_keys::ReferenceTicksPerSecond, Point.ReferenceTicksPerSecond}});
  return {{clock_keys::ReferenceRank, Sync.ReferenceRank},
          {clock_keys::RoundTrips, Sync.RoundTrips},
          {clock_keys::Points, Points}};
}

bool readClockSync(const json &RankMpi, ClockSync &Sync, std::string &Error) {
  Sync = ClockSync();
  auto Found = RankMpi.is_object() ? RankMpi.find(clock_keys::ClockSync)
                                   : RankMpi.end();
  if (!RankMpi.is_object() || Found == RankMpi.end() || Found->is_null()) {
    Error = "no \"clock_sync\" (written by Sextant's MPI adapter since "
            "mpi.json version 2)";
    return false;
  }
  const json &Object = *Found;
  auto Unsigned = [](const json &Value) { return Value.is_number_unsigned(); };
  if (!Object.is_object() ||
      !Object.value(clock_keys::ReferenceRank, json()).is_number_integer() ||
      !Object.value(clock_keys::Points, json()).is_array()) {
    Error = "\"clock_sync\" is not an object with \"reference_rank\" and "
            "\"points\"";
    return false;
  }
  Sync.ReferenceRank = Object[clock_keys::ReferenceRank].get<int>();
  Sync.RoundTrips = Object.value(clock_keys::RoundTrips, 0u);
  for (const json &Entry : Object[clock_keys::Points]) {
    if (!Entry.is_object() ||
        !Unsigned(Entry.value(clock_keys::LocalTicks, json())) ||
        !Unsigned(Entry.value(clock_keys::ReferenceTicks, json())) ||
        !Unsigned(Entry.value(clock_keys::RoundTripTicks, json()))) {
      Error = "a point of \"clock_sync\" lacks \"local_ticks\", "
              "\"reference_ticks\" or \"round_trip_ticks\"";
      return false;
    }
    ClockSyncPoint Point;
    Point.At = Entry.value(clock_keys::At, std::string());
    Point.LocalTicks = Entry[clock_keys::LocalTicks].get<uint64_t>();
    Point.ReferenceTicks = Entry[clock_keys::ReferenceTicks].get<uint64_t>();
    Point.RoundTripTicks = Entry[clock_keys::RoundTripTicks].get<uint64_t>();
    // Written since the tree synchronisation; older points had one pair.
    const json &Hops = Entry.value(clock_keys::Hops, json());
    Point.Hops = Hops.is_number_unsigned() ? Hops.get<unsigned>() : 1u;
    const json &Shared = Entry.value(clock_keys::SharedClockOf, json());
    Point.SharedWith = Shared.is_number_integer() ? Shared.get<int>() : -1;
    const json &Bound = Entry.value(clock_keys::ErrorBoundSeconds, json());
    Point.ErrorBoundSeconds = Bound.is_number() ? Bound.get<double>() : 0.0;
    const json &Frequency =
        Entry.value(clock_keys::ReferenceTicksPerSecond, json());
    Point.ReferenceTicksPerSecond =
        Frequency.is_number() ? Frequency.get<double>() : 0.0;
    Sync.Points.push_back(Point);
  }
  return true;
}

ClockAlignment ClockAlignment::fromSync(const ClockSync &Sync,
                                        ClockScale Local,
                                        ClockScale Reference) {
  ClockAlignment Result(Local);
  if (Sync.Points.empty())
    return Result;
  auto OffsetAt = [&](const ClockSyncPoint &Point) {
    return Reference.nanoseconds(Point.ReferenceTicks) -
           Local.nanoseconds(Point.LocalTicks);
  };
  const ClockSyncPoint &First = Sync.Points.front();
  const ClockSyncPoint &Last = Sync.Points.back();
  Result.Anchor = Local.nanoseconds(First.LocalTicks);
  Result.Offset = OffsetAt(First);
  Result.Points = 1;
  double Span = Local.nanoseconds(Last.LocalTicks) - Result.Anchor;
  if (Sync.Points.size() < 2 || !(Span > 0))
    return Result;
  double Drift = (OffsetAt(Last) - Result.Offset) / Span;
  Result.MeasuredDrift = Drift;
  if (std::fabs(Drift) <= MaxPlausibleDrift) {
    Result.Drift = Drift;
    Result.Points = 2;
    return Result;
  }
  // A slow ping-pong (a descheduled rank) made one offset imprecise: the
  // one with the smaller round trip is used alone.
  Result.DriftRejected = true;
  if (Last.RoundTripTicks < First.RoundTripTicks) {
    Result.Anchor = Local.nanoseconds(Last.LocalTicks);
    Result.Offset = OffsetAt(Last);
  }
  return Result;
}

} // namespace format
} // namespace sextant
