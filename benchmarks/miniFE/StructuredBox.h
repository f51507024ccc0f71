//===- benchmarks/miniFE/StructuredBox.h - Hex8 box mesh --------*- C++ -*-===//
//
// Part of Sextant's miniFE proxy. The mesh: the unit cube [0,1]^3 divided
// into ElementsX x ElementsY x ElementsZ hexahedral (hex8) elements of equal
// size. Nodes are numbered lexicographically, x fastest: the global id of
// node (I, J, K) is I + NodesX * (J + NodesY * K). Element (I, J, K) has the
// nodes (I..I+1, J..J+1, K..K+1) in the usual hex8 order: the bottom face
// (z low) counter-clockwise seen from above, then the top face.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_BENCHMARKS_MINIFE_STRUCTUREDBOX_H
#define SEXTANT_BENCHMARKS_MINIFE_STRUCTUREDBOX_H

#include "Types.h"

#include <array>

namespace minife {

/// The (I, J, K) position of a node or element in the structured box.
struct GridIndex {
  int I = 0;
  int J = 0;
  int K = 0;
};

class StructuredBox {
public:
  StructuredBox(int ElementsX, int ElementsY, int ElementsZ)
      : ElementsX(ElementsX), ElementsY(ElementsY), ElementsZ(ElementsZ),
        SpacingX(1.0 / ElementsX), SpacingY(1.0 / ElementsY),
        SpacingZ(1.0 / ElementsZ) {}

  int elementsX() const { return ElementsX; }
  int elementsY() const { return ElementsY; }
  int elementsZ() const { return ElementsZ; }
  int nodesX() const { return ElementsX + 1; }
  int nodesY() const { return ElementsY + 1; }
  int nodesZ() const { return ElementsZ + 1; }

  GlobalOrdinal nodeCount() const {
    return GlobalOrdinal(nodesX()) * nodesY() * nodesZ();
  }
  GlobalOrdinal elementCount() const {
    return GlobalOrdinal(ElementsX) * ElementsY * ElementsZ;
  }

  bool containsNode(int I, int J, int K) const {
    return I >= 0 && I < nodesX() && J >= 0 && J < nodesY() && K >= 0 &&
           K < nodesZ();
  }

  GlobalOrdinal nodeId(int I, int J, int K) const {
    return I + GlobalOrdinal(nodesX()) * (J + GlobalOrdinal(nodesY()) * K);
  }

  GridIndex nodeIndex(GlobalOrdinal Id) const {
    GridIndex Index;
    Index.I = int(Id % nodesX());
    Id /= nodesX();
    Index.J = int(Id % nodesY());
    Index.K = int(Id / nodesY());
    return Index;
  }

  /// True for nodes on the surface of the box, where the Dirichlet
  /// condition holds.
  bool isBoundaryNode(const GridIndex &Node) const {
    return Node.I == 0 || Node.I == ElementsX || Node.J == 0 ||
           Node.J == ElementsY || Node.K == 0 || Node.K == ElementsZ;
  }

  Point nodeCoordinates(const GridIndex &Node) const {
    return {Node.I * SpacingX, Node.J * SpacingY, Node.K * SpacingZ};
  }

  /// The offsets of the eight nodes of an element from its lowest corner,
  /// in hex8 order.
  static GridIndex cornerOffset(int LocalNode) {
    static constexpr int OffsetX[NodesPerElement] = {0, 1, 1, 0, 0, 1, 1, 0};
    static constexpr int OffsetY[NodesPerElement] = {0, 0, 1, 1, 0, 0, 1, 1};
    static constexpr int OffsetZ[NodesPerElement] = {0, 0, 0, 0, 1, 1, 1, 1};
    return {OffsetX[LocalNode], OffsetY[LocalNode], OffsetZ[LocalNode]};
  }

  GridIndex elementNode(const GridIndex &Element, int LocalNode) const {
    GridIndex Offset = cornerOffset(LocalNode);
    return {Element.I + Offset.I, Element.J + Offset.J, Element.K + Offset.K};
  }

private:
  int ElementsX;
  int ElementsY;
  int ElementsZ;
  double SpacingX;
  double SpacingY;
  double SpacingZ;
};

} // namespace minife

#endif // SEXTANT_BENCHMARKS_MINIFE_STRUCTUREDBOX_H
