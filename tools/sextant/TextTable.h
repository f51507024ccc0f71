//===- tools/sextant/TextTable.h - Aligned text columns ---------*- C++ -*-===//
//
// Part of Sextant. A table of text cells printed in aligned columns: each
// column as wide as its widest cell, numbers right-aligned, two blanks
// between columns. The last column (the region name, in every table of the
// tool) is left-aligned and never padded or cut, so long names stay whole.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_TEXTTABLE_H
#define SEXTANT_TOOLS_TEXTTABLE_H

#include <string>
#include <vector>

namespace sextant {
namespace tool {

class TextTable {
public:
  enum class Align { Left, Right };

  void addColumn(std::string Header, Align Alignment);
  /// A row with one cell per column (missing cells are empty).
  void addRow(std::vector<std::string> Cells);
  size_t rows() const { return Rows.size(); }

  /// The header line and the rows, each ending in a newline.
  std::string render() const;

private:
  struct Column {
    std::string Header;
    Align Alignment;
  };
  std::vector<Column> Columns;
  std::vector<std::vector<std::string>> Rows;
};

/// Display width of UTF-8 Text: the number of code points (names of the
/// tool's tables are not expected to hold double-width characters).
size_t displayWidth(const std::string &Text);

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_TEXTTABLE_H
