//===- common/NumberRange.h - Numbers in an integer's range ----*- C++ -*-===//
//
// Part of Sextant. Numbers read from files may be absurd (1e308 seconds,
// a clock of 1e-300 ticks per second, sums past 2^64). Converting a double
// whose integer part does not fit an integer type is undefined behaviour
// (UBSan: "is outside the range of representable values"), and std::llround
// of one gives an unspecified value. This is the one checked conversion every
// part uses: fitsIn() says whether a conversion is defined, and
// truncateSaturated() and roundSaturated() convert with the value clamped to
// the type's range (NaN becomes 0). saturatingAdd() adds unsigned integers
// without wrapping.
//
// Header-only and standard library only, so that every part may include it.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_COMMON_NUMBERRANGE_H
#define SEXTANT_COMMON_NUMBERRANGE_H

#include <cmath>
#include <limits>
#include <type_traits>

namespace sextant {

namespace detail {
/// 2^digits of Integer as a double: the first value above Integer's range
/// (exact, a power of two).
template <typename Integer> constexpr double firstDoubleAbove() {
  return static_cast<double>(std::numeric_limits<Integer>::max() / 2 + 1) * 2.0;
}
} // namespace detail

/// Whether static_cast<Integer>(Value) is defined: Value is not NaN and its
/// integer part (truncated toward zero) is within Integer's range.
template <typename Integer> constexpr bool fitsIn(double Value) {
  static_assert(std::is_integral<Integer>::value, "an integer type");
  constexpr double Above = detail::firstDoubleAbove<Integer>();
  // Below the range: everything that truncates to less than the lowest
  // value. Lowest - 1 is exact for narrow types; for 64 bits it rounds to
  // Lowest, which itself fits.
  constexpr double Lowest =
      static_cast<double>(std::numeric_limits<Integer>::min());
  return (Value > Lowest - 1.0 || Value == Lowest) && Value < Above;
}

/// Value truncated toward zero, clamped to Integer's range; NaN gives 0.
template <typename Integer> constexpr Integer truncateSaturated(double Value) {
  if (fitsIn<Integer>(Value))
    return static_cast<Integer>(Value);
  if (Value != Value) // NaN
    return 0;
  return Value > 0 ? std::numeric_limits<Integer>::max()
                   : std::numeric_limits<Integer>::min();
}

/// Value rounded to the nearest integer (halves away from zero), clamped to
/// Integer's range; NaN gives 0.
template <typename Integer> Integer roundSaturated(double Value) {
  return truncateSaturated<Integer>(std::round(Value));
}

/// A + B, or the largest value of Unsigned when the sum does not fit.
template <typename Unsigned>
constexpr Unsigned saturatingAdd(Unsigned A, Unsigned B) {
  static_assert(std::is_unsigned<Unsigned>::value, "an unsigned type");
  return A > std::numeric_limits<Unsigned>::max() - B
             ? std::numeric_limits<Unsigned>::max()
             : static_cast<Unsigned>(A + B);
}

} // namespace sextant

#endif // SEXTANT_COMMON_NUMBERRANGE_H
