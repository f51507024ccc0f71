//===- plugin/RegionNaming.cpp - Names, file and lines of a region --------===//
//
// Part of Sextant. Implements the naming rules of region descriptors: clone
// suffixes are stripped before demangling (LLVM's demangler would otherwise
// print them as " (.constprop.0)"), the source file comes from the
// function's DISubprogram rather than from the translation unit (so that
// functions defined in headers name their header), and the last line is
// the largest line among the instructions that belong to the function
// itself (instructions inlined from callees count with their call site).
// Flang's names of Fortran procedures are decoded (common/FlangNames.h);
// the main program's name, which Flang keeps out of the IR and the debug
// information (its function is "_QQmain", its DISubprogram says "_QQmain"
// too), is read from the PROGRAM statement at the main program's
// DISubprogram line. External procedures ("extsub_") are shown by their
// Fortran name ("extsub").
//
//===----------------------------------------------------------------------===//

#include "RegionNaming.h"
#include "common/DisplayName.h"
#include "common/FlangNames.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace sextant {

/// Name components that optimizers (LLVM and GCC) append to clones and
/// split parts of a function, each optionally followed by ".<number>".
static constexpr StringLiteral CloneSuffixKeywords[] = {
    "cold", "llvm", "constprop", "isra", "part", "specialized", "lto_priv"};

static bool isCloneSuffixKeyword(StringRef Component) {
  return is_contained(CloneSuffixKeywords, Component);
}

static bool isDecimalNumber(StringRef Component) {
  return !Component.empty() &&
         all_of(Component, [](char C) { return isDigit(C); });
}

StringRef linkageName(const Function &F) {
  StringRef Name = F.getName();
  Name.consume_front("\1");
  return Name;
}

StringRef stripCloneSuffixes(StringRef Name) {
  while (true) {
    size_t LastDot = Name.rfind('.');
    if (LastDot == StringRef::npos || LastDot == 0)
      return Name;
    StringRef Last = Name.substr(LastDot + 1);
    if (isCloneSuffixKeyword(Last)) {
      Name = Name.take_front(LastDot);
      continue;
    }
    if (!isDecimalNumber(Last))
      return Name;
    // ".<keyword>.<number>": look at the component before the number.
    StringRef Head = Name.take_front(LastDot);
    size_t KeywordDot = Head.rfind('.');
    if (KeywordDot == StringRef::npos || KeywordDot == 0 ||
        !isCloneSuffixKeyword(Head.substr(KeywordDot + 1)))
      return Name;
    Name = Head.take_front(KeywordDot);
  }
}

/// The path of the file a DISubprogram names: the filename joined to its
/// directory unless it already is absolute, with "." components removed.
static std::string sourcePath(const DISubprogram &SP) {
  StringRef FileName = SP.getFilename();
  StringRef Directory = SP.getDirectory();
  if (FileName.empty())
    return std::string();
  SmallString<256> Path;
  if (Directory.empty() || sys::path::is_absolute(FileName))
    Path = FileName;
  else
    sys::path::append(Path, Directory, FileName);
  sys::path::remove_dots(Path, /*remove_dot_dot=*/false);
  return std::string(Path);
}

/// The largest line among the debug locations that belong to F itself. An
/// instruction inlined from a callee is attributed to the line of its
/// outermost call site in F.
static unsigned lastLine(const Function &F, const DISubprogram &SP) {
  unsigned Last = 0;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB) {
      const DILocation *Loc = I.getDebugLoc().get();
      if (!Loc)
        continue;
      while (const DILocation *CallSite = Loc->getInlinedAt())
        Loc = CallSite;
      if (Loc->getScope()->getSubprogram() == &SP)
        Last = std::max(Last, Loc->getLine());
    }
  return Last;
}

/// The source file name of every module that Flang makes.
static constexpr StringLiteral FlangModuleName = "FIRModule";

/// Flang's name of the main program's function.
static constexpr StringLiteral FlangMainProgram = "_QQmain";

/// Line Number (from 1) of Text, without its line terminator.
static StringRef lineOf(StringRef Text, unsigned Number) {
  for (unsigned Current = 1; Current < Number; ++Current) {
    size_t Newline = Text.find('\n');
    if (Newline == StringRef::npos)
      return StringRef();
    Text = Text.drop_front(Newline + 1);
  }
  return Text.take_until([](char C) { return C == '\n'; });
}

/// The name of the Fortran main program defined in M, from its PROGRAM
/// statement; empty when M has no main program, no debug information for
/// it, or its source cannot be read (the name then reads "MAIN").
static std::string fortranProgramName(const Module &M) {
  const Function *Main = M.getFunction(FlangMainProgram);
  const DISubprogram *SP = Main ? Main->getSubprogram() : nullptr;
  if (!SP || SP->getLine() == 0)
    return std::string();
  std::string Path = sourcePath(*SP);
  ErrorOr<std::unique_ptr<MemoryBuffer>> Source =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Source)
    return std::string();
  return fortranProgramStatementName(
      lineOf((*Source)->getBuffer(), SP->getLine()));
}

/// Flang's names that are decoded with the main program's name.
static bool namesFortranProgram(StringRef MangledName) {
  return MangledName == FlangMainProgram || MangledName.starts_with("_QFP");
}

static bool isFortran(const DISubprogram &SP) {
  const DICompileUnit *Unit = SP.getUnit();
  if (!Unit)
    return false;
  switch (Unit->getSourceLanguage()) {
  case dwarf::DW_LANG_Fortran77:
  case dwarf::DW_LANG_Fortran90:
  case dwarf::DW_LANG_Fortran95:
  case dwarf::DW_LANG_Fortran03:
  case dwarf::DW_LANG_Fortran08:
  case dwarf::DW_LANG_Fortran18:
    return true;
  default:
    return false;
  }
}

/// The Fortran name of an external procedure, which Flang gives the
/// linkage name "<name>_" and the DISubprogram name "<name>"; empty for
/// every other function.
static StringRef fortranExternalName(const Function &F,
                                     StringRef MangledName) {
  const DISubprogram *SP = F.getSubprogram();
  if (!SP || !isFortran(*SP))
    return StringRef();
  StringRef Name = SP->getName();
  if (Name.empty() || MangledName.size() != Name.size() + 1 ||
      !MangledName.starts_with(Name) || !MangledName.ends_with("_"))
    return StringRef();
  return Name;
}

RegionNames nameRegion(const Function &F) {
  RegionNames Names;
  Names.MangledName = stripCloneSuffixes(linkageName(F)).str();
  std::string ProgramName;
  if (namesFortranProgram(Names.MangledName))
    ProgramName = fortranProgramName(*F.getParent());
  Names.DisplayName =
      demangleForDisplay(Names.MangledName, Names.Demangled, ProgramName);
  if (!Names.Demangled) {
    StringRef External = fortranExternalName(F, Names.MangledName);
    if (!External.empty()) {
      Names.DisplayName = External.str();
      Names.Demangled = true;
    }
  }

  if (const DISubprogram *SP = F.getSubprogram()) {
    Names.File = sourcePath(*SP);
    if (!Names.File.empty()) {
      Names.HasDebugInfo = true;
      Names.BeginLine = SP->getLine();
      Names.EndLine = std::max(Names.BeginLine, lastLine(F, *SP));
      return Names;
    }
  }
  Names.File = F.getParent()->getSourceFileName();
  // Flang names every module "FIRModule": no file is better than that one.
  if (Names.File == FlangModuleName)
    Names.File.clear();
  return Names;
}

} // namespace sextant
