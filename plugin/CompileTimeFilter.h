//===- plugin/CompileTimeFilter.h - Filter files of the plugin --*- C++ -*-===//
//
// Part of Sextant. The filter rules of the -sextant-filter=<file> options,
// read with the shared filter engine (Score-P or TAU format) once per
// process and kept for every module the process compiles.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_PLUGIN_COMPILETIMEFILTER_H
#define SEXTANT_PLUGIN_COMPILETIMEFILTER_H

#include "filter/FilterSet.h"

#include <string>
#include <vector>

namespace sextant {

/// The rules of an ordered list of filter files, and the problems found
/// while reading them.
class CompileTimeFilter {
public:
  /// The filter read from Paths, in order. Each distinct list of paths is
  /// read once per process; later calls return the same object.
  static const CompileTimeFilter &get(const std::vector<std::string> &Paths);

  /// True when every file was read without error.
  bool valid() const { return Valid; }

  /// Errors and warnings found while reading the files.
  const std::vector<filter::Diagnostic> &diagnostics() const {
    return Diagnostics;
  }

  /// The rules, in file order; empty when no file was given.
  const filter::FilterSet &rules() const { return Rules; }

private:
  explicit CompileTimeFilter(const std::vector<std::string> &Paths);

  filter::FilterSet Rules;
  std::vector<filter::Diagnostic> Diagnostics;
  bool Valid = true;
};

} // namespace sextant

#endif // SEXTANT_PLUGIN_COMPILETIMEFILTER_H
