//===- runtime/symbols/CodeSymbolizer.h - Function and line of code -------===//
//
// Part of Sextant. OpenMP regions are named after the code that starts them
// (OMPT's codeptr_ra, a return address into that code). CodeSymbolizer maps
// such an address to the function containing it and its source line.
//
// Each module (executable or shared object) is opened once, on the first
// lookup in it, and each address is resolved once. The debug information is
// read through elfutils' libdw when it can be loaded (LibdwModule: also
// separate debug files found by build-id or .gnu_debuglink); otherwise, or
// when libdw finds no line table in the module, by the built-in reader
// here: the module's ELF symbol table and its DWARF line table
// (.debug_line, versions 2 to 5), compressed sections decompressed
// (CompressedSection.h). What the built-in reader cannot read (a section
// that does not decompress, a separate debug file without libdw) is
// reported once per module through runtime/io/Diagnostics, with the reason.
//
// Function names are demangled (__cxa_demangle; Flang's Fortran names with
// common/FlangNames.h) after removing the suffixes that compilers give
// OpenMP outlined bodies (clang: ".omp_outlined", ".omp_outlined._debug__",
// ".omp_task_entry."; GCC: "._omp_fn.N"; flang: "..omp_par") and the
// plugin's armed copies of versioned functions (".sextant.armed"), so an
// address inside the body of a parallel region names the function that
// contains the construct in the source.
//
// The parsing functions are pure and unit tested; lookups are thread-safe
// (one mutex, taken once per distinct OpenMP construct and thread).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_SYMBOLS_CODESYMBOLIZER_H
#define SEXTANT_RUNTIME_SYMBOLS_CODESYMBOLIZER_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace sextant {
namespace runtime {

/// Where a code address is in the source; empty fields are unknown.
struct CodeLocation {
  std::string Function; ///< demangled, outlining suffixes removed
  std::string Symbol;   ///< the symbol's own (linkage) name, when known
  std::string File;     ///< source file (as the line table names it)
  uint32_t Line = 0;    ///< 0: no line table for the address
  std::string Module;   ///< path of the executable or shared object
};

/// One row of a DWARF line table: code from Address on belongs to Line,
/// up to the next row; EndSequence rows end a contiguous range.
struct LineRow {
  uint64_t Address = 0;
  uint32_t Line = 0;
  /// Index into the file names, NoFile when unknown.
  uint32_t File = NoFile;
  bool EndSequence = false;
  static constexpr uint32_t NoFile = UINT32_MAX;
};

/// The sections a line table refers to.
struct DebugSections {
  const uint8_t *Line = nullptr; ///< .debug_line
  size_t LineSize = 0;
  const uint8_t *LineStr = nullptr; ///< .debug_line_str (DWARF 5), optional
  size_t LineStrSize = 0;
  const uint8_t *Str = nullptr; ///< .debug_str, optional
  size_t StrSize = 0;
};

/// Appends the rows of every line program in Sections.Line to Rows
/// (unsorted) and their file names, joined to their directories, to Files
/// (rows refer to them by index). Stops at the first malformed program; returns
/// false then.
bool parseDebugLine(const DebugSections &Sections, std::vector<LineRow> &Rows,
                    std::vector<std::string> &Files);

/// Sorts Rows by address for lineForAddress.
void sortLineRows(std::vector<LineRow> &Rows);

/// The row of the code at Address in sorted Rows; null when none.
const LineRow *rowForAddress(const std::vector<LineRow> &Rows,
                             uint64_t Address);

/// The row that names the source line of the code at Address in sorted
/// Rows: the row of Address itself, or, when that row has line 0 (code the
/// compiler left without a source position: flang 19 gives none to the
/// OpenMP runtime calls it makes for a worksharing construct), the first
/// row after it in the same sequence, below FunctionEnd (the end of the
/// function holding Address), that has a line. Null when there is none.
const LineRow *rowWithLineForAddress(const std::vector<LineRow> &Rows,
                                     uint64_t Address, uint64_t FunctionEnd);

/// Path without its directories.
std::string baseName(std::string_view Path);

/// The source function a symbol belongs to: OpenMP outlining suffixes and
/// the armed-copy suffix removed, then demangled (C names are returned as
/// they are).
std::string sourceFunctionName(std::string_view Symbol);

/// How CodeSymbolizer finds debug information (SEXTANT_USE_LIBDW,
/// SEXTANT_DEBUG_FILE_DIRECTORY).
struct SymbolizerSettings {
  /// Read through libdw when it loads; false: only the built-in reader.
  bool UseLibdw = true;
  /// Colon-separated directories searched for separate debug files before
  /// /usr/lib/debug (only absolute ones are used).
  std::string DebugFileDirectories;
};

class CodeSymbolizer {
public:
  explicit CodeSymbolizer(SymbolizerSettings Settings = SymbolizerSettings());
  ~CodeSymbolizer();
  CodeSymbolizer(const CodeSymbolizer &) = delete;
  CodeSymbolizer &operator=(const CodeSymbolizer &) = delete;

  /// The location of the call whose return address is ReturnAddress.
  /// May throw std::bad_alloc.
  CodeLocation locateReturnAddress(const void *ReturnAddress);

  /// The location of the code at Address (a function's entry, say).
  CodeLocation locateCode(const void *Address) {
    return locateReturnAddress(static_cast<const char *>(Address) + 1);
  }

private:
  struct Module;
  Module &moduleFor(const std::string &Path);

  /// Why libdw is not used (empty when it is), known after the first
  /// module.
  const std::string &whyNotLibdw();

  const SymbolizerSettings Settings;
  std::mutex Mutex;
  std::unordered_map<std::string, std::unique_ptr<Module>> Modules;
  std::unordered_map<uintptr_t, CodeLocation> ByAddress;
  bool LibdwChecked = false;
  std::string LibdwUnavailable;
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_SYMBOLS_CODESYMBOLIZER_H
