//===- wrap/generator/LibrarySymbols.cpp - What a library exports ---------===//
//
// Part of Sextant. See LibrarySymbols.h.
//
//===----------------------------------------------------------------------===//

#include "wrap/generator/LibrarySymbols.h"

#include <llvm/Object/Archive.h>
#include <llvm/Object/Binary.h>
#include <llvm/Object/ELFObjectFile.h>
#include <llvm/Object/ObjectFile.h>
#include <llvm/Support/Error.h>

#include <fstream>
#include <vector>

namespace sextant {
namespace wrap {

namespace {

template <typename Range>
bool addDefined(Range Symbols, std::set<std::string> &Names,
                std::string &Error) {
  for (const llvm::object::SymbolRef &Symbol : Symbols) {
    llvm::Expected<uint32_t> Flags = Symbol.getFlags();
    if (!Flags) {
      Error = llvm::toString(Flags.takeError());
      return false;
    }
    if ((*Flags & llvm::object::SymbolRef::SF_Undefined) ||
        !(*Flags & (llvm::object::SymbolRef::SF_Global |
                    llvm::object::SymbolRef::SF_Weak)))
      continue;
    llvm::Expected<llvm::StringRef> Name = Symbol.getName();
    if (!Name) {
      Error = llvm::toString(Name.takeError());
      return false;
    }
    if (!Name->empty())
      Names.insert(Name->str());
  }
  return true;
}

bool addObject(const llvm::object::ObjectFile &Object,
               std::set<std::string> &Names, std::string &Error) {
  if (const auto *Elf =
          llvm::dyn_cast<llvm::object::ELFObjectFileBase>(&Object))
    if (Elf->getEType() == llvm::ELF::ET_DYN) {
      auto Dynamic = Elf->getDynamicSymbolIterators();
      std::vector<llvm::object::SymbolRef> Symbols(Dynamic.begin(),
                                                   Dynamic.end());
      return addDefined(Symbols, Names, Error);
    }
  return addDefined(Object.symbols(), Names, Error);
}

/// The files a GNU ld script (such as Debian's libm.so or libc.so) names:
/// its words that are absolute paths.
bool linkerScriptInputs(const std::string &Path,
                        std::vector<std::string> &Inputs) {
  std::ifstream In(Path);
  std::string Text(4096, '\0');
  In.read(&Text[0], static_cast<std::streamsize>(Text.size()));
  Text.resize(static_cast<size_t>(In.gcount()));
  if (Text.rfind("\x7f"
                 "ELF",
                 0) == 0 ||
      Text.rfind("!<arch>", 0) == 0 || Text.find('\0') != std::string::npos)
    return false; // a binary, not a script
  for (size_t Open; (Open = Text.find("/*")) != std::string::npos;) {
    size_t Close = Text.find("*/", Open + 2);
    Text.erase(Open, Close == std::string::npos ? std::string::npos
                                                : Close + 2 - Open);
  }
  if (Text.find("GROUP") == std::string::npos &&
      Text.find("INPUT") == std::string::npos)
    return false;
  std::string Word;
  for (char C : Text + " ") {
    if (C == ' ' || C == '\t' || C == '\n' || C == '(' || C == ')') {
      if (!Word.empty() && Word[0] == '/' && Word != Path)
        Inputs.push_back(Word);
      Word.clear();
    } else {
      Word += C;
    }
  }
  return !Inputs.empty();
}

} // namespace

bool readLibrarySymbols(const std::string &Path, std::set<std::string> &Names,
                        std::string &Error) {
  std::vector<std::string> Inputs;
  if (linkerScriptInputs(Path, Inputs)) {
    for (const std::string &Input : Inputs)
      if (!readLibrarySymbols(Input, Names, Error))
        return false;
    return true;
  }
  llvm::Expected<llvm::object::OwningBinary<llvm::object::Binary>> Owning =
      llvm::object::createBinary(Path);
  if (!Owning) {
    Error = "cannot read '" + Path +
            "' as an ELF library: " + llvm::toString(Owning.takeError());
    return false;
  }
  llvm::object::Binary *Binary = Owning->getBinary();
  if (auto *Object = llvm::dyn_cast<llvm::object::ObjectFile>(Binary))
    return addObject(*Object, Names, Error);
  auto *Archive = llvm::dyn_cast<llvm::object::Archive>(Binary);
  if (!Archive) {
    Error = "'" + Path + "' is neither an ELF object nor an archive";
    return false;
  }
  llvm::Error Failure = llvm::Error::success();
  for (const llvm::object::Archive::Child &Child : Archive->children(Failure)) {
    llvm::Expected<std::unique_ptr<llvm::object::Binary>> Member =
        Child.getAsBinary();
    if (!Member) {
      llvm::consumeError(Member.takeError()); // not an object (e.g. a list)
      continue;
    }
    if (auto *Object = llvm::dyn_cast<llvm::object::ObjectFile>(Member->get()))
      if (!addObject(*Object, Names, Error))
        return false;
  }
  if (Failure) {
    Error = "cannot read the archive '" + Path +
            "': " + llvm::toString(std::move(Failure));
    return false;
  }
  return true;
}

} // namespace wrap
} // namespace sextant
