//===- runtime/cygprofile/FunctionRegions.cpp - Regions of function addresses //
//
// Part of Sextant. Registration of function addresses and their names at the
// end of the run (see FunctionRegions.h).
//
//===----------------------------------------------------------------------===//

#include "runtime/cygprofile/FunctionRegions.h"

#include "runtime/core/RegionEvents.h"
#include "runtime/core/Runtime.h"
#include "runtime/io/Diagnostics.h"
#include "runtime/symbols/CodeSymbolizer.h"

#include "sextant/instrumentation_abi.h"

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <string>
#include <unwind.h>

namespace sextant {
namespace runtime {

ImmortalAddressTable FunctionAddresses;

namespace {

std::atomic<bool> AllocationFailed{false};

/// The symbolizer of function addresses, created on first use (under
/// registration or finalization) and never destroyed.
CodeSymbolizer &symbolizer(const RuntimeOptions &Options) {
  static CodeSymbolizer *Instance = [&] {
    SymbolizerSettings Settings;
    Settings.UseLibdw = Options.UseLibdw != 0;
    Settings.DebugFileDirectories = Options.DebugFileDirectory;
    return new CodeSymbolizer(std::move(Settings));
  }();
  return *Instance;
}

/// Allocates the table at the first registration; false when there is none.
bool tableReady(Runtime &Instance) {
  AddressTable &Table = FunctionAddresses.Table;
  if (Table.allocated())
    return true;
  if (AllocationFailed.load(std::memory_order_relaxed))
    return false;
  if (!Table.allocate(Instance.options().AddressTableSize)) {
    if (!AllocationFailed.exchange(true))
      printMessage(MessageKind::Warning,
                   "cannot map the function address table "
                   "(SEXTANT_ADDRESS_TABLE_SIZE); -finstrument-functions "
                   "code is not measured");
    return false;
  }
  Instance.setRegionNamer(&nameFunctionRegions);
  return true;
}

/// "0x..." of Address, the name of a region until the end of the run.
std::string placeholderName(const void *Address) {
  char Buffer[2 + 2 * sizeof(void *) + 1];
  std::snprintf(Buffer, sizeof(Buffer), "%p", Address);
  return Buffer;
}

/// Sets Region's names, file and line from what the symbolizer found.
void applyLocation(const CodeLocation &Location, RegionInfo &Region) {
  if (!Location.Function.empty()) {
    Region.DisplayName = Location.Function;
    Region.MangledName =
        Location.Symbol.empty() ? Location.Function : Location.Symbol;
    if (Region.DisplayName != Region.MangledName)
      Region.Flags |= SEXTANT_REGION_DEMANGLED;
  }
  if (!Location.File.empty()) {
    Region.File = Location.File;
    Region.BeginLine = Location.Line;
    Region.Flags |= SEXTANT_REGION_HAS_DEBUG_INFO;
  }
}

/// Sets Entry's OwnCallOffset when ReturnAddress is in Function's own
/// code, as the unwinder's tables (.eh_frame) delimit it.
void noteOwnCall(AddressTable::Entry &Entry, void *Function,
                 uintptr_t ReturnAddress) {
  if (Entry.OwnCallOffset.load(std::memory_order_relaxed) != 0)
    return;
  uintptr_t Start = reinterpret_cast<uintptr_t>(Function);
  // The call instruction ends just before its return address.
  void *Enclosing = _Unwind_FindEnclosingFunction(
      reinterpret_cast<void *>(ReturnAddress - 1));
  if (Enclosing != Function || ReturnAddress <= Start ||
      ReturnAddress - Start > UINT32_MAX)
    return;
  Entry.OwnCallOffset.store(static_cast<uint32_t>(ReturnAddress - Start),
                            std::memory_order_relaxed);
}

uint32_t registerEntry(Runtime &Instance, AddressTable::Entry &Entry,
                       void *Function) {
  std::string Placeholder = placeholderName(Function);
  RegionInfo Named;
  Named.DisplayName = Named.MangledName = Placeholder;
  // The runtime filter decides by name and file: only then are they needed
  // now (see FunctionRegions.h).
  if (!Instance.options().FilterFile.empty())
    applyLocation(symbolizer(Instance.options()).locateCode(Function), Named);
  sextant_region_descriptor Descriptor{};
  Descriptor.handle = &Entry.Handle;
  Descriptor.display_name = Named.DisplayName.c_str();
  Descriptor.mangled_name = Named.MangledName.c_str();
  Descriptor.file = Named.File.c_str();
  Descriptor.begin_line = Named.BeginLine;
  Descriptor.flags =
      Named.Flags | (SEXTANT_ABI_VERSION << SEXTANT_ABI_VERSION_SHIFT);
  uint32_t Id = 0;
  uint32_t Handle =
      Instance.registerRegion(Descriptor, /*RuntimeOwned=*/true, Function, &Id);
  if (Id != 0)
    Entry.Region.store(Id, std::memory_order_relaxed);
  return Handle;
}

} // namespace

uint32_t registerFunction(void *Function, uintptr_t ReturnAddress,
                          AddressTable::Entry *&Entry) noexcept {
  Entry = nullptr;
  if (InRuntimeCall || !Function)
    return SEXTANT_FILTERED; // not stored: a later call registers it
  RuntimeCallScope Scope;
  Runtime *Instance = Runtime::instance();
  if (!Instance)
    return SEXTANT_FILTERED;
  Instance->noteInstrumentation(InstrumentedByCygProfileHooks);
  if (!tableReady(*Instance))
    return SEXTANT_FILTERED;
  Entry = FunctionAddresses.Table.insert(reinterpret_cast<uintptr_t>(Function));
  if (!Entry)
    return SEXTANT_FILTERED; // no room: counted by the table
  noteOwnCall(*Entry, Function, ReturnAddress);
  uint32_t Known = __atomic_load_n(&Entry->Handle, __ATOMIC_RELAXED);
  if (Known != SEXTANT_INVALID)
    return Known;
  try {
    return registerEntry(*Instance, *Entry, Function);
  } catch (...) {
    // Out of memory: this call is not measured; a later call retries.
  }
  return SEXTANT_FILTERED;
}

void nameFunctionRegions(std::vector<RegionInfo> &Regions) {
  Runtime *Instance = Runtime::existing();
  if (!Instance)
    return;
  CodeSymbolizer &Symbols = symbolizer(Instance->options());
  FunctionAddresses.Table.forEach([&](const AddressTable::Entry &Entry) {
    uint32_t Id = Entry.Region.load(std::memory_order_relaxed);
    if (Id == 0 || Id > Regions.size())
      return;
    auto *Function =
        reinterpret_cast<void *>(Entry.Address.load(std::memory_order_relaxed));
    applyLocation(Symbols.locateCode(Function), Regions[Id - 1]);
  });
  if (uint64_t Overflows = FunctionAddresses.Table.overflows())
    printMessage(MessageKind::Warning,
                 std::to_string(Overflows) +
                     " call(s) of -finstrument-functions code found no room "
                     "in the function address table and were not measured "
                     "(raise SEXTANT_ADDRESS_TABLE_SIZE, now " +
                     std::to_string(FunctionAddresses.Table.capacity()) + ")");
}

} // namespace runtime
} // namespace sextant
