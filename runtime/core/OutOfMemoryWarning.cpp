//===- runtime/core/OutOfMemoryWarning.cpp - One warning per process ------===//
//
// Part of Sextant. See OutOfMemoryWarning.h.
//
//===----------------------------------------------------------------------===//

#include "runtime/core/OutOfMemoryWarning.h"

#include "runtime/io/Diagnostics.h"

#include <atomic>

namespace sextant {
namespace runtime {

namespace {
std::atomic<bool> Printed{false};
} // namespace

void warnOutOfMemory(std::string_view Lost) noexcept {
  if (Printed.exchange(true))
    return;
  // Composed without allocating: the allocator has just failed.
  char Line[256];
  constexpr std::string_view Prefix = "out of memory: ";
  size_t Length = Prefix.copy(Line, Prefix.size());
  Length += Lost.copy(Line + Length, sizeof(Line) - Length);
  printMessage(MessageKind::Warning, std::string_view(Line, Length));
}

} // namespace runtime
} // namespace sextant
