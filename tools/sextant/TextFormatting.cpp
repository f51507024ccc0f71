//===- tools/sextant/TextFormatting.cpp - Numbers and words as text -------===//
//
// Part of Sextant. Implementation of the shared text helpers.
//
//===----------------------------------------------------------------------===//

#include "TextFormatting.h"

#include "TextTable.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <string_view>

namespace sextant {
namespace tool {

std::string formatGeneral(double Value, int Digits) {
  char Buffer[64];
  std::snprintf(Buffer, sizeof(Buffer), "%.*g", Digits, Value);
  return Buffer;
}

std::string shortenName(const std::string &Name, uint64_t MaxWidth) {
  const uint64_t Ellipsis = 3;
  if (MaxWidth == 0 || displayWidth(Name) <= MaxWidth)
    return Name;
  uint64_t Keep = MaxWidth > Ellipsis ? MaxWidth - Ellipsis : 1;
  // Cut after Keep code points, never inside a UTF-8 sequence.
  size_t Byte = 0;
  for (uint64_t Points = 0; Byte < Name.size(); ++Byte) {
    if ((static_cast<unsigned char>(Name[Byte]) & 0xC0) != 0x80) {
      if (Points == Keep)
        break;
      ++Points;
    }
  }
  return Name.substr(0, Byte) + "...";
}

std::string currentUtcTime() {
  std::time_t Now = std::time(nullptr);
  std::tm Utc{};
  gmtime_r(&Now, &Utc);
  char Buffer[32];
  std::strftime(Buffer, sizeof(Buffer), "%Y-%m-%dT%H:%M:%SZ", &Utc);
  return Buffer;
}

} // namespace tool
} // namespace sextant
