//===- runtime/symbols/CompressedSection.h - SHF_COMPRESSED sections ------===//
//
// Part of Sextant. The contents of an ELF section compressed by the
// compiler or linker (-gz=zlib, -gz=zstd, --compress-debug-sections): an
// Elf64_Chdr followed by a zlib or zstd stream, decompressed with libz.so.1
// or libzstd.so.1, each loaded with dlopen on first use (never linked).
// Used by CodeSymbolizer's built-in reader when libdw cannot read the
// module (libdw is absent, or older than elfutils 0.189, which first reads
// zstd).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_SYMBOLS_COMPRESSEDSECTION_H
#define SEXTANT_RUNTIME_SYMBOLS_COMPRESSEDSECTION_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sextant {
namespace runtime {

/// The compression of a section ("zlib", "zstd", or "type N").
std::string compressionName(const uint8_t *Data, size_t Size);

/// Decompresses the SHF_COMPRESSED section Data[0, Size) into Contents;
/// false with Reason (to follow "its sections are compressed (zlib) and")
/// when it is malformed, of an unknown compression or its library cannot
/// be loaded.
bool decompressSection(const uint8_t *Data, size_t Size,
                       std::vector<uint8_t> &Contents, std::string &Reason);

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_SYMBOLS_COMPRESSEDSECTION_H
