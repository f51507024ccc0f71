//===- runtime/Options.cpp - Runtime configuration from SEXTANT_* ---------===//
//
// Part of Sextant. Implements the parsing of the SEXTANT_* environment
// variables of Options.def and the rendering of config.txt.
//
//===----------------------------------------------------------------------===//

#include "Options.h"

#include <cassert>
#include <cstdio>
#include <cstring>

namespace sextant {
namespace runtime {

namespace {

constexpr OptionDescription Table[] = {
#define SEXTANT_OPTION(Member, Variable, Kind, Default, Min, Max, Description) \
  {OptionId::Member, Variable, OptionKind::Kind, Default, Min, Max,            \
   Description},
#include "Options.def"
};
static_assert(sizeof(Table) / sizeof(Table[0]) == NumOptions,
              "Options.def and NumOptions disagree");

constexpr std::string_view VariablePrefix = "SEXTANT_";

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

std::string toText(const std::string &Value) { return Value; }
std::string toText(uint64_t Value) { return std::to_string(Value); }

/// Parses Text into the member of Options that Id names.
bool assignOption(RuntimeOptions &Options, OptionId Id, std::string_view Text) {
  const OptionDescription &Option = Table[static_cast<unsigned>(Id)];
  switch (Id) {
#define SEXTANT_OPTION(Member, Variable, Kind, Default, Min, Max, Description) \
  case OptionId::Member:                                                       \
    return parseValue(Text, Option, Options.Member);
#include "Options.def"
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

/// Writes Text for config.txt: control characters as \xNN so that every
/// option stays on one line.
void appendConfigText(std::string &Out, std::string_view Text) {
  for (unsigned char C : Text) {
    if (C < 0x20 || C == 0x7f) {
      char Buffer[8];
      std::snprintf(Buffer, sizeof(Buffer), "\\x%02x", C);
      Out += Buffer;
    } else {
      Out += static_cast<char>(C);
    }
  }
}

} // namespace

const OptionDescription *optionTable() { return Table; }

std::string RuntimeOptions::valueText(OptionId Id) const {
  switch (Id) {
#define SEXTANT_OPTION(Member, Variable, Kind, Default, Min, Max, Description) \
  case OptionId::Member:                                                       \
    return toText(Member);
#include "Options.def"
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
    if (!Option) {
      Options.UnknownVariables.emplace_back(Text);
      Warnings.push_back("unknown variable " + std::string(Variable) +
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
    Warnings.push_back("invalid value '" + std::string(Value) + "' for " +
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
    appendConfigText(Out, Options.valueText(Option.Id));
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
      appendConfigText(Out, Origin.EnvironmentText);
      Out += "' ignored)";
      break;
    }
    Out += '\n';
  }
  for (const std::string &Unknown : Options.UnknownVariables) {
    Out += "# ignored unknown variable: ";
    appendConfigText(Out, Unknown);
    Out += '\n';
  }
  return Out;
}

} // namespace runtime
} // namespace sextant
