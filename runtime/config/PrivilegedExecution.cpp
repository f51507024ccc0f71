//===- runtime/config/PrivilegedExecution.cpp - setuid programs -----------===//
//
// Part of Sextant. See PrivilegedExecution.h.
//
//===----------------------------------------------------------------------===//

#include "runtime/config/PrivilegedExecution.h"

#include <string_view>
#include <sys/auxv.h>

namespace sextant {
namespace runtime {

bool runsWithElevatedPrivileges() noexcept {
  return ::getauxval(AT_SECURE) != 0;
}

RuntimeOptions privilegedOptions(const char *const *Environment,
                                 std::string &Notice) {
  std::vector<std::string> Unused; // the defaults parse without warnings
  RuntimeOptions Options = parseOptions(nullptr, Unused);
  Options.Enable = 0;
  bool SilenceRequested = false;
  for (const char *const *Entry = Environment; Entry && *Entry; ++Entry)
    if (std::string_view(*Entry) == "SEXTANT_ENABLE=0")
      SilenceRequested = true;
  if (SilenceRequested)
    Notice.clear();
  else
    Notice = "this program runs with elevated privileges (setuid, setgid or "
             "file capabilities): every SEXTANT_* variable is ignored, "
             "nothing is measured and nothing is written";
  return Options;
}

} // namespace runtime
} // namespace sextant
