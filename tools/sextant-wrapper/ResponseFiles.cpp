//===- tools/sextant-wrapper/ResponseFiles.cpp - @file arguments ----------===//
//
// Part of Sextant. See ResponseFiles.h.
//
//===----------------------------------------------------------------------===//

#include "tools/sextant-wrapper/ResponseFiles.h"

#include <fstream>
#include <sstream>

namespace sextant {
namespace wrapper {

std::vector<std::string> tokenizeResponseFile(const std::string &Text) {
  std::vector<std::string> Words;
  std::string Word;
  bool InWord = false;
  char Quote = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && I + 1 < Text.size()) {
      Word += Text[++I];
      InWord = true;
    } else if (Quote) {
      if (C == Quote)
        Quote = 0;
      else
        Word += C;
    } else if (C == '\'' || C == '"') {
      Quote = C;
      InWord = true;
    } else if (C == ' ' || C == '\t' || C == '\n' || C == '\r' || C == '\f' ||
               C == '\v') {
      if (InWord)
        Words.push_back(Word);
      Word.clear();
      InWord = false;
    } else {
      Word += C;
      InWord = true;
    }
  }
  if (InWord)
    Words.push_back(Word);
  return Words;
}

static bool readFile(const std::string &Path, std::string &Text) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    return false;
  std::ostringstream Contents;
  Contents << In.rdbuf();
  Text = Contents.str();
  return !In.bad();
}

static void expandInto(const std::vector<std::string> &Args, unsigned Depth,
                       std::vector<std::string> &Out) {
  for (const std::string &Arg : Args) {
    std::string Text;
    if (Arg.size() > 1 && Arg[0] == '@' && Depth < 32 &&
        readFile(Arg.substr(1), Text))
      expandInto(tokenizeResponseFile(Text), Depth + 1, Out);
    else
      Out.push_back(Arg);
  }
}

std::vector<std::string> expandResponseFiles(const std::vector<std::string> &Args) {
  std::vector<std::string> Out;
  expandInto(Args, 0, Out);
  return Out;
}

} // namespace wrapper
} // namespace sextant
