//===- runtime/output/ExperimentInfo.cpp - Metadata of one measured run ---===//
//
// Part of Sextant. Formatting helpers for experiment metadata.
//
//===----------------------------------------------------------------------===//

#include "runtime/output/ExperimentInfo.h"

#include <cstdio>

namespace sextant {
namespace runtime {

std::string formatUtcTime(const timespec &Time) {
  std::tm Utc{};
  time_t Seconds = Time.tv_sec;
  gmtime_r(&Seconds, &Utc);
  char Buffer[64];
  std::snprintf(Buffer, sizeof(Buffer), "%04d-%02d-%02dT%02d:%02d:%02d.%09ldZ",
                Utc.tm_year + 1900, Utc.tm_mon + 1, Utc.tm_mday, Utc.tm_hour,
                Utc.tm_min, Utc.tm_sec, static_cast<long>(Time.tv_nsec));
  return Buffer;
}

} // namespace runtime
} // namespace sextant
