//===- test/unit/format/schema/Crc32cTests.cpp - CRC-32C checksums --------===//
//
// Part of Sextant. The standard check value, chaining, and the SSE4.2 and
// table implementations agreeing on every length and alignment.
//
//===----------------------------------------------------------------------===//

#include "format/schema/Crc32c.h"

#include "test/unit/support/SkipTest.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

using namespace sextant::format;

namespace {

const char Check[] = "123456789";
constexpr uint32_t CheckValue = 0xE3069283u;

std::vector<uint8_t> pseudoRandomBytes(size_t Size) {
  std::vector<uint8_t> Bytes(Size);
  uint32_t State = 12345;
  for (uint8_t &Byte : Bytes) {
    State = State * 1103515245u + 12345u;
    Byte = static_cast<uint8_t>(State >> 16);
  }
  return Bytes;
}

} // namespace

TEST_CASE("CRC-32C of \"123456789\" is the standard check value",
          "[Crc32c]") {
  CHECK(crc32cTable(Check, 9) == CheckValue);
  CHECK(crc32c(Check, 9) == CheckValue);
  CHECK(crc32c(Check, 0) == 0);
  // 32 zero bytes: the test vector of RFC 3720, B.4.
  std::vector<uint8_t> Zeros(32, 0);
  CHECK(crc32cTable(Zeros.data(), Zeros.size()) == 0x8A9136AAu);
}

TEST_CASE("CRC-32C continues over pieces", "[Crc32c]") {
  std::vector<uint8_t> Bytes = pseudoRandomBytes(1000);
  uint32_t Whole = crc32cTable(Bytes.data(), Bytes.size());
  for (size_t Split : {0u, 1u, 7u, 8u, 9u, 500u, 999u, 1000u}) {
    uint32_t First = crc32c(Bytes.data(), Split);
    CHECK(crc32c(Bytes.data() + Split, Bytes.size() - Split, First) == Whole);
    CHECK(crc32cTable(Bytes.data() + Split, Bytes.size() - Split,
                      crc32cTable(Bytes.data(), Split)) == Whole);
  }
}

TEST_CASE("the SSE4.2 instruction and the table give the same CRC-32C",
          "[Crc32c]") {
  if (!crc32cHardwareAvailable()) {
    sextant::test::skipTest("the CPU has no SSE4.2 crc32 instruction");
    return;
  }
  CHECK(crc32cHardware(Check, 9) == CheckValue);
  std::vector<uint8_t> Bytes = pseudoRandomBytes(300);
  for (size_t Offset = 0; Offset < 9; ++Offset)
    for (size_t Size = 0; Offset + Size <= Bytes.size(); Size += 7)
      REQUIRE(crc32cHardware(Bytes.data() + Offset, Size, 0x1234u) ==
              crc32cTable(Bytes.data() + Offset, Size, 0x1234u));
}
