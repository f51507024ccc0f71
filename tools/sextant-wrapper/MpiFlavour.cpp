//===- tools/sextant-wrapper/MpiFlavour.cpp - Which MPI a line uses -------===//
//
// Part of Sextant. See MpiFlavour.h.
//
//===----------------------------------------------------------------------===//

#include "tools/sextant-wrapper/MpiFlavour.h"

namespace sextant {
namespace wrapper {

namespace {

bool contains(const std::string &Text, const char *Part) {
  return Text.find(Part) != std::string::npos;
}

bool startsWith(const std::string &Text, const char *Prefix) {
  return Text.rfind(Prefix, 0) == 0;
}

/// The flavour a path or name mentions (a directory or a library file).
MpiFlavour flavourMentioned(const std::string &Text) {
  if (contains(Text, "openmpi") || contains(Text, "open-mpi"))
    return MpiFlavour::OpenMpi;
  if (contains(Text, "mpich"))
    return MpiFlavour::Mpich;
  return MpiFlavour::Unknown;
}

/// The flavour of the library -l<Name>.
MpiFlavour flavourOfLibrary(const std::string &Name) {
  if (startsWith(Name, "mpich") || startsWith(Name, "fmpich") ||
      startsWith(Name, "pmpich"))
    return MpiFlavour::Mpich;
  for (const char *OpenMpi :
       {"open-pal", "open-rte", "mpi_mpifh", "mpi_usempi", "mpi_cxx", "oshmem"})
    if (startsWith(Name, OpenMpi))
      return MpiFlavour::OpenMpi;
  return MpiFlavour::Unknown;
}

/// The flavour one compiler word tells, if any.
MpiFlavour flavourOfWord(const std::string &Word) {
  if (startsWith(Word, "-l"))
    return flavourOfLibrary(Word.substr(2));
  if (startsWith(Word, "-L") || startsWith(Word, "-I") ||
      startsWith(Word, "-Wl,-rpath,") || startsWith(Word, "-Wl,-rpath="))
    return flavourMentioned(Word);
  if (Word.empty() || Word[0] == '-')
    return MpiFlavour::Unknown;
  // An input file: a library of an MPI by its name or its directory.
  std::string Base = Word.substr(Word.rfind('/') + 1);
  bool Archive = Base.size() > 2 && Base.compare(Base.size() - 2, 2, ".a") == 0;
  if (startsWith(Base, "lib") && (contains(Base, ".so") || Archive)) {
    std::string Name = Base.substr(3, Base.find('.') - 3);
    MpiFlavour ByName = flavourOfLibrary(Name);
    if (ByName != MpiFlavour::Unknown || !startsWith(Name, "mpi"))
      return ByName;
    return flavourMentioned(Word.substr(0, Word.size() - Base.size()));
  }
  return MpiFlavour::Unknown;
}

struct FlavourNames {
  MpiFlavour Flavour;
  const char *Name;
  const char *Title;
};
constexpr FlavourNames Flavours[] = {
    {MpiFlavour::Mpich, "mpich", "MPICH"},
    {MpiFlavour::OpenMpi, "openmpi", "Open MPI"}};
constexpr FlavourNames UnknownFlavour = {MpiFlavour::Unknown, "",
                                         "an unknown MPI"};

const FlavourNames &namesOf(MpiFlavour Flavour) {
  for (const FlavourNames &Names : Flavours)
    if (Names.Flavour == Flavour)
      return Names;
  return UnknownFlavour;
}

} // namespace

const char *mpiFlavourName(MpiFlavour Flavour) { return namesOf(Flavour).Name; }

const char *mpiFlavourTitle(MpiFlavour Flavour) {
  return namesOf(Flavour).Title;
}

MpiFlavour mpiFlavourNamed(const std::string &Name) {
  for (const FlavourNames &Names : Flavours)
    if (Name == Names.Name)
      return Names.Flavour;
  return MpiFlavour::Unknown;
}

MpiFlavour mpiFlavourOfWrapper(const std::string &Command) {
  return flavourMentioned(Command.substr(Command.rfind('/') + 1));
}

MpiFlavour mpiFlavourOfWords(const std::vector<std::string> &Words) {
  for (const std::string &Word : Words) {
    MpiFlavour Flavour = flavourOfWord(Word);
    if (Flavour != MpiFlavour::Unknown)
      return Flavour;
  }
  return MpiFlavour::Unknown;
}

std::vector<std::string> splitWords(const std::string &Text) {
  std::vector<std::string> Words;
  size_t Start = Text.find_first_not_of(" \t\r\n");
  while (Start != std::string::npos) {
    size_t End = Text.find_first_of(" \t\r\n", Start);
    Words.push_back(Text.substr(Start, End - Start));
    Start = Text.find_first_not_of(" \t\r\n", End);
  }
  return Words;
}

std::string mpiAdapterLibrary(MpiFlavour Flavour, MpiFlavour Default) {
  if (Flavour == MpiFlavour::Unknown || Flavour == Default)
    return "sextant-mpi";
  return std::string("sextant-") + mpiFlavourName(Flavour);
}

} // namespace wrapper
} // namespace sextant
