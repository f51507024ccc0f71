//===- runtime/symbols/CompressedSection.cpp - SHF_COMPRESSED sections ----===//
//
// Part of Sextant. The compression header and the two decompressors (see
// CompressedSection.h); their C interfaces (zlib's uncompress, zstd's
// ZSTD_decompress and ZSTD_isError) are stable and declared here, so that
// neither library's headers are needed to build.
//
//===----------------------------------------------------------------------===//

#include "runtime/symbols/CompressedSection.h"

#include <cstring>
#include <dlfcn.h>
#include <elf.h>
#include <mutex>

namespace sextant {
namespace runtime {

namespace {

/// Sections larger than this are not decompressed.
constexpr uint64_t MaxContentBytes = uint64_t(1) << 32;

using ZlibUncompress = int (*)(unsigned char *, unsigned long *,
                               const unsigned char *, unsigned long);
using ZstdDecompress = size_t (*)(void *, size_t, const void *, size_t);
using ZstdIsError = unsigned (*)(size_t);

/// A function of the first of Libraries that loads, resolved once.
template <typename Function> struct LoadedFunction {
  Function Pointer = nullptr;
  std::string Error;
  std::once_flag Once;

  Function get(std::initializer_list<const char *> Libraries,
               const char *Symbol, std::string &Reason) {
    std::call_once(Once, [&] {
      void *Handle = nullptr;
      for (const char *Library : Libraries)
        if ((Handle = dlopen(Library, RTLD_NOW | RTLD_LOCAL)))
          break;
      if (Handle)
        Pointer = reinterpret_cast<Function>(dlsym(Handle, Symbol));
      if (!Pointer)
        Error = std::string(*Libraries.begin()) + " cannot be loaded";
    });
    if (!Pointer)
      Reason = Error;
    return Pointer;
  }
};

bool readHeader(const uint8_t *Data, size_t Size, Elf64_Chdr &Header) {
  if (!Data || Size < sizeof(Elf64_Chdr))
    return false;
  std::memcpy(&Header, Data, sizeof(Header));
  return true;
}

} // namespace

std::string compressionName(const uint8_t *Data, size_t Size) {
  Elf64_Chdr Header;
  if (!readHeader(Data, Size, Header))
    return "malformed";
  if (Header.ch_type == ELFCOMPRESS_ZLIB)
    return "zlib";
  if (Header.ch_type == 2) // ELFCOMPRESS_ZSTD, newer than some <elf.h>
    return "zstd";
  return "type " + std::to_string(Header.ch_type);
}

bool decompressSection(const uint8_t *Data, size_t Size,
                       std::vector<uint8_t> &Contents, std::string &Reason) {
  Elf64_Chdr Header;
  if (!readHeader(Data, Size, Header) || Header.ch_size > MaxContentBytes) {
    Reason = "one is malformed or too large";
    return false;
  }
  const uint8_t *Stream = Data + sizeof(Elf64_Chdr);
  size_t StreamSize = Size - sizeof(Elf64_Chdr);
  Contents.resize(static_cast<size_t>(Header.ch_size));
  bool Done = false;
  if (Header.ch_type == ELFCOMPRESS_ZLIB) {
    static LoadedFunction<ZlibUncompress> Uncompress;
    if (ZlibUncompress Function =
            Uncompress.get({"libz.so.1", "libz.so"}, "uncompress", Reason)) {
      unsigned long Length = Contents.size();
      Done = Function(Contents.data(), &Length, Stream, StreamSize) == 0 &&
             Length == Contents.size();
    }
  } else if (Header.ch_type == 2) {
    static LoadedFunction<ZstdDecompress> Decompress;
    static LoadedFunction<ZstdIsError> IsError;
    ZstdDecompress Function = Decompress.get({"libzstd.so.1", "libzstd.so"},
                                             "ZSTD_decompress", Reason);
    ZstdIsError Failed = Function ? IsError.get({"libzstd.so.1", "libzstd.so"},
                                                "ZSTD_isError", Reason)
                                  : nullptr;
    if (Function && Failed) {
      size_t Length =
          Function(Contents.data(), Contents.size(), Stream, StreamSize);
      Done = !Failed(Length) && Length == Contents.size();
    }
  } else {
    Reason = "Sextant knows no such compression";
    return false;
  }
  if (!Done && Reason.empty())
    Reason = "one does not decompress";
  if (!Done)
    Contents.clear();
  return Done;
}

} // namespace runtime
} // namespace sextant
