//===- runtime/symbols/CodeSymbolizer.cpp - Function and line of code ----===//
//
// Part of Sextant. The choice between libdw and the built-in reader, and
// the built-in reader: ELF symbol tables and DWARF line programs, read from
// the module's file with open/mmap (see CodeSymbolizer.h).
//
//===----------------------------------------------------------------------===//

#include "runtime/symbols/CodeSymbolizer.h"

#include "common/FlangNames.h"
#include "common/MessageText.h"
#include "runtime/io/Diagnostics.h"
#include "runtime/symbols/CompressedSection.h"
#include "runtime/symbols/LibdwModule.h"
#include "sextant/instrumentation_abi.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sextant {
namespace runtime {

namespace {

/// A bounds-checked reader of little-endian DWARF data.
class Reader {
public:
  Reader(const uint8_t *Begin, const uint8_t *End) : Cursor(Begin), End(End) {}

  bool ok() const { return !Failed; }
  bool atEnd() const { return Cursor >= End; }
  const uint8_t *position() const { return Cursor; }
  size_t remaining() const { return Failed ? 0 : size_t(End - Cursor); }

  uint64_t fixed(unsigned Bytes) {
    if (remaining() < Bytes) {
      Failed = true;
      return 0;
    }
    uint64_t Value = 0;
    for (unsigned I = 0; I < Bytes; ++I)
      Value |= uint64_t(Cursor[I]) << (8 * I);
    Cursor += Bytes;
    return Value;
  }
  uint64_t uleb() {
    uint64_t Value = 0;
    unsigned Shift = 0;
    for (;;) {
      if (atEnd()) {
        Failed = true;
        return 0;
      }
      uint8_t Byte = *Cursor++;
      if (Shift < 64)
        Value |= uint64_t(Byte & 0x7f) << Shift;
      Shift += 7;
      if (!(Byte & 0x80))
        return Value;
    }
  }
  int64_t sleb() {
    int64_t Value = 0;
    unsigned Shift = 0;
    uint8_t Byte = 0;
    do {
      if (atEnd()) {
        Failed = true;
        return 0;
      }
      Byte = *Cursor++;
      if (Shift < 64)
        Value |= int64_t(Byte & 0x7f) << Shift;
      Shift += 7;
    } while (Byte & 0x80);
    if (Shift < 64 && (Byte & 0x40))
      Value |= -(int64_t(1) << Shift);
    return Value;
  }
  void skip(uint64_t Bytes) {
    if (remaining() < Bytes) {
      Failed = true;
      return;
    }
    Cursor += Bytes;
  }

private:
  const uint8_t *Cursor;
  const uint8_t *End;
  bool Failed = false;
};

/// A NUL-terminated string at Offset of a string section; empty if outside.
std::string_view sectionString(const uint8_t *Data, size_t Size,
                               uint64_t Offset) {
  if (!Data || Offset >= Size)
    return std::string_view();
  const char *Begin = reinterpret_cast<const char *>(Data) + Offset;
  return std::string_view(Begin, strnlen(Begin, Size - Offset));
}

/// Reads an inline string; empty (and Failed) when unterminated.
std::string_view readString(Reader &In) {
  const char *Begin = reinterpret_cast<const char *>(In.position());
  size_t Length = strnlen(Begin, In.remaining());
  if (Length == In.remaining()) {
    In.skip(Length + 1); // fails
    return std::string_view();
  }
  In.skip(Length + 1);
  return std::string_view(Begin, Length);
}

/// Reads one attribute of a DWARF 5 directory or file entry; returns the
/// string for the string forms, else empty. False for an unknown form.
bool readEntryForm(Reader &In, uint64_t Form, unsigned OffsetSize,
                   const DebugSections &Sections, std::string_view &Text) {
  Text = std::string_view();
  switch (Form) {
  case 0x08: // DW_FORM_string
    Text = readString(In);
    return In.ok();
  case 0x1f: // DW_FORM_line_strp
    Text = sectionString(Sections.LineStr, Sections.LineStrSize,
                         In.fixed(OffsetSize));
    return In.ok();
  case 0x0e: // DW_FORM_strp
    Text = sectionString(Sections.Str, Sections.StrSize, In.fixed(OffsetSize));
    return In.ok();
  case 0x0f: // DW_FORM_udata
    In.uleb();
    return In.ok();
  case 0x0b: // DW_FORM_data1
    In.skip(1);
    return In.ok();
  case 0x05: // DW_FORM_data2
    In.skip(2);
    return In.ok();
  case 0x06: // DW_FORM_data4
    In.skip(4);
    return In.ok();
  case 0x07: // DW_FORM_data8
    In.skip(8);
    return In.ok();
  case 0x1e: // DW_FORM_data16
    In.skip(16);
    return In.ok();
  case 0x09: // DW_FORM_block
    In.skip(In.uleb());
    return In.ok();
  default:
    return false;
  }
}

/// Path joined to Directory unless it is absolute.
std::string joinPath(std::string_view Directory, std::string_view Path) {
  if (Directory.empty() || (!Path.empty() && Path[0] == '/'))
    return std::string(Path);
  std::string Joined(Directory);
  if (Joined.back() != '/')
    Joined += '/';
  Joined += Path;
  return Joined;
}

/// Reads the file names of a line program header into Files; returns the
/// index in Files of the program's file number 0 (DWARF 5) or 1 (earlier).
bool readFileNames(Reader &Header, uint64_t Version, unsigned OffsetSize,
                   const DebugSections &Sections,
                   std::vector<std::string> &Files, uint32_t &FirstFile) {
  FirstFile = static_cast<uint32_t>(Files.size());
  std::vector<std::string_view> Directories;
  if (Version < 5) {
    Directories.push_back(std::string_view()); // 0: the compilation's
    for (;;) {
      std::string_view Directory = readString(Header);
      if (!Header.ok() || Directory.empty())
        break;
      Directories.push_back(Directory);
    }
    for (;;) {
      std::string_view Name = readString(Header);
      if (!Header.ok())
        return false;
      if (Name.empty())
        return true;
      uint64_t Index = Header.uleb(); // directory index
      Header.uleb();                  // modification time
      Header.uleb();                  // length
      Files.push_back(joinPath(Index < Directories.size() ? Directories[Index]
                                                          : std::string_view(),
                               Name));
    }
  }
  for (int Table = 0; Table < 2; ++Table) { // directories, then files
    uint64_t FormatCount = Header.fixed(1);
    std::vector<std::pair<uint64_t, uint64_t>> Formats;
    for (uint64_t I = 0; I < FormatCount && Header.ok(); ++I) {
      uint64_t Content = Header.uleb();
      uint64_t Form = Header.uleb();
      Formats.emplace_back(Content, Form);
    }
    uint64_t Count = Header.uleb();
    for (uint64_t I = 0; I < Count && Header.ok(); ++I) {
      std::string_view Path;
      uint64_t Directory = 0;
      for (const auto &[Content, Form] : Formats) {
        std::string_view Text;
        if (Content == 2 && (Form == 0x0b || Form == 0x05 || Form == 0x0f)) {
          // DW_LNCT_directory_index as data1, data2 or udata
          Directory = Form == 0x0b   ? Header.fixed(1)
                      : Form == 0x05 ? Header.fixed(2)
                                     : Header.uleb();
          continue;
        }
        if (!readEntryForm(Header, Form, OffsetSize, Sections, Text))
          return false;
        if (Content == 1) // DW_LNCT_path
          Path = Text;
      }
      if (Table == 0)
        Directories.push_back(Path);
      else
        Files.push_back(joinPath(Directory < Directories.size()
                                     ? Directories[Directory]
                                     : std::string_view(),
                                 Path));
    }
  }
  return Header.ok();
}

/// Runs one line program (the unit starting at Unit.position()); returns
/// false when it is malformed.
bool runLineProgram(Reader &Unit, const DebugSections &Sections,
                    std::vector<LineRow> &Rows,
                    std::vector<std::string> &Files) {
  uint64_t Length = Unit.fixed(4);
  unsigned OffsetSize = 4;
  if (Length == 0xffffffffu) {
    Length = Unit.fixed(8);
    OffsetSize = 8;
  }
  if (!Unit.ok() || Length > Unit.remaining())
    return false;
  const uint8_t *UnitEnd = Unit.position() + Length;
  Reader Header(Unit.position(), UnitEnd);
  Unit.skip(Length);

  uint64_t Version = Header.fixed(2);
  if (Version < 2 || Version > 5)
    return false;
  unsigned AddressSize = 8;
  if (Version >= 5) {
    AddressSize = static_cast<unsigned>(Header.fixed(1));
    Header.fixed(1); // segment selector size
  }
  uint64_t HeaderLength = Header.fixed(OffsetSize);
  if (!Header.ok() || HeaderLength > Header.remaining())
    return false;
  const uint8_t *ProgramBegin = Header.position() + HeaderLength;
  uint64_t MinInstructionLength = Header.fixed(1);
  if (Version >= 4)
    Header.fixed(1); // maximum operations per instruction (VLIW only)
  Header.fixed(1);   // default_is_stmt
  int LineBase = static_cast<int8_t>(Header.fixed(1));
  uint64_t LineRange = Header.fixed(1);
  uint64_t OpcodeBase = Header.fixed(1);
  if (!Header.ok() || LineRange == 0 || OpcodeBase == 0)
    return false;
  uint8_t StandardLengths[256] = {};
  for (uint64_t Opcode = 1; Opcode < OpcodeBase; ++Opcode)
    StandardLengths[Opcode] = static_cast<uint8_t>(Header.fixed(1));
  if (!Header.ok())
    return false;
  size_t FilesBefore = Files.size();
  uint32_t FirstFile = 0;
  if (!readFileNames(Header, Version, OffsetSize, Sections, Files, FirstFile)) {
    Files.resize(FilesBefore); // rows of this program get no file
    FirstFile = static_cast<uint32_t>(FilesBefore);
  }
  uint32_t FileCount = static_cast<uint32_t>(Files.size()) - FirstFile;
  uint64_t FirstNumber = Version >= 5 ? 0 : 1;

  Reader Program(ProgramBegin, UnitEnd);
  uint64_t Address = 0;
  int64_t Line = 1;
  uint64_t File = 1;
  auto Emit = [&](bool End) {
    LineRow Row;
    Row.Address = Address;
    Row.Line = Line > 0 && Line <= INT32_MAX ? static_cast<uint32_t>(Line) : 0;
    if (File >= FirstNumber && File - FirstNumber < FileCount)
      Row.File = FirstFile + static_cast<uint32_t>(File - FirstNumber);
    Row.EndSequence = End;
    Rows.push_back(Row);
  };
  while (!Program.atEnd() && Program.ok()) {
    uint64_t Opcode = Program.fixed(1);
    if (Opcode >= OpcodeBase) {
      uint64_t Adjusted = Opcode - OpcodeBase;
      Address += (Adjusted / LineRange) * MinInstructionLength;
      Line += LineBase + static_cast<int64_t>(Adjusted % LineRange);
      Emit(false);
      continue;
    }
    switch (Opcode) {
    case 0: { // extended
      uint64_t Size = Program.uleb();
      if (Size == 0 || Size > Program.remaining())
        return false;
      const uint8_t *Next = Program.position() + Size;
      uint64_t Sub = Program.fixed(1);
      if (Sub == 1) { // DW_LNE_end_sequence
        Emit(true);
        Address = 0;
        Line = 1;
        File = 1;
      } else if (Sub == 2) { // DW_LNE_set_address
        unsigned Bytes = static_cast<unsigned>(Size - 1);
        Address = Program.fixed(Bytes <= 8 ? Bytes : AddressSize);
      }
      Program = Reader(Next, UnitEnd);
      break;
    }
    case 1: // DW_LNS_copy
      Emit(false);
      break;
    case 2: // DW_LNS_advance_pc
      Address += Program.uleb() * MinInstructionLength;
      break;
    case 3: // DW_LNS_advance_line
      Line += Program.sleb();
      break;
    case 4: // DW_LNS_set_file
      File = Program.uleb();
      break;
    case 8: // DW_LNS_const_add_pc
      Address += ((255 - OpcodeBase) / LineRange) * MinInstructionLength;
      break;
    case 9: // DW_LNS_fixed_advance_pc
      Address += Program.fixed(2);
      break;
    default: // operands are ULEB128 numbers
      for (unsigned I = 0; I < StandardLengths[Opcode]; ++I)
        Program.uleb();
      break;
    }
  }
  return Program.ok();
}

/// The OpenMP outlining suffixes of clang, GCC and LLVM's OpenMPIRBuilder
/// (flang: "<function>..omp_par"), and the suffix of the plugin's armed copy
/// of a versioned function (instrumentation_abi.h).
constexpr std::string_view OutliningMarkers[] = {
    ".omp_outlined",           ".omp_task_entry", "._omp_fn.",
    ".omp_task_privates_map",  "._omp_cpyfn.",    "..omp_par",
    SEXTANT_ARMED_CLONE_SUFFIX};

} // namespace

std::string baseName(std::string_view Path) {
  size_t Slash = Path.rfind('/');
  return std::string(Slash == std::string_view::npos ? Path
                                                     : Path.substr(Slash + 1));
}

bool parseDebugLine(const DebugSections &Sections, std::vector<LineRow> &Rows,
                    std::vector<std::string> &Files) {
  Reader Section(Sections.Line, Sections.Line + Sections.LineSize);
  while (!Section.atEnd()) {
    if (!runLineProgram(Section, Sections, Rows, Files))
      return false;
  }
  return true;
}

void sortLineRows(std::vector<LineRow> &Rows) {
  // Of consecutive rows at one address (in program order) the last one
  // applies; the others cover no code.
  size_t Kept = 0;
  for (size_t I = 0; I < Rows.size(); ++I) {
    if (Kept != 0 && Rows[Kept - 1].Address == Rows[I].Address)
      --Kept;
    Rows[Kept++] = Rows[I];
  }
  Rows.resize(Kept);
  std::sort(Rows.begin(), Rows.end(), [](const LineRow &A, const LineRow &B) {
    if (A.Address != B.Address)
      return A.Address < B.Address;
    if (A.EndSequence != B.EndSequence)
      return A.EndSequence;
    return A.Line < B.Line;
  });
}

const LineRow *rowForAddress(const std::vector<LineRow> &Rows,
                             uint64_t Address) {
  auto After = std::upper_bound(
      Rows.begin(), Rows.end(), Address,
      [](uint64_t Value, const LineRow &Row) { return Value < Row.Address; });
  if (After == Rows.begin())
    return nullptr;
  const LineRow &Row = *(After - 1);
  return Row.EndSequence ? nullptr : &Row;
}

const LineRow *rowWithLineForAddress(const std::vector<LineRow> &Rows,
                                     uint64_t Address, uint64_t FunctionEnd) {
  const LineRow *Row = rowForAddress(Rows, Address);
  if (!Row || Row->Line != 0)
    return Row;
  for (const LineRow *Next = Row + 1;
       Next != Rows.data() + Rows.size() && Next->Address < FunctionEnd;
       ++Next) {
    if (Next->EndSequence)
      return nullptr;
    if (Next->Line != 0)
      return Next;
  }
  return nullptr;
}

std::string sourceFunctionName(std::string_view Symbol) {
  size_t Cut = Symbol.size();
  for (std::string_view Marker : OutliningMarkers) {
    size_t Found = Symbol.find(Marker);
    if (Found != std::string_view::npos && Found < Cut)
      Cut = Found;
  }
  std::string Base(Symbol.substr(0, Cut));
  std::string Fortran;
  if (demangleFlangName(Base, Fortran))
    return Fortran;
  if (Base.size() > 2 && Base[0] == '_' && Base[1] == 'Z') {
    int Status = -1;
    char *Demangled =
        abi::__cxa_demangle(Base.c_str(), nullptr, nullptr, &Status);
    if (Status == 0 && Demangled) {
      std::string Result(Demangled);
      std::free(Demangled);
      return Result;
    }
    std::free(Demangled);
  }
  return Base;
}

//===----------------------------------------------------------------------===//
// Modules
//===----------------------------------------------------------------------===//

namespace {

/// The section headers of an ELF64 file mapped whole, every offset checked
/// against the file's size.
class ElfSectionTable {
public:
  /// Bytes: the file's Size bytes, at least an ELF header.
  ElfSectionTable(const uint8_t *Bytes, size_t Size)
      : Bytes(Bytes), Size(Size),
        Header(reinterpret_cast<const Elf64_Ehdr *>(Bytes)) {}

  /// Whether the file is ELF64 with section headers inside it and a
  /// section of section names in the file.
  bool valid() const {
    if (std::memcmp(Header->e_ident, ELFMAG, SELFMAG) != 0 ||
        Header->e_ident[EI_CLASS] != ELFCLASS64 ||
        Header->e_shentsize != sizeof(Elf64_Shdr) || Header->e_shoff == 0 ||
        Header->e_shoff > Size ||
        Header->e_shnum > (Size - Header->e_shoff) / sizeof(Elf64_Shdr) ||
        Header->e_shstrndx >= Header->e_shnum)
      return false;
    return inFile(names());
  }

  /// The number of sections (valid() only).
  unsigned count() const { return Header->e_shnum; }
  const Elf64_Shdr &operator[](unsigned Index) const {
    return reinterpret_cast<const Elf64_Shdr *>(Bytes + Header->e_shoff)[Index];
  }

  /// Whether Section's contents are in the file.
  bool inFile(const Elf64_Shdr &Section) const {
    return Section.sh_type != SHT_NOBITS && Section.sh_offset <= Size &&
           Section.sh_size <= Size - Section.sh_offset;
  }
  /// The first byte of Section's contents (inFile() only).
  const uint8_t *contents(const Elf64_Shdr &Section) const {
    return Bytes + Section.sh_offset;
  }
  /// Section's name; empty when it is out of the section of names.
  std::string_view name(const Elf64_Shdr &Section) const {
    const Elf64_Shdr &Names = names();
    if (Section.sh_name >= Names.sh_size)
      return std::string_view();
    const char *Begin =
        reinterpret_cast<const char *>(contents(Names)) + Section.sh_name;
    return std::string_view(Begin,
                            strnlen(Begin, Names.sh_size - Section.sh_name));
  }

private:
  const Elf64_Shdr &names() const { return (*this)[Header->e_shstrndx]; }

  const uint8_t *Bytes;
  size_t Size;
  const Elf64_Ehdr *Header;
};

/// What the section headers of a module told the built-in reader.
struct ModuleSections {
  DebugSections Debug;
  /// The separate debug file .gnu_debuglink names; empty when none.
  std::string_view DebugLink;
  bool HaveSymtab = false;
  /// Why a compressed debug section cannot be read; empty when none.
  std::string Unreadable;
};

/// Why the built-in reader finds no source lines in a module with
/// Sections, WhyNotLibdw being why libdw was not used (empty when it was);
/// empty when nothing is to be said.
std::string whyNoSourceLines(const ModuleSections &Sections,
                             const std::string &WhyNotLibdw) {
  if (!Sections.Unreadable.empty())
    return Sections.Unreadable + (WhyNotLibdw.empty()
                                      ? "; libdw " + LibdwModule::version() +
                                            " cannot read them either"
                                      : "; " + WhyNotLibdw);
  if (!Sections.Debug.Line && !Sections.DebugLink.empty() &&
      !WhyNotLibdw.empty())
    return "its debug information is in a separate file ('" +
           std::string(Sections.DebugLink) +
           "', named by .gnu_debuglink), which Sextant reads only "
           "through libdw, and " +
           WhyNotLibdw;
  return std::string();
}

} // namespace

struct CodeSymbolizer::Module {
  struct Symbol {
    uint64_t Address = 0;
    uint64_t Size = 0;
    const char *Name = nullptr;
  };
  /// Set when libdw read the module's line table; the rest is then unused.
  std::unique_ptr<LibdwModule> Libdw;
  void *Mapping = nullptr;
  size_t MappingSize = 0;
  std::vector<Symbol> Symbols; ///< sorted by address
  std::vector<LineRow> Lines;  ///< sorted by address
  std::vector<std::string> Files;
  std::vector<std::vector<uint8_t>> Decompressed; ///< sections' contents

  ~Module() {
    if (Mapping)
      ::munmap(Mapping, MappingSize);
  }

  /// Reads Path with the built-in reader; WhyNotLibdw (empty when libdw
  /// was used) completes the message about what it cannot read.
  void load(const std::string &Path, const std::string &WhyNotLibdw);
  const Symbol *symbolAt(uint64_t Address) const {
    auto After = std::upper_bound(
        Symbols.begin(), Symbols.end(), Address,
        [](uint64_t Value, const Symbol &S) { return Value < S.Address; });
    if (After == Symbols.begin())
      return nullptr;
    const Symbol &Found = *(After - 1);
    if (Found.Size != 0 && Address >= Found.Address + Found.Size)
      return nullptr;
    return &Found;
  }

private:
  // The steps of load().
  /// Maps the file Path whole (Mapping); false when it cannot be read or
  /// is shorter than an ELF header.
  bool mapFile(const std::string &Path);
  /// Takes the function symbols of the symbol table Table into Symbols.
  void addFunctionSymbols(const ElfSectionTable &Elf, const Elf64_Shdr &Table);
  /// Points Data and DataSize at Section's contents, decompressed into
  /// Decompressed when compressed; leaves them alone when the section is
  /// not in the file, and sets Unreadable (when still empty) and clears
  /// them when it does not decompress.
  void readSectionContents(const ElfSectionTable &Elf,
                           const Elf64_Shdr &Section, const uint8_t *&Data,
                           size_t &DataSize, std::string &Unreadable);
  /// Goes through the sections once: the symbol tables' function symbols
  /// into Symbols, and the debug sections the line table needs.
  ModuleSections readSections(const ElfSectionTable &Elf);
  /// Sorts Symbols by address, the larger of two at one address first.
  void sortSymbols();
};

void CodeSymbolizer::Module::load(const std::string &Path,
                                  const std::string &WhyNotLibdw) {
  if (!mapFile(Path))
    return;
  ElfSectionTable Elf(static_cast<const uint8_t *>(Mapping), MappingSize);
  if (!Elf.valid())
    return;
  ModuleSections Sections = readSections(Elf);
  std::string Unreadable = whyNoSourceLines(Sections, WhyNotLibdw);
  if (!Unreadable.empty())
    printMessage(MessageKind::Warning,
                 "no source lines for code in '" + messageText(Path) +
                     "': " + messageText(Unreadable) +
                     "; OpenMP regions in it are named without file:line");
  if (!Sections.HaveSymtab)
    for (unsigned I = 0; I < Elf.count(); ++I)
      if (Elf[I].sh_type == SHT_DYNSYM)
        addFunctionSymbols(Elf, Elf[I]);
  sortSymbols();
  if (Sections.Debug.Line) {
    // A malformed program keeps the rows read before it.
    parseDebugLine(Sections.Debug, Lines, Files);
    sortLineRows(Lines);
  }
}

bool CodeSymbolizer::Module::mapFile(const std::string &Path) {
  int Descriptor = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (Descriptor < 0)
    return false;
  struct stat Status;
  if (::fstat(Descriptor, &Status) != 0 ||
      Status.st_size < static_cast<off_t>(sizeof(Elf64_Ehdr))) {
    ::close(Descriptor);
    return false;
  }
  size_t Size = static_cast<size_t>(Status.st_size);
  void *Data = ::mmap(nullptr, Size, PROT_READ, MAP_PRIVATE, Descriptor, 0);
  ::close(Descriptor);
  if (Data == MAP_FAILED)
    return false;
  Mapping = Data;
  MappingSize = Size;
  return true;
}

void CodeSymbolizer::Module::addFunctionSymbols(const ElfSectionTable &Elf,
                                                const Elf64_Shdr &Table) {
  if (!Elf.inFile(Table) || Table.sh_entsize != sizeof(Elf64_Sym) ||
      Table.sh_link >= Elf.count())
    return;
  const Elf64_Shdr &Strings = Elf[Table.sh_link];
  if (!Elf.inFile(Strings))
    return;
  const auto *First = reinterpret_cast<const Elf64_Sym *>(Elf.contents(Table));
  size_t Count = Table.sh_size / sizeof(Elf64_Sym);
  for (size_t I = 0; I < Count; ++I) {
    const Elf64_Sym &Entry = First[I];
    if (ELF64_ST_TYPE(Entry.st_info) != STT_FUNC || Entry.st_value == 0 ||
        Entry.st_name >= Strings.sh_size)
      continue;
    const char *Name =
        reinterpret_cast<const char *>(Elf.contents(Strings)) + Entry.st_name;
    if (strnlen(Name, Strings.sh_size - Entry.st_name) ==
        Strings.sh_size - Entry.st_name)
      continue; // not terminated inside the table
    Symbols.push_back(Symbol{Entry.st_value, Entry.st_size, Name});
  }
}

void CodeSymbolizer::Module::readSectionContents(const ElfSectionTable &Elf,
                                                 const Elf64_Shdr &Section,
                                                 const uint8_t *&Data,
                                                 size_t &DataSize,
                                                 std::string &Unreadable) {
  if (!Elf.inFile(Section))
    return;
  Data = Elf.contents(Section);
  DataSize = Section.sh_size;
  if (!(Section.sh_flags & SHF_COMPRESSED))
    return;
  std::vector<uint8_t> Contents;
  std::string Reason;
  std::string Kind = compressionName(Data, DataSize);
  Data = nullptr;
  DataSize = 0;
  if (!decompressSection(Elf.contents(Section), Section.sh_size, Contents,
                         Reason)) {
    if (Unreadable.empty())
      Unreadable =
          "its debug sections are compressed (" + Kind + ") and " + Reason;
    return;
  }
  Decompressed.push_back(std::move(Contents));
  Data = Decompressed.back().data();
  DataSize = Decompressed.back().size();
}

ModuleSections
CodeSymbolizer::Module::readSections(const ElfSectionTable &Elf) {
  ModuleSections Found;
  DebugSections &Debug = Found.Debug;
  for (unsigned I = 0; I < Elf.count(); ++I) {
    const Elf64_Shdr &Section = Elf[I];
    if (Section.sh_type == SHT_SYMTAB) {
      addFunctionSymbols(Elf, Section);
      Found.HaveSymtab = true;
    }
    std::string_view Name = Elf.name(Section);
    if (Name == ".debug_line")
      readSectionContents(Elf, Section, Debug.Line, Debug.LineSize,
                          Found.Unreadable);
    else if (Name == ".debug_line_str")
      readSectionContents(Elf, Section, Debug.LineStr, Debug.LineStrSize,
                          Found.Unreadable);
    else if (Name == ".debug_str")
      readSectionContents(Elf, Section, Debug.Str, Debug.StrSize,
                          Found.Unreadable);
    else if (Name == ".gnu_debuglink" && Elf.inFile(Section))
      Found.DebugLink = std::string_view(
          reinterpret_cast<const char *>(Elf.contents(Section)),
          strnlen(reinterpret_cast<const char *>(Elf.contents(Section)),
                  Section.sh_size));
  }
  return Found;
}

void CodeSymbolizer::Module::sortSymbols() {
  std::sort(Symbols.begin(), Symbols.end(),
            [](const Symbol &A, const Symbol &B) {
              if (A.Address != B.Address)
                return A.Address < B.Address;
              return A.Size > B.Size;
            });
}

CodeSymbolizer::CodeSymbolizer(SymbolizerSettings TheSettings)
    : Settings(std::move(TheSettings)) {}
CodeSymbolizer::~CodeSymbolizer() = default;

const std::string &CodeSymbolizer::whyNotLibdw() {
  if (!LibdwChecked) {
    LibdwChecked = true;
    if (!Settings.UseLibdw)
      LibdwUnavailable = "SEXTANT_USE_LIBDW=0 turns libdw off";
    else
      LibdwModule::load(LibdwUnavailable);
  }
  return LibdwUnavailable;
}

CodeSymbolizer::Module &CodeSymbolizer::moduleFor(const std::string &Path) {
  auto Found = Modules.find(Path);
  if (Found != Modules.end())
    return *Found->second;
  auto Loaded = std::make_unique<Module>();
  const std::string &WhyNotLibdw = whyNotLibdw();
  if (WhyNotLibdw.empty()) {
    Loaded->Libdw = LibdwModule::open(Path, Settings.DebugFileDirectories);
    if (Loaded->Libdw && !Loaded->Libdw->hasLines())
      Loaded->Libdw.reset(); // e.g. zstd sections an old libdw cannot read
  }
  if (!Loaded->Libdw)
    Loaded->load(Path, WhyNotLibdw);
  Module &Result = *Loaded;
  Modules.emplace(Path, std::move(Loaded));
  return Result;
}

CodeLocation CodeSymbolizer::locateReturnAddress(const void *ReturnAddress) {
  CodeLocation Location;
  if (!ReturnAddress)
    return Location;
  // The call instruction ends just before its return address.
  uintptr_t Address = reinterpret_cast<uintptr_t>(ReturnAddress) - 1;
  Dl_info Info;
  link_map *Map = nullptr;
  if (!dladdr1(reinterpret_cast<void *>(Address), &Info,
               reinterpret_cast<void **>(&Map), RTLD_DL_LINKMAP) ||
      !Map)
    return Location;
  std::string Path =
      Map->l_name && Map->l_name[0] ? std::string(Map->l_name) : std::string();
  if (Path.empty()) {
    char Buffer[4096];
    ssize_t Length = ::readlink("/proc/self/exe", Buffer, sizeof(Buffer) - 1);
    if (Length > 0)
      Path.assign(Buffer, static_cast<size_t>(Length));
  }
  Location.Module = Path;
  uint64_t FileAddress = Address - Map->l_addr;
  std::lock_guard<std::mutex> Lock(Mutex);
  auto Known = ByAddress.find(Address);
  if (Known != ByAddress.end() && Known->second.Module == Path)
    return Known->second;
  Module &Found = moduleFor(Path);
  if (Found.Libdw) {
    std::string Symbol;
    Found.Libdw->locate(FileAddress, Symbol, Location.File, Location.Line);
    if (!Symbol.empty())
      Location.Function = sourceFunctionName(Symbol);
    Location.Symbol = Symbol;
  } else {
    // Without the function's extent, no row after the address's is used.
    uint64_t FunctionEnd = FileAddress + 1;
    if (const Module::Symbol *Symbol = Found.symbolAt(FileAddress)) {
      Location.Function = sourceFunctionName(Symbol->Name);
      Location.Symbol = Symbol->Name;
      if (Symbol->Size != 0)
        FunctionEnd = Symbol->Address + Symbol->Size;
    }
    if (const LineRow *Row =
            rowWithLineForAddress(Found.Lines, FileAddress, FunctionEnd)) {
      Location.Line = Row->Line;
      if (Row->File < Found.Files.size())
        Location.File = Found.Files[Row->File];
    }
  }
  if (Location.Function.empty() && Info.dli_sname) {
    Location.Function = sourceFunctionName(Info.dli_sname);
    Location.Symbol = Info.dli_sname;
  }
  ByAddress[Address] = Location;
  return Location;
}

} // namespace runtime
} // namespace sextant
