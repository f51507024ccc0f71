//===- runtime/symbols/LibdwModule.h - Debug information through libdw ---===//
//
// Part of Sextant. The debug information of one module (executable or
// shared object) read through elfutils' libdw, which handles what the
// built-in reader of CodeSymbolizer does not: compressed debug sections,
// separate debug files found by build-id (<dir>/.build-id/xx/yyyy.debug,
// Debian's -dbgsym packages) or by .gnu_debuglink (next to the module, in
// its .debug/ folder, or below a debug-file directory), and DWZ
// supplementary files.
//
// libdw.so.1 is loaded with dlopen on first use, never linked: libsextant
// has no dependency on it, and a machine without it (or a build without
// <elfutils/libdwfl.h>) uses the built-in reader. Its functions are
// resolved with dlsym against the prototypes of libdw-dev's headers.
//
// Separate debug files are looked up only on this machine: libdw's
// debuginfod client (active when DEBUGINFOD_URLS is set) is never asked,
// so that naming a construct never waits for the network. Descriptors
// that libdw keeps open for a module are close-on-exec.
//
// Not thread-safe: CodeSymbolizer calls it under its mutex.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_SYMBOLS_LIBDWMODULE_H
#define SEXTANT_RUNTIME_SYMBOLS_LIBDWMODULE_H

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace sextant {
namespace runtime {

class LibdwModule {
public:
  /// Loads libdw once; false with Reason when it cannot be used.
  static bool load(std::string &Reason);

  /// libdw's version ("0.188"), empty before load() succeeded.
  static std::string version();

  /// Opens the module at Path (its file addresses are the addresses
  /// queried). DebugDirectories: colon-separated absolute directories
  /// searched for separate debug files before /usr/lib/debug. Null when
  /// libdw is not loaded or cannot open the file.
  static std::unique_ptr<LibdwModule> open(const std::string &Path,
                                           const std::string &DebugDirectories);

  ~LibdwModule();
  LibdwModule(const LibdwModule &) = delete;
  LibdwModule &operator=(const LibdwModule &) = delete;

  /// libdw found a line table for the module (in it or in a debug file).
  bool hasLines() const { return !Units.empty(); }

  /// The symbol (as in the symbol table, mangled) and the line-table file
  /// and line of the code at FileAddress; fields stay empty (Line 0) when
  /// unknown.
  void locate(uint64_t FileAddress, std::string &Symbol, std::string &File,
              uint32_t &Line) const;

private:
  struct Session;
  /// One address range of a compilation unit.
  struct UnitRange {
    uint64_t Begin = 0;
    uint64_t End = 0;
    uint64_t UnitOffset = 0; ///< of the unit's DIE in .debug_info
  };

  LibdwModule() = default;
  void indexUnits();

  std::unique_ptr<Session> Dwfl;
  uint64_t DwarfBias = 0;       ///< module address - DWARF address
  std::vector<UnitRange> Units; ///< sorted by Begin
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_SYMBOLS_LIBDWMODULE_H
