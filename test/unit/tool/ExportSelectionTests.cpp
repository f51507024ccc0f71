//===- test/unit/tool/ExportSelectionTests.cpp - Trace export's part ------===//
//
// Part of Sextant. The values of `sextant export`'s selection options: sizes
// with K/M/G suffixes (--max-size), lists of ranks and threads (--ranks,
// --threads), and the texts the size estimate is printed with.
//
//===----------------------------------------------------------------------===//

#include "tools/sextant/ExportSelection.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace sextant::tool;

TEST_CASE("sizes take K, M and G as powers of 1024", "[export]") {
  uint64_t Bytes = 1;
  CHECK(parseByteSize("0", Bytes));
  CHECK(Bytes == 0);
  CHECK(parseByteSize("1500", Bytes));
  CHECK(Bytes == 1500);
  CHECK(parseByteSize("200K", Bytes));
  CHECK(Bytes == 200 * 1024);
  CHECK(parseByteSize("512M", Bytes));
  CHECK(Bytes == uint64_t(512) << 20);
  CHECK(parseByteSize("3G", Bytes));
  CHECK(Bytes == uint64_t(3) << 30);
  CHECK(parseByteSize("3GB", Bytes));
  CHECK(Bytes == uint64_t(3) << 30);
  CHECK(parseByteSize("2MiB", Bytes));
  CHECK(Bytes == uint64_t(2) << 20);
}

TEST_CASE("bad sizes are rejected", "[export]") {
  uint64_t Bytes = 7;
  for (const char *Bad : {"", "M", "-1", "1.5G", "10T", "10k", "10 M", "10MB2",
                          "17179869184G", "99999999999999999999999"})
    CHECK_FALSE(parseByteSize(Bad, Bytes));
  CHECK(Bytes == 7);
}

TEST_CASE("index lists take numbers and ranges", "[export]") {
  std::vector<uint32_t> List;
  std::string Error;
  REQUIRE(parseIndexList("0,2-3", List, Error));
  CHECK(List == std::vector<uint32_t>{0, 2, 3});
  REQUIRE(parseIndexList("5,1,1-2", List, Error));
  CHECK(List == std::vector<uint32_t>{1, 2, 5});
  REQUIRE(parseIndexList("7", List, Error));
  CHECK(List == std::vector<uint32_t>{7});
  REQUIRE(parseIndexList("4-4", List, Error));
  CHECK(List == std::vector<uint32_t>{4});
}

TEST_CASE("bad index lists say what is wrong", "[export]") {
  std::vector<uint32_t> List;
  std::string Error;
  for (const char *Bad :
       {"", ",", "1,", "a", "1-", "-2", "1-2-3", "1;2", " 1", "4294967296"}) {
    CHECK_FALSE(parseIndexList(Bad, List, Error));
    CHECK(Error.find("expected numbers and ranges") != std::string::npos);
  }
  CHECK_FALSE(parseIndexList("3-1", List, Error));
  CHECK(Error == "the range '3-1' runs backwards");
  CHECK_FALSE(parseIndexList("0-4000000000", List, Error));
  CHECK(Error == "the range '0-4000000000' is too large");
}

TEST_CASE("a selection keeps the listed ranks and threads", "[export]") {
  ExportSelection All;
  CHECK_FALSE(All.selects());
  CHECK(All.rankSelected(3));
  CHECK(All.threadSelected(3));
  ExportSelection Some;
  Some.Ranks = {0, 2};
  Some.Threads = {1};
  CHECK(Some.selects());
  CHECK(Some.rankSelected(2));
  CHECK_FALSE(Some.rankSelected(1));
  // An unknown partner (-1) is never a rank left out.
  CHECK(Some.rankSelected(-1));
  CHECK_FALSE(Some.threadSelected(0));
  ExportSelection Window;
  Window.To = 5e9;
  CHECK(Window.hasWindow());
}

TEST_CASE("sizes, counts and lists read well in messages", "[export]") {
  CHECK(byteSizeText(812) == "812 bytes");
  CHECK(byteSizeText(3 * 1024 + 400) == "3.4 KiB");
  CHECK(byteSizeText(uint64_t(3650722202)) == "3.4 GiB");
  CHECK(byteSizeText(uint64_t(512) << 20) == "512.0 MiB");
  CHECK(countText(812) == "812");
  CHECK(countText(24800000) == "24.8 M");
  CHECK(countText(45600) == "45.6 k");
  CHECK(indexListText({0, 2, 3, 7}) == "0, 2-3 and 7");
  CHECK(indexListText({4}) == "4");
}
