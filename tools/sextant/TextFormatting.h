//===- tools/sextant/TextFormatting.h - Text helpers ------------*- C++ -*-===//
//
// Part of Sextant. Small text helpers shared by the subcommands: numbers in %g
// notation, the optional shortening of long names and the current time. Fixed
// notation is format::formatFixed (format/schema/JsonWriter.h), the one the
// runtime writes with.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_TEXTFORMATTING_H
#define SEXTANT_TOOLS_TEXTFORMATTING_H

#include "format/schema/JsonWriter.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sextant {
namespace tool {

/// Value with Decimals digits after the point ("0.001234").
using format::formatFixed;

/// Value in the shortest of %g notation with Digits significant digits
/// ("1e-06", "0.25").
std::string formatGeneral(double Value, int Digits);

/// Name shortened to MaxWidth code points, ending in "...", when it is
/// longer; MaxWidth 0 keeps every name whole.
std::string shortenName(const std::string &Name, uint64_t MaxWidth);

/// The current time in UTC as "YYYY-MM-DDTHH:MM:SSZ".
std::string currentUtcTime();

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_TEXTFORMATTING_H
