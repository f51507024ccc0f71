//===- runtime/regions/UserRegionStack.h - Open user regions ----*- C++ -*-===//
//
// Part of Sextant. User regions (sextant_region_begin/end, sextant.h) are
// keyed by name, and their end is a separate call: unlike instrumented code
// there is no handle value loaded at the begin that the end could reuse. So
// every thread keeps the stack of its open user regions, each with whether
// its begin was recorded (the region was armed then). An end
//
//   - finds the innermost open region of that name; regions opened after it
//     and not ended are ended implicitly;
//   - records exits only for what was recorded: if the matching begin was
//     recorded, one exit of that region (the shadow stack then closes the
//     frames above it as a counted repair); otherwise one exit for each
//     recorded region above it, innermost first;
//   - changes nothing when no region of that name is open (the caller counts
//     it as an ignored exit).
//
// So a begin while the measurement is paused and its end after the resume
// (or the other way round) never unbalances the shadow stack.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_REGIONS_USERREGIONSTACK_H
#define SEXTANT_RUNTIME_REGIONS_USERREGIONSTACK_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace sextant {
namespace runtime {

class UserRegionStack {
public:
  struct Entry {
    /// The region's name; the storage must outlive the entry (the runtime's
    /// user regions are never destroyed).
    std::string_view Name;
    uint32_t Id = 0;
    bool Recorded = false;
  };

  /// Opens a region. Throws std::bad_alloc, leaving the stack unchanged.
  void push(std::string_view Name, uint32_t Id, bool Recorded) {
    Entries.push_back(Entry{Name, Id, Recorded});
  }

  /// Ends the innermost open region named Name (see the file comment),
  /// calling RecordExit(Id) for each exit to record. Returns false, changing
  /// nothing, when no region of that name is open.
  template <typename ExitFunction>
  bool end(std::string_view Name, ExitFunction &&RecordExit) {
    size_t Level = Entries.size();
    while (Level != 0 && Entries[Level - 1].Name != Name)
      --Level;
    if (Level == 0)
      return false;
    const Entry &Match = Entries[Level - 1];
    if (size_t Implicit = Entries.size() - Level)
      EndedImplicitly.store(
          EndedImplicitly.load(std::memory_order_relaxed) + Implicit,
          std::memory_order_relaxed);
    if (Match.Recorded) {
      RecordExit(Match.Id);
    } else {
      for (size_t Above = Entries.size(); Above > Level; --Above)
        if (Entries[Above - 1].Recorded)
          RecordExit(Entries[Above - 1].Id);
    }
    Entries.resize(Level - 1);
    return true;
  }

  size_t depth() const { return Entries.size(); }
  const Entry &at(size_t Level) const { return Entries[Level]; }
  /// Regions ended because an enclosing region ended before them. Any
  /// thread may read it (a snapshot, SnapshotGate.h: the stack changes
  /// outside the events it holds); only the owner writes it.
  uint64_t endedImplicitly() const {
    return EndedImplicitly.load(std::memory_order_relaxed);
  }

private:
  std::vector<Entry> Entries;
  std::atomic<uint64_t> EndedImplicitly{0};
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_REGIONS_USERREGIONSTACK_H
