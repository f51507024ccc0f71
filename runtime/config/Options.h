//===- runtime/config/Options.h - Runtime configuration from SEXTANT_* ----===//
//
// Part of Sextant. Parses the SEXTANT_* environment variables listed in
// Options.def into a RuntimeOptions value, once, at start-up. Parsing is a
// pure function of the environment block it is given (no process-global
// state), so it can be unit tested; diagnostics are returned, not printed.
//
// An invalid value produces one warning naming the variable and the accepted
// values, and the default is used. Unknown SEXTANT_* variables produce one
// warning each, listing the known ones.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_CONFIG_OPTIONS_H
#define SEXTANT_RUNTIME_CONFIG_OPTIONS_H

#include "runtime/clock/Clock.h"
#include "runtime/config/OpenMPLevel.h"
#include "runtime/regions/ThrottlePolicy.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sextant {
namespace runtime {

/// How the text of an option is interpreted.
enum class OptionKind {
  String,          ///< any text, used as is
  Unsigned,        ///< a decimal integer within [Min, Max]
  ClockChoice,     ///< auto, tsc or monotonic
  ThrottleSetting, ///< off, or <visits>,<nanoseconds> (positive integers)
  ByteSize,        ///< bytes within [Min, Max]; K, M, G multiply by 2^10..30
  OpenMPLevel      ///< off, basic or full (SEXTANT_OPENMP)
};

/// A size in bytes (SEXTANT_BUFFER_SIZE).
struct ByteSize {
  uint64_t Bytes = 0;
};

/// The C++ type holding the value of an option of a given kind.
template <OptionKind K> struct OptionValueType;
template <> struct OptionValueType<OptionKind::String> {
  using Type = std::string;
};
template <> struct OptionValueType<OptionKind::Unsigned> {
  using Type = uint64_t;
};
template <> struct OptionValueType<OptionKind::ClockChoice> {
  using Type = ClockChoice;
};
template <> struct OptionValueType<OptionKind::ThrottleSetting> {
  using Type = ThrottleSetting;
};
template <> struct OptionValueType<OptionKind::ByteSize> {
  using Type = ByteSize;
};
template <> struct OptionValueType<OptionKind::OpenMPLevel> {
  using Type = OpenMPLevel;
};

/// Identifies one entry of Options.def.
enum class OptionId : unsigned {
#define SEXTANT_OPTION(Member, Variable, Kind, Default, Min, Max, Description) \
  Member,
#include "runtime/config/Options.def"
};

/// The number of entries in Options.def.
constexpr size_t NumOptions = 0
#define SEXTANT_OPTION(Member, Variable, Kind, Default, Min, Max, Description) \
  +1
#include "runtime/config/Options.def"
    ;

/// The static description of one option (one row of Options.def).
struct OptionDescription {
  OptionId Id;
  const char *Variable;
  OptionKind Kind;
  const char *DefaultText;
  uint64_t Min;
  uint64_t Max;
  const char *Description;
};

/// All options, in the order of Options.def.
const OptionDescription *optionTable();

/// Where the effective value of an option came from.
enum class OptionSource {
  Default,     ///< the variable was not set
  Environment, ///< the variable was set to a valid value
  Invalid      ///< the variable was set to an invalid value; default used
};

/// The effective configuration of the runtime.
struct RuntimeOptions {
#define SEXTANT_OPTION(Member, Variable, Kind, Default, Min, Max, Description) \
  OptionValueType<OptionKind::Kind>::Type Member{};
#include "runtime/config/Options.def"

  /// Per option: where its value came from and the text of the environment
  /// variable when it was set (valid or not).
  struct Origin {
    OptionSource Source = OptionSource::Default;
    std::string EnvironmentText;
  };
  Origin Origins[NumOptions];

  /// SEXTANT_* variables of the environment that no option reads, as
  /// "NAME=VALUE", in the order of the environment.
  std::vector<std::string> UnknownVariables;

  const Origin &origin(OptionId Id) const {
    return Origins[static_cast<unsigned>(Id)];
  }
  /// The effective value of an option as text (as it would be written in
  /// the environment).
  std::string valueText(OptionId Id) const;
};

/// Describes the values an option accepts, e.g. "0, 1 or 2" or "any text".
std::string acceptedValues(const OptionDescription &Option);

/// Parses the options from Environment, a NULL-terminated array of
/// "NAME=VALUE" strings (like environ); NULL is an empty environment.
/// Warnings (without the "sextant: warning: " prefix) are appended to
/// Warnings in the order of the environment.
RuntimeOptions parseOptions(const char *const *Environment,
                            std::vector<std::string> &Warnings);

/// The contents of config.txt: every option with its value and source.
std::string renderConfiguration(const RuntimeOptions &Options,
                                std::string_view SextantVersion);

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CONFIG_OPTIONS_H
