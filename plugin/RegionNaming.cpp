//===- plugin/RegionNaming.cpp - Names, file and lines of a region --------===//
//
// Part of Sextant. Implements the naming rules of region descriptors: clone
// suffixes are stripped before demangling (LLVM's demangler would otherwise
// print them as " (.constprop.0)"), the source file comes from the
// function's DISubprogram rather than from the translation unit (so that
// functions defined in headers name their header), and the last line is
// the largest line among the instructions that belong to the function
// itself (instructions inlined from callees count with their call site).
//
//===----------------------------------------------------------------------===//

#include "RegionNaming.h"
#include "common/DisplayName.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
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

RegionNames nameRegion(const Function &F) {
  RegionNames Names;
  Names.MangledName = stripCloneSuffixes(linkageName(F)).str();
  Names.DisplayName = demangleForDisplay(Names.MangledName, Names.Demangled);

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
  return Names;
}

} // namespace sextant
