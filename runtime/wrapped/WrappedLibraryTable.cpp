//===- runtime/wrapped/WrappedLibraryTable.cpp - Registered libraries -----===//
//
// Part of Sextant. See WrappedLibraryTable.h.
//
//===----------------------------------------------------------------------===//

#include "runtime/wrapped/WrappedLibraryTable.h"

#include "common/MessageText.h"
#include "format/schema/LibraryCalls.h"
#include "runtime/io/Diagnostics.h"

#include <cstring>
#include <new>

namespace sextant {
namespace runtime {

namespace {

/// The descriptor's name as a message shows it.
std::string shownName(const sextant_wrapped_library &Descriptor) {
  std::string Name;
  appendEscaped(Name, Descriptor.name ? Descriptor.name : "(null)");
  return "'" + Name + "'";
}

} // namespace

WrappedLibraryTable &WrappedLibraryTable::instance() {
  // Never destroyed: wrappers may call after static destructors ran.
  static WrappedLibraryTable *Table = new WrappedLibraryTable();
  return *Table;
}

int WrappedLibraryTable::add(const sextant_wrapped_library *Descriptor,
                             bool (*OnAdded)(WrappedLibrary &Library)) {
  if (!Descriptor)
    return -1;
  std::lock_guard<std::mutex> Lock(Mutex);
  for (int Id = 0; Id < Used; ++Id) {
    WrappedLibrary *Known = Entries[Id].load(std::memory_order_relaxed);
    if (Known->descriptor() == Descriptor)
      return Id;
    if (!Descriptor->name || Known->name() != Descriptor->name)
      continue;
    // Two wrappers of one library (link time and preloaded): one set of
    // counters, which needs one list of functions.
    if (Known->functionCount() == Descriptor->function_count)
      return Id;
    printMessage(MessageKind::Warning,
                 "two wrappers of library " + shownName(*Descriptor) +
                     " with different functions (" +
                     std::to_string(Known->functionCount()) + " and " +
                     std::to_string(Descriptor->function_count) +
                     "): the calls of the second are not counted");
    return -1;
  }
  if (Descriptor->abi_version != SEXTANT_WRAPPER_ABI_VERSION) {
    printMessage(MessageKind::Warning,
                 "the wrapper of library " + shownName(*Descriptor) +
                     " was generated for wrapper ABI version " +
                     std::to_string(Descriptor->abi_version) +
                     ", this libsextant knows version " +
                     std::to_string(SEXTANT_WRAPPER_ABI_VERSION) +
                     ": its calls are not counted (regenerate it with this "
                     "Sextant's `sextant wrap`)");
    return -1;
  }
  if (!Descriptor->name || !format::isLibraryName(Descriptor->name) ||
      (Descriptor->function_count && !Descriptor->function_names)) {
    printMessage(MessageKind::Warning,
                 "a wrapped library's descriptor is invalid (name " +
                     shownName(*Descriptor) +
                     "; a name is 1 to 64 letters, digits, '.', '_', '+' or "
                     "'-'): its calls are not counted");
    return -1;
  }
  if (Used == Capacity) {
    if (!WarnedFull)
      printMessage(MessageKind::Warning,
                   "more than " + std::to_string(Capacity) +
                       " wrapped libraries: the calls of library " +
                       shownName(*Descriptor) +
                       " and of any later one are not counted");
    WarnedFull = true;
    return -1;
  }
  WrappedLibrary *Library = nullptr;
  try {
    Library = new WrappedLibrary(*Descriptor);
  } catch (...) {
    return -1; // out of memory: nothing recorded
  }
  if (RankCount.load() > 0)
    Library->setPeerCount(RankCount.load());
  if (!OnAdded(*Library)) {
    delete Library;
    return -1;
  }
  Entries[Used].store(Library, std::memory_order_release);
  return Used++;
}

} // namespace runtime
} // namespace sextant
