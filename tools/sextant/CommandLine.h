//===- tools/sextant/CommandLine.h - Options of a subcommand ----*- C++ -*-===//
//
// Part of Sextant. A small option parser shared by the subcommands of the
// `sextant` tool: long options (`--name=VALUE`, `--name VALUE`, `--flag`),
// one-letter options (`-o FILE`, `-oFILE`, `-g`), `-h`/`--help`, and `--`
// ending the options. An unknown option or a bad value is a usage error:
// the parser prints `sextant CMD: error: ...` and a pointer to `--help`, and
// the subcommand exits with status 2.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_COMMANDLINE_H
#define SEXTANT_TOOLS_COMMANDLINE_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace sextant {
namespace tool {

/// What an option does with its value (empty for a flag): false with a
/// message in Error when the value is bad.
using OptionAction =
    std::function<bool(const std::string &Value, std::string &Error)>;

/// One option a subcommand accepts, defined once: the parser's registration
/// and the option's lines in `--help` both come from it.
struct OptionSpec {
  const char *LongName;  ///< without the leading "--"; never null
  char ShortName;        ///< 0 when the option has no one-letter form
  const char *ValueName; ///< "DIR" of --output=DIR; null for a flag
  /// The description `--help` shows, one string per line ('\n' between
  /// lines). Null: described together with the next option, whose row
  /// names both ("--name=NAME, --header=H").
  const char *Help;
  OptionAction Apply;

  bool takesValue() const { return ValueName != nullptr; }
};

/// The actions of the common kinds of options.
/// A flag: sets Target.
OptionAction setFlag(bool &Target);
/// A non-empty text.
OptionAction setString(std::string &Target);
/// A decimal integer without sign (parseUnsignedValue).
OptionAction setUnsigned(uint64_t &Target);
/// A duration, stored in seconds (parseSecondsValue).
OptionAction setSeconds(double &Target);

/// The text of a subcommand's `--help` around its list of options.
struct CommandHelp {
  /// Everything before the list, up to its heading ("OPTIONS\n").
  const char *Usage;
  /// The column where the options' descriptions start; a row whose names
  /// reach it has its description on the next line.
  unsigned DescriptionColumn;
  /// Everything after the list (which ends with "-h, --help").
  const char *Notes;
  /// The blanks before the options' names.
  unsigned Indent = 4;
};

class CommandLine {
public:
  /// Command is the full command name for messages ("sextant report"),
  /// Help the text around the options' list that `--help` prints.
  CommandLine(std::string Command, CommandHelp Help);
  /// A command without options of its own: `--help` prints Help as it is.
  CommandLine(std::string Command, const char *Help);

  void addOption(OptionSpec Spec) { Options.push_back(std::move(Spec)); }
  /// Adds the options of a command's table, in the order `--help` lists
  /// them.
  void addOptions(std::vector<OptionSpec> Table);

  /// The text `--help` prints: the usage, every option (with -h, --help
  /// last) and the notes.
  std::string helpText() const;

  /// With this set, the first argument that is not an option ends the
  /// options (for `sextant run PROGRAM ARGS...`): it and everything after it
  /// are positional.
  void stopAtFirstPositional() { StopAtPositional = true; }

  enum class Outcome { Proceed, Exit };
  /// Parses Argv[1..Argc). On Outcome::Exit the subcommand returns
  /// ExitStatus: 0 after `--help`, 2 after a usage error (already printed).
  Outcome parse(int Argc, char **Argv);
  int exitStatus() const { return ExitStatus; }

  const std::vector<std::string> &positional() const { return Positional; }

  /// Prints "COMMAND: error: MESSAGE" and the --help pointer; returns 2.
  int usageError(const std::string &Message) const;
  /// Prints "COMMAND: error: MESSAGE"; returns 1.
  int failure(const std::string &Message) const;
  /// Prints "COMMAND: warning: MESSAGE".
  void warning(const std::string &Message) const;

private:
  const OptionSpec *findLong(const std::string &Name) const;
  const OptionSpec *findShort(char Name) const;
  bool apply(const OptionSpec &Spec, const std::string &Shown,
             const std::string &Value);

  std::string Command;
  CommandHelp Help;
  /// False for a command without options of its own: Help.Usage is the
  /// whole text.
  bool HasOptionList;
  std::vector<OptionSpec> Options;
  std::vector<std::string> Positional;
  bool StopAtPositional = false;
  bool SawDoubleDash = false;
  int ExitStatus = 0;
};

/// The subcommand this process runs, e.g. "sextant report" (main() sets it
/// before it runs the subcommand; "sextant" until then): code shared by
/// several commands (reading traces, writing the HTML report) names it in
/// its messages.
const std::string &runningCommand();
void setRunningCommand(std::string Command);
/// Prints "<runningCommand()>: warning: MESSAGE" on standard error.
void warnRunningCommand(const std::string &Message);
/// Prints "<runningCommand()>: note: MESSAGE" on standard error: something
/// the user asked for, said so that it is not mistaken for a problem.
void noteRunningCommand(const std::string &Message);

/// A decimal integer without sign; false on anything else or overflow.
bool parseUnsignedValue(const std::string &Text, uint64_t &Value);
/// A non-negative duration: a decimal number (also 1e-6) optionally followed
/// by a unit: ns, us, ms or s (default s). Stored in seconds.
bool parseSecondsValue(const std::string &Text, double &Seconds);
/// One of the named values of Choices ({name, value} pairs): false when no
/// name is Text.
template <typename T, size_t N>
bool parseChoiceValue(const std::pair<const char *, T> (&Choices)[N],
                      const std::string &Text, T &Value) {
  for (const auto &[Name, Named] : Choices)
    if (Text == Name) {
      Value = Named;
      return true;
    }
  return false;
}

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_COMMANDLINE_H
