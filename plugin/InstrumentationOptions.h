//===- plugin/InstrumentationOptions.h - What the pass is told --*- C++ -*-===//
//
// Part of Sextant. The settings that decide which functions the pass
// instruments and how: the -sextant-* command-line options of one
// compilation, or the same settings recorded in a module whose
// instrumentation was deferred to the LTO link (LTODeferral), where the
// linker cannot pass -sextant-* options to the plugin.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_PLUGIN_INSTRUMENTATIONOPTIONS_H
#define SEXTANT_PLUGIN_INSTRUMENTATIONOPTIONS_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace sextant {

/// When an LTO pre-link compile instruments (-sextant-lto).
enum class LTOMode {
  /// Instrument in the compile step, with a warning (the default): the
  /// object works whether or not the link loads the plugin.
  PreLink,
  /// Defer to the link, which must load the plugin.
  Link,
};

struct InstrumentationOptions {
  /// -sextant-filter, in order.
  std::vector<std::string> FilterFiles;
  /// -sextant-min-instructions.
  unsigned MinInstructions = 0;
  /// -sextant-version-max-instructions.
  unsigned VersionMaxInstructions = 1024;
  /// -sextant-list; empty: no listing.
  std::string ListPath;

  /// The options of this process's command line.
  static InstrumentationOptions fromCommandLine();

  /// The options as one string ("key=value" lines) for a deferred module,
  /// with the paths made absolute: the link may run in another directory.
  std::string serialize() const;

  /// The options of a serialize() string; none if it is not one.
  static std::optional<InstrumentationOptions> parse(llvm::StringRef Text);
};

/// -sextant-lto.
LTOMode ltoModeFromCommandLine();

} // namespace sextant

#endif // SEXTANT_PLUGIN_INSTRUMENTATIONOPTIONS_H
