//===- filter/TauRoutinePattern.h - TAU routine-list entries ----*- C++ -*-===//
//
// Part of Sextant. A TAU selective-instrumentation routine entry, such as
// "void quicksort(int *, int, int)" or "int main(int, char **) C", matched
// against Sextant's demangled display names ("quicksort(int*, int, int)").
//
// Both sides are brought to one canonical spelling first:
//  - whitespace runs become one space, kept only between two name
//    characters and after a '>' that is followed by a name character;
//    all other spaces (around '*', '&', ',', '(', ')', '<', ...) go away;
//  - a leading 'const' or 'volatile' of a parameter (or of the return type)
//    moves behind its base type, as the demangler writes it:
//    "const char *" -> "char const*".
// A TAU entry then matches when, with '#' matching any sequence and '?' any
// one character, it or the entry without its leading return type matches
// the display name (or the display name without a leading return type, as
// the demangler prints for function templates). An entry without a
// parameter list matches the name with any parameters. For names without a
// parameter list (C functions), only the name part of the entry counts.
// TAU decorations are ignored: a trailing " C" language marker after the
// parameter list and a trailing source location " [{file} {l,c}-{l,c}]".
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FILTER_TAUROUTINEPATTERN_H
#define SEXTANT_FILTER_TAUROUTINEPATTERN_H

#include "filter/WildcardPattern.h"

#include <string>
#include <string_view>
#include <vector>

namespace sextant {
namespace filter {

/// Returns the canonical spelling of a routine name or signature (see the
/// file comment). '#' and '?' are treated as name characters.
std::string normalizeRoutineName(std::string_view Name);

/// Where the parts of a canonical routine name start.
struct RoutineNameParts {
  size_t NameBegin = 0; ///< first character after a leading return type
  size_t ParamBegin = std::string::npos; ///< '(' of the parameter list
};

/// Finds the return type / name / parameter list boundaries of a canonical
/// routine name ("char const*ns::f<int>(double)" -> NameBegin 11,
/// ParamBegin 21). Operator names ("operator()", "operator<<",
/// "operator new") and "(anonymous namespace)" are understood.
RoutineNameParts splitRoutineName(std::string_view Canonical);

/// A display name prepared once for comparison with many TAU entries.
class TauRoutineName {
public:
  explicit TauRoutineName(std::string_view DisplayName);

private:
  friend class TauRoutinePattern;
  std::string Full;              ///< canonical display name
  std::string WithoutReturnType; ///< empty when it has no return type
  bool HasParameters = false;
};

/// One TAU routine entry, compiled into wildcard patterns.
class TauRoutinePattern {
public:
  TauRoutinePattern() = default;

  /// Entry is the list line as written, without surrounding whitespace or
  /// quotes; it must not be empty.
  explicit TauRoutinePattern(std::string_view Entry);

  bool matches(const TauRoutineName &Name) const;

  /// The entry as written.
  const std::string &text() const { return Text; }

private:
  void addForm(const std::string &Canonical);

  std::string Text;
  std::vector<WildcardPattern> SignatureForms; ///< for names with parameters
  std::vector<WildcardPattern> NameForms;      ///< for names without
};

} // namespace filter
} // namespace sextant

#endif // SEXTANT_FILTER_TAUROUTINEPATTERN_H
