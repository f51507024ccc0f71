//===- runtime/openmp/OpenConstructStack.cpp - Open OpenMP constructs -----===//
//
// Part of Sextant. Growing the stack of open constructs
// (OpenConstructStack.h).
//
//===----------------------------------------------------------------------===//

#include "runtime/openmp/OpenConstructStack.h"

#include <new>

namespace sextant {
namespace runtime {
namespace openmp {

bool OpenConstructStack::grow() noexcept {
  size_t Larger = Capacity == 0 ? 16 : 2 * Capacity;
  std::unique_ptr<Slot[]> Grown(new (std::nothrow) Slot[Larger]);
  if (!Grown)
    return false;
  for (size_t Level = 0; Level < Capacity; ++Level)
    Grown[Level] = Slots[Level];
  Slots = std::move(Grown);
  Capacity = Larger;
  return true;
}

} // namespace openmp
} // namespace runtime
} // namespace sextant
