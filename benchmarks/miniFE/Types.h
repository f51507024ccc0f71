//===- benchmarks/miniFE/Types.h - Basic types ------------------*- C++ -*-===//
//
// Part of Sextant's miniFE proxy. The index types (global ids of mesh nodes
// and local row numbers of the matrix), the point type and the size of a
// hex8 element.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_BENCHMARKS_MINIFE_TYPES_H
#define SEXTANT_BENCHMARKS_MINIFE_TYPES_H

#include <array>
#include <cstdint>

namespace minife {

/// The id of a mesh node, unique in the whole box.
using GlobalOrdinal = std::int64_t;
/// A row number of this process's part of the matrix.
using LocalOrdinal = std::int32_t;

/// A position in physical space (x, y, z).
using Point = std::array<double, 3>;

/// A hex8 element has eight nodes, one per corner.
constexpr int NodesPerElement = 8;
/// Space dimensions.
constexpr int Dimensions = 3;

} // namespace minife

#endif // SEXTANT_BENCHMARKS_MINIFE_TYPES_H
