//===- wrap/generator/WrapFilter.cpp - Which functions are wrapped --------===//
//
// Part of Sextant. See WrapFilter.h.
//
//===----------------------------------------------------------------------===//

#include "wrap/generator/WrapFilter.h"

#include <algorithm>

namespace sextant {
namespace wrap {

namespace {
filter::FunctionIdentity identity(const WrappedFunction &F) {
  return {F.DisplayName, F.Symbol, F.File};
}
} // namespace

bool WrapFilter::load(const std::string &Path,
                      std::vector<filter::Diagnostic> &Diags) {
  Loaded = Rules.addFile(Path, Diags);
  return Loaded;
}

bool WrapFilter::keeps(const WrappedFunction &F) const {
  if (Loaded)
    return Rules.includes(identity(F));
  return std::find(Headers.begin(), Headers.end(), F.File) != Headers.end();
}

std::string WrapFilter::reason(const WrappedFunction &F) const {
  if (Loaded)
    return Rules.decide(identity(F)).Reason;
  return keeps(F) ? "declared in a given header"
                  : "not declared in a given header";
}

} // namespace wrap
} // namespace sextant
