//===- benchmarks/miniFE/CsrMatrix.h - CSR matrix ---------------*- C++ -*-===//
//
// Part of Sextant's miniFE proxy. A sparse matrix in compressed sparse row
// format whose rows are identified by the global ids of mesh nodes. A
// std::map from global id to local row number finds the row a finite
// element contributes to (findRowForId), the way miniFE's matrix does; the
// column of an entry inside a row is found by binary search over the row's
// sorted column ids.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_BENCHMARKS_MINIFE_CSRMATRIX_H
#define SEXTANT_BENCHMARKS_MINIFE_CSRMATRIX_H

#include "Types.h"

#include <algorithm>
#include <cstddef>
#include <map>
#include <vector>

namespace minife {

template <typename Scalar> class CsrMatrix {
public:
  using ScalarType = Scalar;

  /// Sets the shape: RowIds[R] is the global id of local row R; the entries
  /// of row R are columns [RowOffsets[R], RowOffsets[R + 1]) of Columns,
  /// sorted ascending. Every value starts at zero.
  void setStructure(std::vector<GlobalOrdinal> RowIds,
                    std::vector<std::size_t> Offsets,
                    std::vector<GlobalOrdinal> ColumnIds) {
    Rows = std::move(RowIds);
    RowOffsets = std::move(Offsets);
    Columns = std::move(ColumnIds);
    Values.assign(Columns.size(), Scalar(0));
    RowMap.clear();
    for (std::size_t Row = 0; Row < Rows.size(); ++Row)
      RowMap.emplace_hint(RowMap.end(), Rows[Row], LocalOrdinal(Row));
  }

  LocalOrdinal rowCount() const { return LocalOrdinal(Rows.size()); }
  std::size_t nonzeroCount() const { return Columns.size(); }

  GlobalOrdinal rowId(LocalOrdinal Row) const { return Rows[Row]; }
  std::size_t rowBegin(LocalOrdinal Row) const { return RowOffsets[Row]; }
  std::size_t rowEnd(LocalOrdinal Row) const { return RowOffsets[Row + 1]; }
  std::size_t rowLength(LocalOrdinal Row) const {
    return rowEnd(Row) - rowBegin(Row);
  }

  const GlobalOrdinal *rowColumns(LocalOrdinal Row) const {
    return Columns.data() + rowBegin(Row);
  }
  const Scalar *rowValues(LocalOrdinal Row) const {
    return Values.data() + rowBegin(Row);
  }
  Scalar *rowValues(LocalOrdinal Row) { return Values.data() + rowBegin(Row); }

  /// The local row holding global id Id, or -1 if this matrix has no such
  /// row.
  LocalOrdinal findRowForId(GlobalOrdinal Id) const {
    auto Found = RowMap.find(Id);
    if (Found == RowMap.end())
      return -1;
    return Found->second;
  }

  /// The position of column Id within row Row (an index into rowValues), or
  /// -1 when the row has no such entry.
  std::ptrdiff_t findColumn(LocalOrdinal Row, GlobalOrdinal Id) const {
    const GlobalOrdinal *Begin = rowColumns(Row);
    const GlobalOrdinal *End = Begin + rowLength(Row);
    const GlobalOrdinal *Found = std::lower_bound(Begin, End, Id);
    if (Found == End || *Found != Id)
      return -1;
    return Found - Begin;
  }

  /// Adds Coefficients[C] to the entry (Row, ColumnIds[C]) for every C;
  /// every column must exist in the row.
  template <std::size_t Count>
  bool sumIntoRow(LocalOrdinal Row, const GlobalOrdinal (&ColumnIds)[Count],
                  const Scalar (&Coefficients)[Count]) {
    Scalar *RowValues = rowValues(Row);
    for (std::size_t C = 0; C < Count; ++C) {
      std::ptrdiff_t Position = findColumn(Row, ColumnIds[C]);
      if (Position < 0)
        return false;
      RowValues[Position] += Coefficients[C];
    }
    return true;
  }

private:
  std::vector<GlobalOrdinal> Rows;
  std::vector<std::size_t> RowOffsets;
  std::vector<GlobalOrdinal> Columns;
  std::vector<Scalar> Values;
  std::map<GlobalOrdinal, LocalOrdinal> RowMap;
};

} // namespace minife

#endif // SEXTANT_BENCHMARKS_MINIFE_CSRMATRIX_H
