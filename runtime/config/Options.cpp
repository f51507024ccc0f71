//===- runtime/config/Options.cpp - Runtime configuration from SEXTANT_* --===//
//
// Part of Sextant. Implements the parsing of the SEXTANT_* environment
// variables of Options.def and the rendering of config.txt.
//
//===----------------------------------------------------------------------===//

#include "runtime/config/Options.h"

#include "common/MessageText.h"

#include <cassert>
#include <cstring>

namespace sextant {
namespace runtime {

namespace {

constexpr OptionDescription Table[] = {
#define SEXTANT_OPTION(Member, Variable, Kind, Default, Min, Max, Description) \
  {OptionId::Member, Variable, OptionKind::Kind, Default, Min, Max,            \
   Description},
#include "runtime/config/Options.def"
};
static_assert(sizeof(Table) / sizeof(Table[0]) == NumOptions,
              "Options.def and NumOptions disagree");

constexpr std::string_view VariablePrefix = "SEXTANT_";

/// SEXTANT_ variables that belong to the `sextant` tool, not to the
/// runtime (docs/sextant.md, ENVIRONMENT): a user who exports one must not
/// get an "unknown variable" warning from every measured program.
/// Also the MPI adapter's own test setting (docs/configuration.md).
constexpr std::string_view ToolVariables[] = {
    "SEXTANT_ROOFLINE_PEAKS", "SEXTANT_WRAP_PATH",
    "SEXTANT_MPI_SEPARATE_HOSTS"};

bool isToolVariable(std::string_view Variable) {
  for (std::string_view Tool : ToolVariables)
    if (Variable == Tool)
      return true;
  return false;
}

bool parseValue(std::string_view Text, const OptionDescription &,
                std::string &Value) {
  Value.assign(Text.data(), Text.size());
  return true;
}

bool parseValue(std::string_view Text, const OptionDescription &Option,
                uint64_t &Value) {
  if (Text.empty())
    return false;
  uint64_t Result = 0;
  for (char C : Text) {
    if (C < '0' || C > '9')
      return false;
    unsigned Digit = static_cast<unsigned>(C - '0');
    if (Result > (UINT64_MAX - Digit) / 10)
      return false;
    Result = Result * 10 + Digit;
  }
  if (Result < Option.Min || Result > Option.Max)
    return false;
  Value = Result;
  return true;
}

bool parseValue(std::string_view Text, const OptionDescription &,
                ClockChoice &Value) {
  if (Text == "auto")
    Value = ClockChoice::Auto;
  else if (Text == "tsc")
    Value = ClockChoice::Tsc;
  else if (Text == "monotonic")
    Value = ClockChoice::Monotonic;
  else
    return false;
  return true;
}

bool parseValue(std::string_view Text, const OptionDescription &,
                OpenMPLevel &Value) {
  if (Text == "off")
    Value = OpenMPLevel::Off;
  else if (Text == "basic")
    Value = OpenMPLevel::Basic;
  else if (Text == "full")
    Value = OpenMPLevel::Full;
  else
    return false;
  return true;
}

/// A decimal integer of at least 1 (no sign, no spaces).
bool parsePositive(std::string_view Text, uint64_t &Value) {
  static constexpr OptionDescription Positive = {
      OptionId{}, "", OptionKind::Unsigned, "", 1, UINT64_MAX, ""};
  return parseValue(Text, Positive, Value);
}

bool parseValue(std::string_view Text, const OptionDescription &,
                ThrottleSetting &Value) {
  if (Text == "off") {
    Value = ThrottleSetting();
    return true;
  }
  size_t Comma = Text.find(',');
  if (Comma == std::string_view::npos)
    return false;
  ThrottleSetting Parsed;
  Parsed.Enabled = true;
  if (!parsePositive(Text.substr(0, Comma), Parsed.MinVisits) ||
      !parsePositive(Text.substr(Comma + 1), Parsed.MaxMeanVisitNanoseconds))
    return false;
  Value = Parsed;
  return true;
}

/// Digits followed by an optional K, M or G (either case): bytes, KiB,
/// MiB or GiB.
bool parseValue(std::string_view Text, const OptionDescription &Option,
                ByteSize &Value) {
  unsigned Shift = 0;
  if (!Text.empty()) {
    switch (Text.back()) {
    case 'K':
    case 'k':
      Shift = 10;
      break;
    case 'M':
    case 'm':
      Shift = 20;
      break;
    case 'G':
    case 'g':
      Shift = 30;
      break;
    default:
      break;
    }
  }
  if (Shift != 0)
    Text.remove_suffix(1);
  static constexpr OptionDescription AnyNumber = {
      OptionId{}, "", OptionKind::Unsigned, "", 0, UINT64_MAX, ""};
  uint64_t Number;
  if (!parseValue(Text, AnyNumber, Number) || Number > (UINT64_MAX >> Shift))
    return false;
  uint64_t Bytes = Number << Shift;
  if (Bytes < Option.Min || Bytes > Option.Max)
    return false;
  Value.Bytes = Bytes;
  return true;
}

/// A size with the largest suffix that divides it: 1048576 is "1M".
std::string formatByteSize(uint64_t Bytes) {
  static constexpr struct {
    unsigned Shift;
    char Suffix;
  } Units[] = {{30, 'G'}, {20, 'M'}, {10, 'K'}};
  for (const auto &Unit : Units)
    if (Bytes != 0 && Bytes % (uint64_t(1) << Unit.Shift) == 0)
      return std::to_string(Bytes >> Unit.Shift) + Unit.Suffix;
  return std::to_string(Bytes);
}

std::string toText(const std::string &Value) { return Value; }
std::string toText(const ByteSize &Value) {
  return formatByteSize(Value.Bytes);
}
std::string toText(uint64_t Value) { return std::to_string(Value); }
std::string toText(ClockChoice Value) {
  switch (Value) {
  case ClockChoice::Auto:
    return "auto";
  case ClockChoice::Tsc:
    return "tsc";
  case ClockChoice::Monotonic:
    return "monotonic";
  }
  return std::string();
}
std::string toText(OpenMPLevel Value) {
  switch (Value) {
  case OpenMPLevel::Off:
    return "off";
  case OpenMPLevel::Basic:
    return "basic";
  case OpenMPLevel::Full:
    return "full";
  }
  return std::string();
}
std::string toText(const ThrottleSetting &Value) {
  if (!Value.Enabled)
    return "off";
  return std::to_string(Value.MinVisits) + "," +
         std::to_string(Value.MaxMeanVisitNanoseconds);
}

/// Parses Text into the member of Options that Id names.
bool assignOption(RuntimeOptions &Options, OptionId Id, std::string_view Text) {
  const OptionDescription &Option = Table[static_cast<unsigned>(Id)];
  switch (Id) {
#define SEXTANT_OPTION(Member, Variable, Kind, Default, Min, Max, Description) \
  case OptionId::Member:                                                       \
    return parseValue(Text, Option, Options.Member);
#include "runtime/config/Options.def"
  }
  return false;
}

const OptionDescription *findOption(std::string_view Variable) {
  for (const OptionDescription &Option : Table)
    if (Variable == Option.Variable)
      return &Option;
  return nullptr;
}

std::string knownVariables() {
  std::string List;
  for (const OptionDescription &Option : Table) {
    if (!List.empty())
      List += ", ";
    List += Option.Variable;
  }
  return List;
}

} // namespace

const OptionDescription *optionTable() { return Table; }

std::string RuntimeOptions::valueText(OptionId Id) const {
  switch (Id) {
#define SEXTANT_OPTION(Member, Variable, Kind, Default, Min, Max, Description) \
  case OptionId::Member:                                                       \
    return toText(Member);
#include "runtime/config/Options.def"
  }
  return std::string();
}

std::string acceptedValues(const OptionDescription &Option) {
  switch (Option.Kind) {
  case OptionKind::String:
    return "any text";
  case OptionKind::Unsigned:
    if (Option.Max - Option.Min <= 4) {
      std::string List;
      for (uint64_t Value = Option.Min; Value <= Option.Max; ++Value) {
        if (Value != Option.Min)
          List += Value == Option.Max ? " or " : ", ";
        List += std::to_string(Value);
      }
      return List;
    }
    return "an integer from " + std::to_string(Option.Min) + " to " +
           std::to_string(Option.Max);
  case OptionKind::ClockChoice:
    return "auto, tsc or monotonic";
  case OptionKind::OpenMPLevel:
    return "off, basic or full";
  case OptionKind::ByteSize:
    return "a size in bytes from " + formatByteSize(Option.Min) + " to " +
           formatByteSize(Option.Max) +
           ", digits optionally followed by K, M or G (e.g. 64K or 4M)";
  case OptionKind::ThrottleSetting:
    return "off or <visits>,<nanoseconds>, two integers of at least 1, "
           "e.g. 100000,500";
  }
  return std::string();
}

RuntimeOptions parseOptions(const char *const *Environment,
                            std::vector<std::string> &Warnings) {
  RuntimeOptions Options;
  for (const OptionDescription &Option : Table) {
    bool DefaultIsValid = assignOption(Options, Option.Id, Option.DefaultText);
    assert(DefaultIsValid && "the default of an option must be accepted");
    (void)DefaultIsValid;
  }
  if (!Environment)
    return Options;

  for (const char *const *Entry = Environment; *Entry; ++Entry) {
    std::string_view Text(*Entry);
    if (Text.substr(0, VariablePrefix.size()) != VariablePrefix)
      continue;
    size_t Equals = Text.find('=');
    if (Equals == std::string_view::npos)
      continue;
    std::string_view Variable = Text.substr(0, Equals);
    std::string_view Value = Text.substr(Equals + 1);
    const OptionDescription *Option = findOption(Variable);
    if (!Option && isToolVariable(Variable))
      continue;
    if (!Option) {
      Options.UnknownVariables.emplace_back(Text);
      Warnings.push_back("unknown variable " + messageText(Variable) +
                         " (known: " + knownVariables() + ")");
      continue;
    }
    RuntimeOptions::Origin &Origin =
        Options.Origins[static_cast<unsigned>(Option->Id)];
    Origin.EnvironmentText.assign(Value.data(), Value.size());
    if (assignOption(Options, Option->Id, Value)) {
      Origin.Source = OptionSource::Environment;
      continue;
    }
    // Restore the default: a failed parse leaves the value untouched, but an
    // earlier valid occurrence of the same variable may have replaced it.
    assignOption(Options, Option->Id, Option->DefaultText);
    Origin.Source = OptionSource::Invalid;
    Warnings.push_back("invalid value '" + messageText(Value) + "' for " +
                       Option->Variable + " (expected " +
                       acceptedValues(*Option) + "); using the default '" +
                       Option->DefaultText + "'");
  }
  return Options;
}

std::string renderConfiguration(const RuntimeOptions &Options,
                                std::string_view SextantVersion) {
  std::string Out;
  Out += "# Sextant ";
  Out += SextantVersion;
  Out += " effective configuration.\n"
         "# One line per variable: NAME=VALUE, a tab, then '# ' and where "
         "the value came from.\n";
  for (const OptionDescription &Option : Table) {
    const RuntimeOptions::Origin &Origin = Options.origin(Option.Id);
    Out += Option.Variable;
    Out += '=';
    appendEscaped(Out, Options.valueText(Option.Id));
    Out += "\t# ";
    switch (Origin.Source) {
    case OptionSource::Default:
      Out += "default";
      break;
    case OptionSource::Environment:
      Out += "environment";
      break;
    case OptionSource::Invalid:
      Out += "default (invalid environment value '";
      appendEscaped(Out, Origin.EnvironmentText);
      Out += "' ignored)";
      break;
    }
    Out += '\n';
  }
  for (const std::string &Unknown : Options.UnknownVariables) {
    Out += "# ignored unknown variable: ";
    appendEscaped(Out, Unknown);
    Out += '\n';
  }
  return Out;
}

} // namespace runtime
} // namespace sextant
