//===- tools/sextant/ExportSelection.cpp - Trace export's part ------------===//
//
// Part of Sextant. The selection of a trace export and the parsers of its
// option values.
//
//===----------------------------------------------------------------------===//

#include "ExportSelection.h"

#include "CommandLine.h"

#include <algorithm>
#include <cstdio>

namespace sextant {
namespace tool {

namespace {

bool listed(const std::vector<uint32_t> &List, uint32_t Index) {
  return List.empty() || std::binary_search(List.begin(), List.end(), Index);
}

/// Text with one decimal and a unit: Value / Scale.
std::string scaled(double Value, double Scale, const char *Unit) {
  char Text[48];
  std::snprintf(Text, sizeof(Text), "%.1f %s", Value / Scale, Unit);
  return Text;
}

} // namespace

bool ExportSelection::rankSelected(int Rank) const {
  return Rank < 0 || listed(Ranks, static_cast<uint32_t>(Rank));
}

bool ExportSelection::threadSelected(uint32_t Thread) const {
  return listed(Threads, Thread);
}

bool parseByteSize(const std::string &Text, uint64_t &Bytes) {
  size_t Digits = 0;
  while (Digits < Text.size() && Text[Digits] >= '0' && Text[Digits] <= '9')
    ++Digits;
  uint64_t Value = 0;
  if (!parseUnsignedValue(Text.substr(0, Digits), Value))
    return false;
  std::string Suffix = Text.substr(Digits);
  unsigned Shift = 0;
  if (!Suffix.empty()) {
    static const char Units[] = "KMG";
    const char *Unit = std::char_traits<char>::find(Units, 3, Suffix[0]);
    if (!Unit)
      return false;
    Shift = 10 * unsigned(Unit - Units + 1);
    std::string Rest = Suffix.substr(1);
    if (!Rest.empty() && Rest != "B" && Rest != "iB")
      return false;
  }
  if (Shift != 0 && Value > (UINT64_MAX >> Shift))
    return false;
  Bytes = Value << Shift;
  return true;
}

bool parseIndexList(const std::string &Text, std::vector<uint32_t> &Indices,
                    std::string &Error) {
  Indices.clear();
  size_t Start = 0;
  for (;;) {
    size_t Comma = Text.find(',', Start);
    std::string Item = Text.substr(
        Start, Comma == std::string::npos ? std::string::npos : Comma - Start);
    size_t Dash = Item.find('-');
    uint64_t First = 0, Last = 0;
    bool Good = Dash == std::string::npos
                    ? parseUnsignedValue(Item, First) && (Last = First, true)
                    : parseUnsignedValue(Item.substr(0, Dash), First) &&
                          parseUnsignedValue(Item.substr(Dash + 1), Last);
    if (!Good || First > UINT32_MAX || Last > UINT32_MAX) {
      Error = "expected numbers and ranges separated by commas (e.g. "
              "0,2-3), got '" +
              Text + "'";
      return false;
    }
    if (Last < First) {
      Error = "the range '" + Item + "' runs backwards";
      return false;
    }
    if (Last - First >= (uint64_t(1) << 20)) {
      Error = "the range '" + Item + "' is too large";
      return false;
    }
    for (uint64_t Index = First; Index <= Last; ++Index)
      Indices.push_back(static_cast<uint32_t>(Index));
    if (Comma == std::string::npos)
      break;
    Start = Comma + 1;
  }
  std::sort(Indices.begin(), Indices.end());
  Indices.erase(std::unique(Indices.begin(), Indices.end()), Indices.end());
  return true;
}

std::string indexListText(const std::vector<uint32_t> &Indices) {
  std::vector<std::string> Parts;
  for (size_t I = 0; I < Indices.size();) {
    size_t J = I;
    while (J + 1 < Indices.size() && Indices[J + 1] == Indices[J] + 1)
      ++J;
    Parts.push_back(std::to_string(Indices[I]) +
                    (J > I ? "-" + std::to_string(Indices[J]) : ""));
    I = J + 1;
  }
  std::string List;
  for (size_t I = 0; I < Parts.size(); ++I) {
    if (I != 0)
      List += I + 1 == Parts.size() ? " and " : ", ";
    List += Parts[I];
  }
  return List;
}

std::string byteSizeText(uint64_t Bytes) {
  if (Bytes < 1024)
    return std::to_string(Bytes) + " bytes";
  if (Bytes < (uint64_t(1) << 20))
    return scaled(double(Bytes), 1024.0, "KiB");
  if (Bytes < (uint64_t(1) << 30))
    return scaled(double(Bytes), 1048576.0, "MiB");
  return scaled(double(Bytes), 1073741824.0, "GiB");
}

std::string countText(uint64_t Count) {
  if (Count < 10000)
    return std::to_string(Count);
  if (Count < 1000000)
    return scaled(double(Count), 1e3, "k");
  if (Count < 1000000000)
    return scaled(double(Count), 1e6, "M");
  return scaled(double(Count), 1e9, "G");
}

} // namespace tool
} // namespace sextant
