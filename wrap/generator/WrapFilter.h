//===- wrap/generator/WrapFilter.h - Which functions ------------*- C++ -*-===//
//
// Part of Sextant. The filter of a wrapper's working directory (NAME.filter,
// written by `sextant wrap init`) in Score-P's syntax, read by the filter
// engine the plugin and the runtime use (filter/FilterSet.h):
//
//   SCOREP_FILE_NAMES_BEGIN      # which headers count
//     EXCLUDE *
//     INCLUDE /usr/include/fftw3.h
//   SCOREP_FILE_NAMES_END
//   SCOREP_REGION_NAMES_BEGIN    # which functions
//     EXCLUDE fftw_export_wisdom*
//     EXCLUDE MANGLED _ZN3Foo*
//   SCOREP_REGION_NAMES_END
//
// A function is kept when the filter includes its display name, symbol
// (MANGLED) and the header that declares it. Without a filter file, only the
// functions declared directly in the given headers are kept.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_WRAP_GENERATOR_WRAPFILTER_H
#define SEXTANT_WRAP_GENERATOR_WRAPFILTER_H

#include "filter/FilterSet.h"
#include "wrap/generator/WrappedFunction.h"

#include <string>
#include <vector>

namespace sextant {
namespace wrap {

class WrapFilter {
public:
  /// Reads a Score-P (or TAU) filter file; false with Diags on errors.
  bool load(const std::string &Path, std::vector<filter::Diagnostic> &Diags);
  /// Without a filter file: keep the functions of these files only.
  void setHeaders(std::vector<std::string> Headers) {
    this->Headers = std::move(Headers);
  }
  bool keeps(const WrappedFunction &F) const;
  /// The deciding rule, for messages ("excluded by fftw3.filter:5 ...").
  std::string reason(const WrappedFunction &F) const;

private:
  bool Loaded = false;
  filter::FilterSet Rules;
  std::vector<std::string> Headers;
};

} // namespace wrap
} // namespace sextant

#endif // SEXTANT_WRAP_GENERATOR_WRAPFILTER_H
