//===- tools/sextant/CommandLine.cpp - Options of a subcommand ------------===//
//
// Part of Sextant. Implementation of the subcommands' option parser and of
// the parsers of option values.
//
//===----------------------------------------------------------------------===//

#include "CommandLine.h"

#include "Subcommands.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace sextant {
namespace tool {

CommandLine::CommandLine(std::string Command, CommandHelp Help)
    : Command(std::move(Command)), Help(Help), HasOptionList(true) {}

CommandLine::CommandLine(std::string Command, const char *Help)
    : Command(std::move(Command)), Help{Help, 0, "", 0}, HasOptionList(false) {}

void CommandLine::addOptions(std::vector<OptionSpec> Table) {
  for (OptionSpec &Spec : Table)
    addOption(std::move(Spec));
}

OptionAction setFlag(bool &Target) {
  return [&Target](const std::string &, std::string &) {
    Target = true;
    return true;
  };
}

OptionAction setString(std::string &Target) {
  return [&Target](const std::string &Value, std::string &Error) {
    if (Value.empty()) {
      Error = "expected a non-empty value";
      return false;
    }
    Target = Value;
    return true;
  };
}

OptionAction setUnsigned(uint64_t &Target) {
  return [&Target](const std::string &Value, std::string &Error) {
    if (!parseUnsignedValue(Value, Target)) {
      Error = "expected a non-negative integer, got '" + Value + "'";
      return false;
    }
    return true;
  };
}

OptionAction setSeconds(double &Target) {
  return [&Target](const std::string &Value, std::string &Error) {
    if (!parseSecondsValue(Value, Target)) {
      Error = "expected a non-negative time in seconds (e.g. "
              "0.001, 1e-6, or with a unit: 1ms, 1us, 500ns), "
              "got '" +
              Value + "'";
      return false;
    }
    return true;
  };
}

namespace {

/// "-o, --output=DIR" or "--tree".
std::string optionNames(const char *LongName, char ShortName,
                        const char *ValueName) {
  std::string Names;
  if (ShortName)
    Names += std::string("-") + ShortName + ", ";
  Names += std::string("--") + LongName;
  if (ValueName)
    Names += std::string("=") + ValueName;
  return Names;
}

/// One row of the options' list: Names, then Description (lines separated
/// by '\n') from the description column on.
void appendOptionRow(std::string &Out, const CommandHelp &Help,
                     const std::string &Names, const char *Description) {
  Out.append(Help.Indent, ' ');
  Out += Names;
  size_t Used = Help.Indent + Names.size();
  if (Used + 1 > Help.DescriptionColumn) {
    Out += '\n';
    Used = 0;
  }
  Out.append(Help.DescriptionColumn - Used, ' ');
  for (const char *Text = Description; *Text; ++Text) {
    Out += *Text;
    if (*Text == '\n' && Text[1])
      Out.append(Help.DescriptionColumn, ' ');
  }
  Out += '\n';
}

} // namespace

std::string CommandLine::helpText() const {
  std::string Out = Help.Usage;
  if (!HasOptionList)
    return Out;
  std::string Names;
  for (const OptionSpec &Spec : Options) {
    Names += (Names.empty() ? "" : ", ") +
             optionNames(Spec.LongName, Spec.ShortName, Spec.ValueName);
    if (!Spec.Help)
      continue;
    appendOptionRow(Out, Help, Names, Spec.Help);
    Names.clear();
  }
  appendOptionRow(Out, Help, optionNames("help", 'h', nullptr),
                  "show this help");
  return Out + Help.Notes;
}

const OptionSpec *CommandLine::findLong(const std::string &Name) const {
  for (const OptionSpec &Spec : Options)
    if (Name == Spec.LongName)
      return &Spec;
  return nullptr;
}

const OptionSpec *CommandLine::findShort(char Name) const {
  for (const OptionSpec &Spec : Options)
    if (Spec.ShortName == Name)
      return &Spec;
  return nullptr;
}

bool CommandLine::apply(const OptionSpec &Spec, const std::string &Shown,
                        const std::string &Value) {
  std::string Error;
  if (Spec.Apply(Value, Error))
    return true;
  ExitStatus = usageError(Shown + ": " + Error);
  return false;
}

CommandLine::Outcome CommandLine::parse(int Argc, char **Argv) {
  for (int I = 1; I < Argc; ++I) {
    std::string Arg = Argv[I];
    if (SawDoubleDash || Arg.size() < 2 || Arg[0] != '-') {
      Positional.push_back(Arg);
      if (StopAtPositional) {
        for (++I; I < Argc; ++I)
          Positional.push_back(Argv[I]);
        break;
      }
      continue;
    }
    if (Arg == "--") {
      SawDoubleDash = true;
      continue;
    }
    if (Arg == "-h" || Arg == "--help") {
      std::fputs(helpText().c_str(), stdout);
      ExitStatus = ExitSuccess;
      return Outcome::Exit;
    }
    if (Arg.compare(0, 2, "--") == 0) {
      size_t Equals = Arg.find('=');
      std::string Name = Arg.substr(
          2, Equals == std::string::npos ? std::string::npos : Equals - 2);
      const OptionSpec *Spec = findLong(Name);
      if (!Spec) {
        ExitStatus = usageError("unknown option '--" + Name + "'");
        return Outcome::Exit;
      }
      std::string Shown = "--" + Name;
      if (!Spec->takesValue()) {
        if (Equals != std::string::npos) {
          ExitStatus = usageError(Shown + " takes no value");
          return Outcome::Exit;
        }
        if (!apply(*Spec, Shown, ""))
          return Outcome::Exit;
        continue;
      }
      std::string Value;
      if (Equals != std::string::npos) {
        Value = Arg.substr(Equals + 1);
      } else if (I + 1 < Argc) {
        Value = Argv[++I];
      } else {
        ExitStatus = usageError(Shown + " needs a value");
        return Outcome::Exit;
      }
      if (!apply(*Spec, Shown, Value))
        return Outcome::Exit;
      continue;
    }
    // One-letter options; flags may be grouped ("-gq"), a value may follow
    // directly ("-oFILE") or as the next argument.
    for (size_t K = 1; K < Arg.size(); ++K) {
      const OptionSpec *Spec = findShort(Arg[K]);
      std::string Shown = std::string("-") + Arg[K];
      if (!Spec) {
        ExitStatus = usageError("unknown option '" + Shown + "'");
        return Outcome::Exit;
      }
      if (!Spec->takesValue()) {
        if (!apply(*Spec, Shown, ""))
          return Outcome::Exit;
        continue;
      }
      std::string Value;
      if (K + 1 < Arg.size()) {
        Value = Arg.substr(K + 1);
      } else if (I + 1 < Argc) {
        Value = Argv[++I];
      } else {
        ExitStatus = usageError(Shown + " needs a value");
        return Outcome::Exit;
      }
      if (!apply(*Spec, Shown, Value))
        return Outcome::Exit;
      break;
    }
  }
  return Outcome::Proceed;
}

int CommandLine::usageError(const std::string &Message) const {
  std::fprintf(stderr, "%s: error: %s\nRun '%s --help' for usage.\n",
               Command.c_str(), Message.c_str(), Command.c_str());
  return ExitUsage;
}

int CommandLine::failure(const std::string &Message) const {
  std::fprintf(stderr, "%s: error: %s\n", Command.c_str(), Message.c_str());
  return ExitFailure;
}

void CommandLine::warning(const std::string &Message) const {
  std::fprintf(stderr, "%s: warning: %s\n", Command.c_str(), Message.c_str());
}

namespace {
std::string &runningCommandName() {
  static std::string Name = "sextant";
  return Name;
}
} // namespace

const std::string &runningCommand() { return runningCommandName(); }

void setRunningCommand(std::string Command) {
  runningCommandName() = std::move(Command);
}

void warnRunningCommand(const std::string &Message) {
  std::fprintf(stderr, "%s: warning: %s\n", runningCommand().c_str(),
               Message.c_str());
}

void noteRunningCommand(const std::string &Message) {
  std::fprintf(stderr, "%s: note: %s\n", runningCommand().c_str(),
               Message.c_str());
}

bool parseUnsignedValue(const std::string &Text, uint64_t &Value) {
  if (Text.empty() || Text.size() > 20)
    return false;
  uint64_t Result = 0;
  for (char C : Text) {
    if (C < '0' || C > '9')
      return false;
    uint64_t Digit = static_cast<uint64_t>(C - '0');
    if (Result > (UINT64_MAX - Digit) / 10)
      return false;
    Result = Result * 10 + Digit;
  }
  Value = Result;
  return true;
}

bool parseSecondsValue(const std::string &Text, double &Seconds) {
  struct Unit {
    const char *Suffix;
    double Scale;
  };
  static const Unit Units[] = {
      {"ns", 1e-9}, {"us", 1e-6}, {"ms", 1e-3}, {"s", 1.0}};
  std::string Number = Text;
  double Scale = 1.0;
  for (const Unit &U : Units) {
    size_t Length = std::strlen(U.Suffix);
    if (Number.size() > Length &&
        Number.compare(Number.size() - Length, Length, U.Suffix) == 0) {
      Number.resize(Number.size() - Length);
      Scale = U.Scale;
      break;
    }
  }
  // strtod would also take "inf", "nan" and hexadecimal numbers.
  if (Number.empty() ||
      Number.find_first_not_of("0123456789.eE+-") != std::string::npos ||
      !(Number[0] == '.' || (Number[0] >= '0' && Number[0] <= '9')))
    return false;
  errno = 0;
  char *End = nullptr;
  double Value = std::strtod(Number.c_str(), &End);
  if (errno != 0 || End != Number.c_str() + Number.size() ||
      !std::isfinite(Value) || Value < 0)
    return false;
  Seconds = Value * Scale;
  return true;
}

} // namespace tool
} // namespace sextant
