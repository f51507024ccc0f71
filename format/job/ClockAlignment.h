//===- format/job/ClockAlignment.h - A job's common time base ---*- C++ -*-===//
//
// Part of Sextant. The clocks of an MPI job's ranks start at different
// origins and may run at slightly different rates (other hosts, other
// TSCs). The MPI adapter synchronises each rank's clock with the reference
// rank's (rank 0) over its communicator at MPI_Init and again at
// MPI_Finalize (mpi/ClockSync.h): each synchronisation gives a pair of
// simultaneous readings, this rank's ticks and the reference's ticks, from
// the ping-pong with the smallest round trip. They are kept in the rank's
// mpi.json as "clock_sync" (schema below and in docs/output-formats.md).
//
// ClockAlignment turns a rank's ticks into nanoseconds since the reference
// rank's origin: the offset between the clocks at each synchronisation,
// interpolated linearly between the first and the last one (and continued
// beyond them), which corrects a constant drift, as Score-P does. A drift
// beyond MaxPlausibleDrift (crystal oscillators stay within about 100 ppm)
// means that one synchronisation was imprecise (its ping-pongs were slow,
// e.g. on an oversubscribed host): then the offset of the one with the
// smaller round trip is used alone, and driftRejected() says so. With one
// synchronisation (the rank never reached MPI_Finalize) the offset is
// constant; without any (an experiment of an older Sextant, or no MPI
// adapter) the rank keeps its own origin.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_CLOCKALIGNMENT_H
#define SEXTANT_FORMAT_JOB_CLOCKALIGNMENT_H

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace sextant {
namespace format {

/// Keys of "clock_sync" in a rank's mpi.json.
namespace clock_keys {
constexpr char ClockSync[] = "clock_sync";
constexpr char ReferenceRank[] = "reference_rank";
constexpr char RoundTrips[] = "round_trips";
constexpr char Points[] = "points";
constexpr char At[] = "at";
constexpr char LocalTicks[] = "local_ticks";
constexpr char ReferenceTicks[] = "reference_ticks";
constexpr char RoundTripTicks[] = "round_trip_ticks";
constexpr char Hops[] = "hops";
constexpr char SharedClockOf[] = "shared_clock_of";
constexpr char ErrorBoundSeconds[] = "error_bound_seconds";
constexpr char ReferenceTicksPerSecond[] = "reference_ticks_per_second";
} // namespace clock_keys

/// One synchronisation: this rank's clock read LocalTicks when the
/// reference rank's read ReferenceTicks. Found through Hops pairs of
/// ping-pongs (mpi/ClockSync.h: 0 for rank 0 and the ranks that share a
/// clock with it), whose best round trips add up to RoundTripTicks of the
/// reference clock: the uncertainty is half of it, ErrorBoundSeconds. A
/// rank that shares its clock with another one (same kernel, same clock
/// source) took that rank's point: SharedWith (-1: its own).
struct ClockSyncPoint {
  std::string At; ///< "MPI_Init" or "MPI_Finalize"
  uint64_t LocalTicks = 0;
  uint64_t ReferenceTicks = 0;
  uint64_t RoundTripTicks = 0;
  unsigned Hops = 0;
  int SharedWith = -1;
  double ErrorBoundSeconds = 0;
  /// The reference clock's frequency as rank 0 knew it then (0: unknown,
  /// an older mpi.json).
  double ReferenceTicksPerSecond = 0;
};

/// A rank's "clock_sync".
struct ClockSync {
  int ReferenceRank = 0;
  unsigned RoundTrips = 0; ///< ping-pongs per synchronisation
  std::vector<ClockSyncPoint> Points;
};

nlohmann::json clockSyncJson(const ClockSync &Sync);
/// The "clock_sync" of a rank's mpi.json (an object); false with Error when
/// it is missing (an older mpi.json) or malformed.
bool readClockSync(const nlohmann::json &RankMpi, ClockSync &Sync,
                   std::string &Error);

/// What turns a clock's ticks into time: its origin (time zero of the
/// process's traces) and its frequency, from a trace file's header.
struct ClockScale {
  uint64_t OriginTicks = 0;
  double TicksPerSecond = 1e9;

  /// Nanoseconds from the origin to Ticks (negative before it).
  double nanoseconds(uint64_t Ticks) const {
    double Delta = Ticks >= OriginTicks
                       ? static_cast<double>(Ticks - OriginTicks)
                       : -static_cast<double>(OriginTicks - Ticks);
    return Delta * 1e9 / TicksPerSecond;
  }
};

/// The largest drift between two ranks' clocks taken for real: 500 ppm.
constexpr double MaxPlausibleDrift = 5e-4;

/// Maps one rank's ticks to the job's common time base.
class ClockAlignment {
public:
  /// The rank's own time: nanoseconds since its own origin.
  explicit ClockAlignment(ClockScale Local = ClockScale()) : Local(Local) {}

  /// The alignment from Sync's points, the rank's clock Local and the
  /// reference rank's clock Reference: nanoseconds since the reference's
  /// origin. No points: the rank's own time.
  static ClockAlignment fromSync(const ClockSync &Sync, ClockScale Local,
                                 ClockScale Reference);

  /// Time of Ticks in nanoseconds on the common base.
  double nanoseconds(uint64_t Ticks) const {
    double Own = Local.nanoseconds(Ticks);
    return Own + Offset + Drift * (Own - Anchor);
  }

  /// Points used: 0 (own origin), 1 (constant offset) or 2 (offset and
  /// drift).
  unsigned points() const { return Points; }
  /// Offset at the first synchronisation (ns) and the drift (ns per ns).
  double offset() const { return Offset; }
  double drift() const { return Drift; }
  /// Whether two synchronisations implied an implausible drift, so that
  /// only the more precise one is used.
  bool driftRejected() const { return DriftRejected; }
  /// The drift the two synchronisations implied, used or rejected (0 with
  /// fewer points).
  double measuredDrift() const { return MeasuredDrift; }

private:
  ClockScale Local;
  unsigned Points = 0;
  double Anchor = 0; ///< own time of the first synchronisation
  double Offset = 0;
  double Drift = 0;
  double MeasuredDrift = 0;
  bool DriftRejected = false;
};

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_CLOCKALIGNMENT_H
