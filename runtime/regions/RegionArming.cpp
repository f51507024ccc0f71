//===- runtime/regions/RegionArming.cpp - Arming and disarming region handles
//===//
//
// Part of Sextant. The region states and the stores into their handles.
//
//===----------------------------------------------------------------------===//

#include "runtime/regions/RegionArming.h"

#include <algorithm>

namespace sextant {
namespace runtime {

namespace {

void storeHandle(uint32_t *Handle, uint32_t Value) {
  __atomic_store_n(Handle, Value, __ATOMIC_RELAXED);
}

} // namespace

uint32_t RegionArming::valueLocked(uint32_t Id,
                                   const RegionState &State) const {
  if (State.Filtered || State.Throttled || Paused)
    return SEXTANT_FILTERED;
  return Id;
}

void RegionArming::storeLocked(RegionState &State, uint32_t Value) {
  uint64_t Unloads = Checker ? Checker->unloadCount() : 0;
  auto Invalid = [&](HandleSite &Site) {
    if (!Site.Descriptor || Site.CheckedAtUnloads == Unloads)
      return false;
    if (!Checker->isValid(Site))
      return true;
    Site.CheckedAtUnloads = Unloads;
    return false;
  };
  State.Sites.erase(
      std::remove_if(State.Sites.begin(), State.Sites.end(), Invalid),
      State.Sites.end());
  for (HandleSite &Site : State.Sites)
    storeHandle(Site.Handle, Value);
}

uint32_t RegionArming::addSite(uint32_t Id, bool Filtered, HandleSite Site) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Id == SEXTANT_INVALID || Id == SEXTANT_FILTERED)
    return SEXTANT_FILTERED;
  if (Regions.size() < Id)
    Regions.resize(Id);
  RegionState &State = Regions[Id - 1];
  State.Known = true;
  State.Filtered = Filtered;
  uint32_t Value = valueLocked(Id, State);
  if (!Site.Handle)
    return Value;
  bool Present = std::any_of(
      State.Sites.begin(), State.Sites.end(),
      [&](const HandleSite &Known) { return Known.Handle == Site.Handle; });
  if (!Present) {
    Site.CheckedAtUnloads = Checker ? Checker->unloadCount() : 0;
    State.Sites.push_back(std::move(Site));
    storeHandle(State.Sites.back().Handle, Value);
  } else {
    storeHandle(Site.Handle, Value);
  }
  return Value;
}

uint32_t RegionArming::handleValue(uint32_t Id) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Id == SEXTANT_INVALID || Id > Regions.size() || !Regions[Id - 1].Known)
    return SEXTANT_FILTERED;
  return valueLocked(Id, Regions[Id - 1]);
}

bool RegionArming::pause() {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Paused)
    return false;
  Paused = true;
  for (RegionState &State : Regions)
    if (State.Known)
      storeLocked(State, SEXTANT_FILTERED);
  return true;
}

bool RegionArming::resume() {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (!Paused)
    return false;
  Paused = false;
  for (uint32_t Index = 0; Index < Regions.size(); ++Index) {
    RegionState &State = Regions[Index];
    if (State.Known && !State.Filtered && !State.Throttled)
      storeLocked(State, Index + 1);
  }
  return true;
}

bool RegionArming::paused() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Paused;
}

bool RegionArming::throttle(uint32_t Id) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Id == SEXTANT_INVALID || Id > Regions.size())
    return false;
  RegionState &State = Regions[Id - 1];
  if (!State.Known || State.Filtered || State.Throttled)
    return false;
  State.Throttled = true;
  storeLocked(State, SEXTANT_FILTERED);
  return true;
}

bool RegionArming::isThrottled(uint32_t Id) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Id != SEXTANT_INVALID && Id <= Regions.size() &&
         Regions[Id - 1].Throttled;
}

size_t RegionArming::siteCount() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  size_t Count = 0;
  for (const RegionState &State : Regions)
    Count += State.Sites.size();
  return Count;
}

} // namespace runtime
} // namespace sextant
