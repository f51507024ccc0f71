//===- format/schema/Crc32c.h - CRC-32C checksums ---------------*- C++ -*-===//
//
// Part of Sextant. CRC-32C (Castagnoli: polynomial 0x1EDC6F41, reflected,
// initial value and final XOR 0xFFFFFFFF, the checksum of iSCSI, ext4 and
// SSE4.2's crc32 instruction), which protects every chunk and the file
// header of a trace file (TraceFormat.h). crc32c() uses the SSE4.2
// instruction when the CPU has it (checked once at run time) and a
// slicing-by-8 table otherwise; both give the same values.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_SCHEMA_CRC32C_H
#define SEXTANT_FORMAT_SCHEMA_CRC32C_H

#include <cstddef>
#include <cstdint>

namespace sextant {
namespace format {

/// The CRC-32C of Data[0, Size), continuing Previous (the CRC-32C of the
/// bytes before them; 0 to start): crc32c(AB) == crc32c(B, crc32c(A)).
/// crc32c("123456789") is 0xE3069283.
uint32_t crc32c(const void *Data, size_t Size, uint32_t Previous = 0) noexcept;

/// The two implementations behind crc32c(), for tests and benchmarks.
uint32_t crc32cTable(const void *Data, size_t Size,
                     uint32_t Previous = 0) noexcept;
/// Only when crc32cHardwareAvailable().
uint32_t crc32cHardware(const void *Data, size_t Size,
                        uint32_t Previous = 0) noexcept;
/// True when the CPU has SSE4.2 (always false on other architectures).
bool crc32cHardwareAvailable() noexcept;

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_SCHEMA_CRC32C_H
