//===- format/schema/Crc32c.cpp - CRC-32C checksums -----------------------===//
//
// Part of Sextant. The table is made at compile time; the SSE4.2 path is
// compiled with a target attribute, so the library as a whole still runs
// on CPUs without SSE4.2, and is chosen once by __builtin_cpu_supports().
//
//===----------------------------------------------------------------------===//

#include "format/schema/Crc32c.h"

#include <array>
#include <cstring>

#if defined(__x86_64__)
#include <nmmintrin.h>
#endif

namespace sextant {
namespace format {

namespace {

/// The reflected Castagnoli polynomial.
constexpr uint32_t Polynomial = 0x82F63B78u;

/// Tables[K][B]: the CRC of byte B followed by K zero bytes (slicing-by-8).
using SliceTables = std::array<std::array<uint32_t, 256>, 8>;

constexpr SliceTables makeTables() {
  SliceTables Tables{};
  for (uint32_t Byte = 0; Byte < 256; ++Byte) {
    uint32_t Crc = Byte;
    for (int Bit = 0; Bit < 8; ++Bit)
      Crc = (Crc >> 1) ^ ((Crc & 1u) ? Polynomial : 0u);
    Tables[0][Byte] = Crc;
  }
  for (size_t K = 1; K < 8; ++K)
    for (uint32_t Byte = 0; Byte < 256; ++Byte)
      Tables[K][Byte] =
          (Tables[K - 1][Byte] >> 8) ^ Tables[0][Tables[K - 1][Byte] & 0xffu];
  return Tables;
}

constexpr SliceTables Tables = makeTables();

uint64_t loadLittleEndian64(const uint8_t *In) {
  uint64_t Value;
  std::memcpy(&Value, In, sizeof(Value));
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  Value = __builtin_bswap64(Value);
#endif
  return Value;
}

#if defined(__x86_64__)
__attribute__((target("sse4.2"))) uint32_t
hardwareCrc(const uint8_t *In, size_t Size, uint32_t Crc) noexcept {
  uint64_t Wide = Crc;
  for (; Size >= 8; In += 8, Size -= 8)
    Wide = _mm_crc32_u64(Wide, loadLittleEndian64(In));
  Crc = static_cast<uint32_t>(Wide);
  for (; Size > 0; ++In, --Size)
    Crc = _mm_crc32_u8(Crc, *In);
  return Crc;
}
#endif

bool detectHardware() noexcept {
#if defined(__x86_64__)
  __builtin_cpu_init();
  return __builtin_cpu_supports("sse4.2");
#else
  return false;
#endif
}

} // namespace

uint32_t crc32cTable(const void *Data, size_t Size,
                     uint32_t Previous) noexcept {
  const uint8_t *In = static_cast<const uint8_t *>(Data);
  uint32_t Crc = ~Previous;
  for (; Size >= 8; In += 8, Size -= 8) {
    uint64_t Word = loadLittleEndian64(In) ^ Crc;
    Crc = Tables[7][Word & 0xff] ^ Tables[6][(Word >> 8) & 0xff] ^
          Tables[5][(Word >> 16) & 0xff] ^ Tables[4][(Word >> 24) & 0xff] ^
          Tables[3][(Word >> 32) & 0xff] ^ Tables[2][(Word >> 40) & 0xff] ^
          Tables[1][(Word >> 48) & 0xff] ^ Tables[0][Word >> 56];
  }
  for (; Size > 0; ++In, --Size)
    Crc = (Crc >> 8) ^ Tables[0][(Crc ^ *In) & 0xff];
  return ~Crc;
}

bool crc32cHardwareAvailable() noexcept {
  static const bool Available = detectHardware();
  return Available;
}

uint32_t crc32cHardware(const void *Data, size_t Size,
                        uint32_t Previous) noexcept {
#if defined(__x86_64__)
  return ~hardwareCrc(static_cast<const uint8_t *>(Data), Size, ~Previous);
#else
  return crc32cTable(Data, Size, Previous);
#endif
}

uint32_t crc32c(const void *Data, size_t Size, uint32_t Previous) noexcept {
  if (crc32cHardwareAvailable())
    return crc32cHardware(Data, Size, Previous);
  return crc32cTable(Data, Size, Previous);
}

} // namespace format
} // namespace sextant
