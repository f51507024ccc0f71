//===- tools/sextant/TextTable.cpp - Aligned text columns -----------------===//
//
// Part of Sextant. Column widths and layout of TextTable.
//
//===----------------------------------------------------------------------===//

#include "TextTable.h"

#include <algorithm>

namespace sextant {
namespace tool {

namespace {
const char ColumnGap[] = "  ";
} // namespace

size_t displayWidth(const std::string &Text) {
  size_t Width = 0;
  for (unsigned char C : Text)
    Width += (C & 0xC0) != 0x80; // count bytes that start a code point
  return Width;
}

void TextTable::addColumn(std::string Header, Align Alignment) {
  Columns.push_back({std::move(Header), Alignment});
}

void TextTable::addRow(std::vector<std::string> Cells) {
  Cells.resize(Columns.size());
  Rows.push_back(std::move(Cells));
}

std::string TextTable::render() const {
  std::vector<size_t> Widths;
  for (const Column &C : Columns)
    Widths.push_back(displayWidth(C.Header));
  for (const std::vector<std::string> &Row : Rows)
    for (size_t I = 0; I < Row.size(); ++I)
      Widths[I] = std::max(Widths[I], displayWidth(Row[I]));

  std::string Out;
  auto AppendLine = [&](auto CellOf) {
    std::string Line;
    for (size_t I = 0; I < Columns.size(); ++I) {
      const std::string &Cell = CellOf(I);
      if (I != 0)
        Line += ColumnGap;
      size_t Padding = Widths[I] - displayWidth(Cell);
      bool Last = I + 1 == Columns.size();
      if (Columns[I].Alignment == Align::Right)
        Line.append(Padding, ' ');
      Line += Cell;
      if (Columns[I].Alignment == Align::Left && !Last)
        Line.append(Padding, ' ');
    }
    while (!Line.empty() && Line.back() == ' ')
      Line.pop_back();
    Out += Line;
    Out += '\n';
  };
  AppendLine(
      [&](size_t I) -> const std::string & { return Columns[I].Header; });
  for (const std::vector<std::string> &Row : Rows)
    AppendLine([&](size_t I) -> const std::string & { return Row[I]; });
  return Out;
}

} // namespace tool
} // namespace sextant
