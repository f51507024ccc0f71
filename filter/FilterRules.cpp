//===- filter/FilterRules.cpp - Parsed filter rules -------------*- C++ -*-===//
//
// Part of Sextant. Appending the rules of one more file keeps the order in
// which files were added, which Score-P's "last matching rule wins" needs.
//
//===----------------------------------------------------------------------===//

#include "filter/FilterRules.h"

#include <iterator>

namespace sextant {
namespace filter {

namespace {

template <typename T>
void moveAppend(std::vector<T> &To, std::vector<T> &From) {
  To.insert(To.end(), std::make_move_iterator(From.begin()),
            std::make_move_iterator(From.end()));
  From.clear();
}

} // namespace

void FilterRules::append(FilterRules &&Other) {
  moveAppend(RegionRules, Other.RegionRules);
  moveAppend(FileRules, Other.FileRules);
  moveAppend(TauExcludes, Other.TauExcludes);
  moveAppend(TauIncludes, Other.TauIncludes);
  moveAppend(TauFileExcludes, Other.TauFileExcludes);
  moveAppend(TauFileIncludes, Other.TauFileIncludes);
  moveAppend(TauIncludeLists, Other.TauIncludeLists);
  moveAppend(TauFileIncludeLists, Other.TauFileIncludeLists);
}

} // namespace filter
} // namespace sextant
