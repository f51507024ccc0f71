//===- runtime/regions/RegionRegistry.cpp - Table of registered regions ---===//
//
// Part of Sextant. Region identity, id assignment and runtime filtering.
//
//===----------------------------------------------------------------------===//

#include "runtime/regions/RegionRegistry.h"

#include <new>

namespace sextant {
namespace runtime {

namespace {

std::string identityKey(const RegionIdentity &Region) {
  std::string Key;
  Key.reserve(Region.MangledName.size() + Region.File.size() +
              Region.Module.size() + 16);
  Key.append(Region.MangledName.data(), Region.MangledName.size());
  Key += '\0';
  Key.append(Region.File.data(), Region.File.size());
  Key += '\0';
  Key += std::to_string(Region.BeginLine);
  Key += '\0';
  Key.append(Region.Module.data(), Region.Module.size());
  return Key;
}

} // namespace

RegionRegistry::RegionRegistry(const filter::FilterSet *Filter)
    : Filter(Filter) {}

RegionRegistry::Registration RegionRegistry::add(const RegionIdentity &Region) {
  std::string Key = identityKey(Region);
  std::lock_guard<std::mutex> Lock(Mutex);
  auto Found = IdByKey.find(Key);
  if (Found != IdByKey.end())
    return {Found->second, Regions[Found->second - 1].Filtered, false};

  if (Regions.size() >= MaxRegionId)
    throw std::bad_alloc();
  RegionInfo Info;
  Info.Id = static_cast<uint32_t>(Regions.size() + 1);
  Info.DisplayName = std::string(Region.DisplayName);
  if (Info.DisplayName.empty())
    Info.DisplayName = std::string(Region.MangledName);
  if (Info.DisplayName.empty())
    Info.DisplayName = "<unnamed>";
  Info.MangledName = std::string(Region.MangledName);
  Info.File = std::string(Region.File);
  Info.BeginLine = Region.BeginLine;
  Info.EndLine = Region.EndLine;
  Info.Flags = Region.Flags;
  Info.Module = std::string(Region.Module);
  if (Filter && !Filter->empty()) {
    filter::Decision Verdict =
        Filter->decide({Region.DisplayName, Region.MangledName, Region.File});
    Info.Filtered = !Verdict.Included;
    Info.FilterReason = std::move(Verdict.Reason);
    Info.FilterRuleMatched = Verdict.Matched;
    Info.FilterRule = std::move(Verdict.Rule);
    Info.FilterRuleText = std::move(Verdict.RuleText);
    Info.FilterPattern = std::move(Verdict.Pattern);
  } else {
    Info.FilterReason = "included: no runtime filter";
  }

  if (Regions.size() == Regions.capacity())
    Regions.reserve(Regions.empty() ? 64 : Regions.capacity() * 2);
  IdByKey.emplace(std::move(Key), Info.Id);
  Registration Result{Info.Id, Info.Filtered, true};
  if (Info.Filtered)
    ++Filtered;
  Regions.push_back(std::move(Info)); // cannot throw: reserved
  return Result;
}

std::vector<RegionInfo> RegionRegistry::snapshot() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Regions;
}

RegionInfo RegionRegistry::region(uint32_t Id) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Regions.at(Id - 1);
}

bool RegionRegistry::markThrottled(uint32_t Id, const ThrottleRecord &Record) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Id < 1 || Id > Regions.size() || Regions[Id - 1].Throttled)
    return false;
  Regions[Id - 1].Throttled = true;
  Regions[Id - 1].Throttle = Record;
  return true;
}

size_t RegionRegistry::size() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Regions.size();
}

size_t RegionRegistry::filteredCount() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Filtered;
}

} // namespace runtime
} // namespace sextant
