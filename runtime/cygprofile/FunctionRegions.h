//===- runtime/cygprofile/FunctionRegions.h - Regions of function addresses
//===//
//
// Part of Sextant. The regions of code compiled with -finstrument-functions
// (see CygProfileHooks.cpp): the process's AddressTable, the registration of
// a function address at its first call and the naming of those regions at
// the end of the run.
//
// A function is registered at its first call, without its name: its region
// is identified by its address (a placeholder name "0x..." in its module),
// and the symbol table and debug information are read only at the end of
// the run (CodeSymbolizer), when the runtime writes the experiment
// (Runtime::setRegionNamer). Only when a runtime filter is given
// (SEXTANT_FILTER) is the function's name resolved at its first call, since
// the filter decides by name and file; that is once per function, never on
// the path of later calls.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_CYGPROFILE_FUNCTIONREGIONS_H
#define SEXTANT_RUNTIME_CYGPROFILE_FUNCTIONREGIONS_H

#include "runtime/cygprofile/AddressTable.h"
#include "runtime/regions/RegionRegistry.h"

#include <cstdint>
#include <vector>

namespace sextant {
namespace runtime {

/// Holds the process's table without ever destroying it: instrumented code
/// may run during static destruction. Constant-initialized.
struct ImmortalAddressTable {
  union {
    AddressTable Table;
  };
  constexpr ImmortalAddressTable() : Table() {}
  ~ImmortalAddressTable() {}
};

/// The function addresses of the process.
extern ImmortalAddressTable FunctionAddresses;

/// Registers the function at Function at its first call (allocating the
/// table first when needed) and returns its handle value: a region id, or
/// SEXTANT_FILTERED when its calls are not to be recorded now (filtered,
/// throttled, paused, no room in the table, or called from inside the
/// runtime: then a later call retries). ReturnAddress is the hook's: when
/// it lies in the function's own code (the unwinder's tables say so), it
/// becomes the entry's OwnCallOffset. Entry is set to the function's entry
/// (null when none). Never throws.
uint32_t registerFunction(void *Function, uintptr_t ReturnAddress,
                          AddressTable::Entry *&Entry) noexcept;

/// Gives the regions of function addresses in Regions (the runtime's
/// snapshot, indexed by id - 1) their names, files and lines, and reports
/// calls that found no room in the table.
void nameFunctionRegions(std::vector<RegionInfo> &Regions);

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CYGPROFILE_FUNCTIONREGIONS_H
