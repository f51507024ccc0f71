//===- runtime/symbols/LibdwModule.cpp - Debug information through libdw -===//
//
// Part of Sextant. Loading libdw, one Dwfl session per module with a
// find_debuginfo callback that stays on this machine, and an index of the
// compilation units' address ranges (libdw 0.188 finds a unit by address
// only through .debug_aranges, which clang does not emit).
//
//===----------------------------------------------------------------------===//

#include "runtime/symbols/LibdwModule.h"

#ifdef SEXTANT_HAVE_LIBDW_HEADER
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <dlfcn.h>
#include <fcntl.h>
#include <mutex>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace sextant {
namespace runtime {

#ifndef SEXTANT_HAVE_LIBDW_HEADER

struct LibdwModule::Session {};

bool LibdwModule::load(std::string &Reason) {
  Reason = "this libsextant was built without libdw support "
           "(elfutils/libdwfl.h was not found)";
  return false;
}
std::string LibdwModule::version() { return std::string(); }
std::unique_ptr<LibdwModule> LibdwModule::open(const std::string &,
                                               const std::string &) {
  return nullptr;
}
LibdwModule::~LibdwModule() = default;
void LibdwModule::indexUnits() {}
void LibdwModule::locate(uint64_t, std::string &, std::string &,
                         uint32_t &) const {}

#else

namespace {

// The libdw functions Sextant calls, typed by libdw-dev's prototypes.
#define SEXTANT_LIBDW_FUNCTIONS(X)                                             \
  X(dwfl_begin)                                                                \
  X(dwfl_end)                                                                  \
  X(dwfl_version)                                                              \
  X(dwfl_report_begin)                                                         \
  X(dwfl_report_elf)                                                           \
  X(dwfl_report_end)                                                           \
  X(dwfl_module_info)                                                          \
  X(dwfl_module_getdwarf)                                                      \
  X(dwfl_module_addrinfo)                                                      \
  X(dwfl_build_id_find_debuginfo)                                              \
  X(dwfl_standard_find_debuginfo)                                              \
  X(dwfl_offline_section_address)                                              \
  X(dwarf_nextcu)                                                              \
  X(dwarf_offdie)                                                              \
  X(dwarf_ranges)                                                              \
  X(dwarf_getsrc_die)                                                          \
  X(dwarf_getsrclines)                                                         \
  X(dwarf_onesrcline)                                                          \
  X(dwarf_lineaddr)                                                            \
  X(dwarf_lineendsequence)                                                     \
  X(dwarf_lineno)                                                              \
  X(dwarf_linesrc)

struct LibdwFunctions {
#define SEXTANT_LIBDW_MEMBER(Name) decltype(&::Name) Name = nullptr;
  SEXTANT_LIBDW_FUNCTIONS(SEXTANT_LIBDW_MEMBER)
#undef SEXTANT_LIBDW_MEMBER
};

LibdwFunctions Libdw;
std::string LoadError;
bool Loaded = false;
std::once_flag LoadOnce;

void loadOnce() {
  void *Handle = nullptr;
  for (const char *Name : {"libdw.so.1", "libdw.so"})
    if ((Handle = dlopen(Name, RTLD_NOW | RTLD_LOCAL)))
      break;
  if (!Handle) {
    const char *Why = dlerror();
    LoadError = std::string("libdw could not be loaded (") +
                (Why ? Why : "not found") + "; Debian: install libdw1)";
    return;
  }
  const char *Missing = nullptr;
#define SEXTANT_LIBDW_RESOLVE(Name)                                            \
  Libdw.Name = reinterpret_cast<decltype(&::Name)>(dlsym(Handle, #Name));      \
  if (!Libdw.Name && !Missing)                                                 \
    Missing = #Name;
  SEXTANT_LIBDW_FUNCTIONS(SEXTANT_LIBDW_RESOLVE)
#undef SEXTANT_LIBDW_RESOLVE
  if (Missing) {
    LoadError = std::string("the loaded libdw lacks ") + Missing;
    return; // the handle stays open: unloading libraries is not worth it
  }
  Loaded = true;
}

bool fileExists(const std::string &Path) {
  struct stat Status;
  return ::stat(Path.c_str(), &Status) == 0 && S_ISREG(Status.st_mode);
}

std::string baseNameOf(const std::string &Path) {
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? Path : Path.substr(Slash + 1);
}

/// A file libdw's path search (dwfl_standard_find_debuginfo) would open for
/// the debug link Link of the module at File exists: next to the module,
/// in its .debug/ folder, below a debug directory under the module's
/// directory or a part of it, or there as a DWZ file. Checked first so
/// that the standard search, which asks debuginfod when it finds nothing,
/// runs only when it will find something here.
bool localDebugFileExists(const std::string &File, std::string Link,
                          const std::vector<std::string> &Directories) {
  if (Link.empty())
    Link = baseNameOf(File) + ".debug";
  std::vector<std::string> Names = {File};
  if (char *Canonical = ::realpath(File.c_str(), nullptr)) {
    Names.emplace_back(Canonical);
    std::free(Canonical);
  }
  std::string LinkBase = baseNameOf(Link);
  for (const std::string &Name : Names) {
    size_t Slash = Name.rfind('/');
    std::string Directory = Slash == std::string::npos
                                ? std::string(".")
                                : Name.substr(0, Slash == 0 ? 1 : Slash);
    if (fileExists(Directory + "/" + Link) ||
        fileExists(Directory + "/.debug/" + Link))
      return true;
    for (const std::string &Root : Directories) {
      if (fileExists(Root + "/" + LinkBase) ||
          fileExists(Root + "/.dwz/" + LinkBase))
        return true;
      for (size_t Part = Directory.find('/'); Part != std::string::npos;
           Part = Directory.find('/', Part + 1))
        if (fileExists(Root + "/" + Directory.substr(Part + 1) + "/" + Link))
          return true;
    }
  }
  return false;
}

} // namespace

struct LibdwModule::Session {
  std::vector<std::string> Directories; ///< absolute, /usr/lib/debug last
  std::string SearchPath;               ///< in libdw's debuginfo_path form
  char *SearchPathPointer = nullptr;
  Dwfl_Callbacks Callbacks = {};
  ::Dwfl *Handle = nullptr;
  Dwfl_Module *Module = nullptr;
  Dwarf *Debug = nullptr;

  ~Session() {
    if (Handle)
      Libdw.dwfl_end(Handle);
  }

  static int noElf(Dwfl_Module *, void **, const char *, Dwarf_Addr, char **,
                   Elf **) {
    return -1; // every module is reported with its file
  }

  static int findDebugInfo(Dwfl_Module *Module, void **UserData,
                           const char *Name, Dwarf_Addr Base,
                           const char *FileName, const char *DebugLink,
                           GElf_Word Crc, char **DebugFileName) {
    int Descriptor = Libdw.dwfl_build_id_find_debuginfo(
        Module, UserData, Name, Base, FileName, DebugLink, Crc, DebugFileName);
    const Session *Self =
        UserData ? static_cast<const Session *>(*UserData) : nullptr;
    if (Descriptor < 0 && Self && FileName &&
        localDebugFileExists(FileName, DebugLink ? DebugLink : "",
                             Self->Directories))
      Descriptor = Libdw.dwfl_standard_find_debuginfo(Module, UserData, Name,
                                                      Base, FileName, DebugLink,
                                                      Crc, DebugFileName);
    if (Descriptor >= 0)
      ::fcntl(Descriptor, F_SETFD, FD_CLOEXEC);
    return Descriptor;
  }
};

bool LibdwModule::load(std::string &Reason) {
  std::call_once(LoadOnce, loadOnce);
  if (!Loaded)
    Reason = LoadError;
  return Loaded;
}

std::string LibdwModule::version() {
  const char *Version = Loaded ? Libdw.dwfl_version(nullptr) : nullptr;
  return Version ? Version : "";
}

std::unique_ptr<LibdwModule>
LibdwModule::open(const std::string &Path,
                  const std::string &DebugDirectories) {
  std::string Ignored;
  if (!load(Ignored))
    return nullptr;
  auto S = std::make_unique<Session>();
  for (size_t Begin = 0; Begin <= DebugDirectories.size();) {
    size_t End = DebugDirectories.find(':', Begin);
    if (End == std::string::npos)
      End = DebugDirectories.size();
    if (End > Begin && DebugDirectories[Begin] == '/')
      S->Directories.push_back(DebugDirectories.substr(Begin, End - Begin));
    Begin = End + 1;
  }
  S->Directories.push_back("/usr/lib/debug");
  S->SearchPath = ":.debug"; // the module's folder and its .debug/
  for (const std::string &Directory : S->Directories)
    S->SearchPath += ":" + Directory;
  S->SearchPathPointer = S->SearchPath.data();
  S->Callbacks.find_elf = &Session::noElf;
  S->Callbacks.find_debuginfo = &Session::findDebugInfo;
  S->Callbacks.section_address = Libdw.dwfl_offline_section_address;
  S->Callbacks.debuginfo_path = &S->SearchPathPointer;
  S->Handle = Libdw.dwfl_begin(&S->Callbacks);
  if (!S->Handle)
    return nullptr;
  int Descriptor = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (Descriptor < 0)
    return nullptr;
  Libdw.dwfl_report_begin(S->Handle);
  // Reported at its file addresses: libdw owns the descriptor from here.
  S->Module = Libdw.dwfl_report_elf(S->Handle, Path.c_str(), Path.c_str(),
                                    Descriptor, 0, true);
  Libdw.dwfl_report_end(S->Handle, nullptr, nullptr);
  if (!S->Module) {
    ::close(Descriptor);
    return nullptr;
  }
  void **UserData = nullptr;
  Libdw.dwfl_module_info(S->Module, &UserData, nullptr, nullptr, nullptr,
                         nullptr, nullptr, nullptr);
  if (UserData)
    *UserData = S.get();
  std::unique_ptr<LibdwModule> Result(new LibdwModule());
  Result->Dwfl = std::move(S);
  Result->indexUnits();
  return Result;
}

LibdwModule::~LibdwModule() = default;

void LibdwModule::indexUnits() {
  Dwarf_Addr Bias = 0;
  Dwarf *Debug = Libdw.dwfl_module_getdwarf(Dwfl->Module, &Bias);
  if (!Debug)
    return;
  Dwfl->Debug = Debug;
  DwarfBias = Bias;
  Dwarf_Off Offset = 0;
  Dwarf_Off Next = 0;
  size_t HeaderSize = 0;
  while (Libdw.dwarf_nextcu(Debug, Offset, &Next, &HeaderSize, nullptr, nullptr,
                            nullptr) == 0) {
    Dwarf_Die Unit;
    if (Libdw.dwarf_offdie(Debug, Offset + HeaderSize, &Unit)) {
      Dwarf_Addr Base = 0, Begin = 0, End = 0;
      for (ptrdiff_t At = 0;
           (At = Libdw.dwarf_ranges(&Unit, At, &Base, &Begin, &End)) > 0;)
        if (End > Begin)
          Units.push_back({Begin, End, Offset + HeaderSize});
    }
    Offset = Next;
  }
  std::sort(
      Units.begin(), Units.end(),
      [](const UnitRange &A, const UnitRange &B) { return A.Begin < B.Begin; });
}

namespace {

/// As rowWithLineForAddress (CodeSymbolizer.h): the first row after the
/// one of Address in its sequence, below FunctionEnd (DWARF addresses),
/// that has a line, with that line in Number; null when none.
Dwarf_Line *rowWithLineAfter(Dwarf_Die *Unit, uint64_t Address,
                             uint64_t FunctionEnd, int &Number) {
  Dwarf_Lines *Lines = nullptr;
  size_t Count = 0;
  if (Libdw.dwarf_getsrclines(Unit, &Lines, &Count) != 0)
    return nullptr;
  // The rows are sorted by address: start after the last one at or
  // before Address.
  size_t Low = 0, High = Count;
  while (Low < High) {
    size_t Middle = Low + (High - Low) / 2;
    Dwarf_Addr RowAddress = 0;
    Dwarf_Line *Row = Libdw.dwarf_onesrcline(Lines, Middle);
    if (!Row || Libdw.dwarf_lineaddr(Row, &RowAddress) != 0)
      return nullptr;
    if (RowAddress <= Address)
      Low = Middle + 1;
    else
      High = Middle;
  }
  for (size_t Index = Low; Index < Count; ++Index) {
    Dwarf_Line *Row = Libdw.dwarf_onesrcline(Lines, Index);
    Dwarf_Addr RowAddress = 0;
    bool EndSequence = false;
    if (!Row || Libdw.dwarf_lineaddr(Row, &RowAddress) != 0 ||
        RowAddress >= FunctionEnd ||
        Libdw.dwarf_lineendsequence(Row, &EndSequence) != 0 || EndSequence ||
        Libdw.dwarf_lineno(Row, &Number) != 0)
      return nullptr;
    if (Number > 0)
      return Row;
  }
  return nullptr;
}

} // namespace

void LibdwModule::locate(uint64_t FileAddress, std::string &Symbol,
                         std::string &File, uint32_t &Line) const {
  GElf_Off Offset = 0;
  GElf_Sym Function;
  const char *Name = Libdw.dwfl_module_addrinfo(
      Dwfl->Module, FileAddress, &Offset, &Function, nullptr, nullptr, nullptr);
  if (Name)
    Symbol = Name;
  uint64_t Address = FileAddress - DwarfBias;
  auto After = std::upper_bound(Units.begin(), Units.end(), Address,
                                [](uint64_t Value, const UnitRange &Range) {
                                  return Value < Range.Begin;
                                });
  if (After == Units.begin() || Address >= (After - 1)->End)
    return;
  Dwarf_Die Unit;
  if (!Libdw.dwarf_offdie(Dwfl->Debug, (After - 1)->UnitOffset, &Unit))
    return;
  Dwarf_Line *Row = Libdw.dwarf_getsrc_die(&Unit, Address);
  int Number = 0;
  if (!Row || Libdw.dwarf_lineno(Row, &Number) != 0 || Number < 0)
    return;
  if (Number == 0) {
    // Without the function's extent, no row after the address's is used.
    if (!Name || Function.st_size == 0)
      return;
    uint64_t FunctionEnd = Address - Offset + Function.st_size;
    if (!(Row = rowWithLineAfter(&Unit, Address, FunctionEnd, Number)))
      return;
  }
  Line = static_cast<uint32_t>(Number);
  if (const char *Source = Libdw.dwarf_linesrc(Row, nullptr, nullptr))
    File = Source;
}

#endif // SEXTANT_HAVE_LIBDW_HEADER

} // namespace runtime
} // namespace sextant
