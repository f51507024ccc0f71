//===- filter/WildcardPattern.h - Validated fnmatch(3) pattern --*- C++ -*-===//
//
// Part of Sextant. A shell wildcard pattern ('*', '?', '[...]', backslash
// escapes) checked once when a filter file is read and then matched with
// POSIX fnmatch(3) (flags 0, as Score-P does), with allocation-free fast
// paths for the common shapes "literal", "prefix*", "*suffix", "*infix*" and
// "*".
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FILTER_WILDCARDPATTERN_H
#define SEXTANT_FILTER_WILDCARDPATTERN_H

#include <cstddef>
#include <string>
#include <string_view>

namespace sextant {
namespace filter {

/// Why a pattern was rejected.
struct PatternError {
  size_t Offset = 0;   ///< byte offset of the offending character
  std::string Message; ///< says what is wrong and what was expected
};

/// An fnmatch(3) pattern that is known to be well formed.
class WildcardPattern {
public:
  WildcardPattern() = default;

  /// Checks Pattern (bracket expressions closed, character classes known, no
  /// dangling backslash) and prepares it. Returns false and fills Error if
  /// the pattern is malformed.
  static bool compile(std::string Pattern, WildcardPattern &Result,
                      PatternError &Error);

  /// Turns Literal into a pattern that matches exactly Literal, by escaping
  /// '*', '?', '[' and '\'.
  static std::string escape(std::string_view Literal);

  /// True when Text matches the whole pattern.
  bool matches(std::string_view Text) const;

  /// The pattern as given to compile().
  const std::string &text() const { return Pattern; }

private:
  enum class Shape { Any, Literal, Prefix, Suffix, Infix, General };
  std::string Pattern;
  std::string Fixed; ///< the literal part for the fast shapes
  Shape Kind = Shape::Literal;
};

} // namespace filter
} // namespace sextant

#endif // SEXTANT_FILTER_WILDCARDPATTERN_H
