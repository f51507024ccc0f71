//===- test/unit/format/pictures/MatrixSvgTests.cpp -----------------------===//
//
// Matrix heat map as SVG.
//
// Part of Sextant. One cell per pair with traffic, tooltips with the value,
// the largest value darkest, and an empty matrix.
//
//===----------------------------------------------------------------------===//

#include "format/pictures/MatrixSvg.h"

#include "test/unit/support/TextSearch.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace sextant::format;
using sextant::test::countOf;

TEST_CASE("the matrix has one cell per pair with traffic", "[MatrixSvg]") {
  std::vector<std::vector<uint64_t>> Matrix = {
      {0, 920, 44}, {44, 0, 920}, {920, 44, 0}};
  std::string Svg = renderMatrixSvg(Matrix);
  CHECK(countOf(Svg, "class=\"cell\"") == 6);
  CHECK(Svg.find("<title>rank 0 -&gt; rank 1: 920 bytes</title>") !=
        std::string::npos);
  // The largest value has the darkest colour.
  CHECK(countOf(Svg, "fill=\"#bd0026\"><title>") == 3);
  CHECK(Svg.find("1 to 920 bytes") != std::string::npos);

  MatrixSvgOptions Messages;
  Messages.Title = "Point-to-point messages sent";
  Messages.Unit = "messages";
  std::string Empty = renderMatrixSvg({{0, 0}, {0, 0}}, Messages);
  CHECK(countOf(Empty, "class=\"cell\"") == 0);
  CHECK(Empty.find("Point-to-point messages sent") != std::string::npos);
}
