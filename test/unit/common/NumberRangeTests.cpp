//===- test/unit/common/NumberRangeTests.cpp - Checked conversions --------===//
//
// Part of Sextant. The one checked conversion of a double to an integer
// (common/NumberRange.h): which values fit each type, the boundaries exactly
// (2^64 does not fit 64 bits, -2^63 fits int64_t, -0.5 truncates to an
// unsigned 0), NaN, the infinities and 1e308 clamped, rounding, and sums that
// saturate.
//
//===----------------------------------------------------------------------===//

#include "common/NumberRange.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>

using namespace sextant;

namespace {
constexpr double Nan = std::numeric_limits<double>::quiet_NaN();
constexpr double Infinity = std::numeric_limits<double>::infinity();
const double TwoTo63 = std::ldexp(1.0, 63);
const double TwoTo64 = std::ldexp(1.0, 64);
} // namespace

TEST_CASE("fitsIn says exactly when a conversion is defined", "[NumberRange]") {
  CHECK(fitsIn<uint64_t>(0.0));
  CHECK(fitsIn<uint64_t>(-0.0));
  CHECK(fitsIn<uint64_t>(-0.5)); // truncates to 0
  CHECK_FALSE(fitsIn<uint64_t>(-1.0));
  CHECK(fitsIn<uint64_t>(std::nextafter(TwoTo64, 0.0)));
  CHECK_FALSE(fitsIn<uint64_t>(TwoTo64));
  CHECK_FALSE(fitsIn<uint64_t>(1e308));
  CHECK_FALSE(fitsIn<uint64_t>(Infinity));
  CHECK_FALSE(fitsIn<uint64_t>(-Infinity));
  CHECK_FALSE(fitsIn<uint64_t>(Nan));

  CHECK(fitsIn<int64_t>(-TwoTo63));
  CHECK_FALSE(fitsIn<int64_t>(std::nextafter(-TwoTo63, -Infinity)));
  CHECK(fitsIn<int64_t>(std::nextafter(TwoTo63, 0.0)));
  CHECK_FALSE(fitsIn<int64_t>(TwoTo63));
  CHECK_FALSE(fitsIn<int64_t>(Nan));

  CHECK(fitsIn<int>(2147483647.9));
  CHECK_FALSE(fitsIn<int>(2147483648.0));
  CHECK(fitsIn<int>(-2147483648.9)); // truncates to INT_MIN
  CHECK_FALSE(fitsIn<int>(-2147483649.0));
  CHECK(fitsIn<uint32_t>(4294967295.0));
  CHECK_FALSE(fitsIn<uint32_t>(4294967296.0));
  CHECK(fitsIn<size_t>(1e300 * 1e-300));
}

TEST_CASE("conversions clamp to the type's range, NaN gives 0",
          "[NumberRange]") {
  CHECK(truncateSaturated<uint64_t>(1e308) == UINT64_MAX);
  CHECK(truncateSaturated<uint64_t>(Infinity) == UINT64_MAX);
  CHECK(truncateSaturated<uint64_t>(-1e308) == 0);
  CHECK(truncateSaturated<uint64_t>(Nan) == 0);
  CHECK(truncateSaturated<uint64_t>(7.9) == 7);
  CHECK(truncateSaturated<size_t>(TwoTo64) == SIZE_MAX);
  CHECK(truncateSaturated<int64_t>(1e308) == INT64_MAX);
  CHECK(truncateSaturated<int64_t>(-Infinity) == INT64_MIN);
  CHECK(truncateSaturated<int64_t>(-7.9) == -7);
  CHECK(truncateSaturated<int>(1e10) == 2147483647);
  CHECK(truncateSaturated<int>(-1e10) == -2147483647 - 1);

  CHECK(roundSaturated<uint64_t>(1234.5) == 1235);
  CHECK(roundSaturated<uint64_t>(1234.4) == 1234);
  CHECK(roundSaturated<uint64_t>(-0.4) == 0);
  CHECK(roundSaturated<uint64_t>(-3.0) == 0);
  CHECK(roundSaturated<uint64_t>(1e300 * 1e300) == UINT64_MAX);
  CHECK(roundSaturated<int64_t>(-2.5) == -3);
  CHECK(roundSaturated<int64_t>(Nan) == 0);
  // The largest double below 2^63 rounds to itself and fits.
  CHECK(roundSaturated<int64_t>(std::nextafter(TwoTo63, 0.0)) ==
        INT64_MAX - 1023);
}

TEST_CASE("sums saturate instead of wrapping", "[NumberRange]") {
  CHECK(saturatingAdd<uint64_t>(1, 2) == 3);
  CHECK(saturatingAdd<uint64_t>(UINT64_MAX - 1, 1) == UINT64_MAX);
  CHECK(saturatingAdd<uint64_t>(uint64_t(1) << 63, uint64_t(1) << 63) ==
        UINT64_MAX);
  CHECK(saturatingAdd<uint64_t>(UINT64_MAX, UINT64_MAX) == UINT64_MAX);
  CHECK(saturatingAdd<uint32_t>(4000000000u, 4000000000u) == UINT32_MAX);
}
