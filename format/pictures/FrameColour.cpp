//===- format/pictures/FrameColour.cpp - The colour of a frame ------------===//
//
// Part of Sextant. FNV-1a over the name's bytes; three bytes of the hash
// pick the position in each channel's range of the "hot" palette.
//
//===----------------------------------------------------------------------===//

#include "format/pictures/FrameColour.h"

#include <cstdio>

namespace sextant {
namespace format {

std::string RgbColour::hex() const {
  char Text[8];
  std::snprintf(Text, sizeof(Text), "#%02x%02x%02x", Red, Green, Blue);
  return Text;
}

RgbColour frameColour(std::string_view Name) {
  uint32_t Hash = 2166136261u;
  for (char C : Name) {
    Hash ^= static_cast<unsigned char>(C);
    Hash *= 16777619u;
  }
  auto Scale = [&](unsigned Shift, unsigned Base, unsigned Range) {
    return static_cast<uint8_t>(Base + ((Hash >> Shift) & 0xFF) * Range / 255);
  };
  return {Scale(0, 205, 50), Scale(8, 0, 230), Scale(16, 0, 55)};
}

} // namespace format
} // namespace sextant
