//===- test/unit/filter/FilterTestSupport.h - Test helpers ------*- C++ -*-===//
//
// Part of Sextant. Small helpers shared by the filter unit tests: parse a
// text into a FilterSet and look at the outcome.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TEST_UNIT_FILTER_FILTERTESTSUPPORT_H
#define SEXTANT_TEST_UNIT_FILTER_FILTERTESTSUPPORT_H

#include "filter/FilterSet.h"

#include <string>
#include <vector>

namespace sextant {
namespace filter {
namespace test {

/// The outcome of FilterSet::addText on one text.
struct Parsed {
  FilterSet Set;
  std::vector<Diagnostic> Diags;
  bool Ok = false;
};

inline Parsed parse(const std::string &Text,
                    const std::string &Name = "test.filt") {
  Parsed P;
  P.Ok = P.Set.addText(Text, Name, P.Diags);
  return P;
}

/// All diagnostics as "file:line:col: severity: message" lines.
inline std::string render(const std::vector<Diagnostic> &Diags) {
  std::string Text;
  for (const Diagnostic &D : Diags)
    Text += D.str() + "\n";
  return Text;
}

/// A function known only by its display name (as for C, mangled == display).
inline FunctionIdentity named(const char *Name, const char *File = "") {
  return FunctionIdentity{Name, Name, File};
}

} // namespace test
} // namespace filter
} // namespace sextant

#endif // SEXTANT_TEST_UNIT_FILTER_FILTERTESTSUPPORT_H
