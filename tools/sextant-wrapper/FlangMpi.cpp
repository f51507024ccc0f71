//===- tools/sextant-wrapper/FlangMpi.cpp - MPI with flang ----------------===//
//
// Part of Sextant. See FlangMpi.h.
//
//===----------------------------------------------------------------------===//

#include "tools/sextant-wrapper/FlangMpi.h"

#include <cctype>

namespace sextant {
namespace wrapper {

std::string flangMpiModuleDirectory(const std::string &ModuleRoot,
                                    MpiFlavour Flavour) {
  if (Flavour == MpiFlavour::Unknown)
    return "";
  return ModuleRoot + "/" + mpiFlavourName(Flavour);
}

bool isGfortranOnlyMpiOption(const std::string &Option) {
  if (Option == "-fallow-argument-mismatch" || Option == "-fallow-invalid-boz")
    return true;
  for (const char *Prefix : {"-ffile-prefix-map=", "-fstack-protector"})
    if (Option.rfind(Prefix, 0) == 0)
      return true;
  return false;
}

std::vector<std::string>
withoutGfortranOnlyMpiOptions(const std::vector<std::string> &Args) {
  std::vector<std::string> Kept;
  for (const std::string &Arg : Args)
    if (!isGfortranOnlyMpiOption(Arg))
      Kept.push_back(Arg);
  return Kept;
}

namespace {

/// Reads a Fortran name at Line[Pos] (lower-cased); Pos moves past it.
std::string nameAt(const std::string &Line, size_t &Pos) {
  std::string Name;
  while (
      Pos < Line.size() &&
      (std::isalnum(static_cast<unsigned char>(Line[Pos])) || Line[Pos] == '_'))
    Name += static_cast<char>(
        std::tolower(static_cast<unsigned char>(Line[Pos++])));
  return Name;
}

void skipBlanks(const std::string &Line, size_t &Pos) {
  while (Pos < Line.size() && (Line[Pos] == ' ' || Line[Pos] == '\t'))
    ++Pos;
}

/// The module a `use` statement on Line names; empty when Line is not one.
std::string usedModule(const std::string &Line) {
  size_t Pos = 0;
  skipBlanks(Line, Pos);
  if (nameAt(Line, Pos) != "use")
    return "";
  size_t AfterUse = Pos;
  skipBlanks(Line, Pos);
  if (Pos < Line.size() && Line[Pos] == ',') { // , intrinsic / non_intrinsic
    ++Pos;
    skipBlanks(Line, Pos);
    nameAt(Line, Pos);
    skipBlanks(Line, Pos);
    if (Line.compare(Pos, 2, "::") != 0)
      return "";
  }
  if (Line.compare(Pos, 2, "::") == 0) {
    Pos += 2;
    skipBlanks(Line, Pos);
  } else if (Pos == AfterUse) {
    return ""; // `use` not followed by a blank or `::`
  }
  std::string Module = nameAt(Line, Pos);
  skipBlanks(Line, Pos);
  if (Pos < Line.size() && Line[Pos] != ',' && Line[Pos] != '!' &&
      Line[Pos] != ';' && Line[Pos] != '\r')
    return "";
  return Module;
}

} // namespace

MpiModuleUses mpiModuleUsesOf(const std::string &Text) {
  MpiModuleUses Uses;
  size_t Start = 0;
  while (Start < Text.size()) {
    size_t End = Text.find('\n', Start);
    if (End == std::string::npos)
      End = Text.size();
    std::string Module = usedModule(Text.substr(Start, End - Start));
    Uses.Mpi |= Module == "mpi";
    Uses.MpiF08 |= Module == "mpi_f08";
    Start = End + 1;
  }
  return Uses;
}

} // namespace wrapper
} // namespace sextant
