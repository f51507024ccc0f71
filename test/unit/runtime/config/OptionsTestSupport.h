//===- test/unit/runtime/config/OptionsTestSupport.h ----------------------===//
//
// Parsing test environments.
//
// Part of Sextant. The options tests parse environments given as lists of
// "NAME=value" entries; parse() turns such a list into the NULL-terminated
// array parseOptions() reads.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TEST_UNIT_RUNTIME_CONFIG_OPTIONSTESTSUPPORT_H
#define SEXTANT_TEST_UNIT_RUNTIME_CONFIG_OPTIONSTESTSUPPORT_H

#include "runtime/config/Options.h"

#include <string>
#include <vector>

namespace sextant {
namespace runtime {
namespace test {

/// The options of an environment holding exactly Entries; the warnings
/// parseOptions() gives are appended to Warnings.
inline RuntimeOptions parse(const std::vector<const char *> &Entries,
                            std::vector<std::string> &Warnings) {
  std::vector<const char *> Environment = Entries;
  Environment.push_back(nullptr);
  return parseOptions(Environment.data(), Warnings);
}

} // namespace test
} // namespace runtime
} // namespace sextant

#endif // SEXTANT_TEST_UNIT_RUNTIME_CONFIG_OPTIONSTESTSUPPORT_H
