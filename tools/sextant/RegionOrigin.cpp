//===- tools/sextant/RegionOrigin.cpp - Who measures a region -------------===//
//
// Part of Sextant. Classifying the regions of an experiment by origin.
//
//===----------------------------------------------------------------------===//

#include "RegionOrigin.h"

namespace sextant {
namespace tool {

RegionOrigin regionOrigin(const format::RegionFlags &Flags) {
  // A region has at most one of these flags; the user API is checked first
  // since such regions are never filtered by `sextant score -g`.
  if (Flags.User)
    return RegionOrigin::UserRegion;
  if (Flags.OpenMP)
    return RegionOrigin::OpenMPConstruct;
  if (Flags.Mpi)
    return RegionOrigin::MpiFunction;
  if (Flags.Library)
    return RegionOrigin::LibraryFunction;
  return RegionOrigin::CompiledFunction;
}

bool compileTimeFilterApplies(RegionOrigin Origin) {
  return Origin == RegionOrigin::CompiledFunction;
}

const char *regionOriginText(RegionOrigin Origin) {
  switch (Origin) {
  case RegionOrigin::CompiledFunction:
    return "instrumented function";
  case RegionOrigin::OpenMPConstruct:
    return "OpenMP construct";
  case RegionOrigin::MpiFunction:
    return "MPI function";
  case RegionOrigin::LibraryFunction:
    return "wrapped library function";
  case RegionOrigin::UserRegion:
    return "user region";
  }
  return "region";
}

} // namespace tool
} // namespace sextant
