//===- test/unit/tool/CommandLineTests.cpp - Options of a subcommand ------===//
//
// Part of Sextant. The option table of a subcommand is its one definition:
// --help lists every option of the table, in its order, with its names and
// description laid out in columns, and the parser accepts the options by
// the names and values the table gives.
//
//===----------------------------------------------------------------------===//

#include "tools/sextant/CommandLine.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace sextant::tool;

namespace {

struct SampleOptions {
  bool Tree = false;
  std::string Output;
  uint64_t Top = 0;
  double MinTime = 0;
  std::vector<std::string> Headers;
};

std::vector<OptionSpec> sampleTable(SampleOptions &Options) {
  return {
      {"tree", 0, nullptr, "show the tree", setFlag(Options.Tree)},
      {"output", 'o', "DIR",
       "the directory\n"
       "(default: none)",
       setString(Options.Output)},
      {"top", 0, "N", "the first N rows", setUnsigned(Options.Top)},
      {"min-time", 0, "SECONDS", "hide faster rows",
       setSeconds(Options.MinTime)},
      {"header", 0, "H", nullptr,
       [&Options](const std::string &Value, std::string &) {
         Options.Headers.push_back(Value);
         return true;
       }},
      {"very-long-option-name", 0, "VALUE", "as for the others",
       setString(Options.Output)},
  };
}

CommandHelp sampleHelp() { return {"USAGE\nOPTIONS\n", 24, "NOTES\n"}; }

/// Parses Words (the command's name first).
CommandLine::Outcome parseWords(CommandLine &Line,
                                std::vector<std::string> Words) {
  std::vector<char *> Argv;
  for (std::string &Word : Words)
    Argv.push_back(Word.data());
  Argv.push_back(nullptr);
  return Line.parse(static_cast<int>(Words.size()), Argv.data());
}

} // namespace

TEST_CASE("the help lists every option of the table in columns",
          "[CommandLine]") {
  SampleOptions Options;
  CommandLine Line("sextant sample", sampleHelp());
  Line.addOptions(sampleTable(Options));
  CHECK(Line.helpText() == "USAGE\n"
                           "OPTIONS\n"
                           "    --tree              show the tree\n"
                           "    -o, --output=DIR    the directory\n"
                           "                        (default: none)\n"
                           "    --top=N             the first N rows\n"
                           "    --min-time=SECONDS  hide faster rows\n"
                           "    --header=H, --very-long-option-name=VALUE\n"
                           "                        as for the others\n"
                           "    -h, --help          show this help\n"
                           "NOTES\n");
}

TEST_CASE("every option of the table is in the help", "[CommandLine]") {
  SampleOptions Options;
  std::vector<OptionSpec> Table = sampleTable(Options);
  CommandLine Line("sextant sample", sampleHelp());
  Line.addOptions(sampleTable(Options));
  std::string Help = Line.helpText();
  for (const OptionSpec &Spec : Table) {
    INFO(Spec.LongName);
    CHECK(Help.find(std::string("--") + Spec.LongName) != std::string::npos);
    if (Spec.ShortName)
      CHECK(Help.find(std::string("-") + Spec.ShortName + ", ") !=
            std::string::npos);
  }
}

TEST_CASE("a command without an option list prints its help as it is",
          "[CommandLine]") {
  CommandLine Line("sextant sample", "The whole help.\n");
  CHECK(Line.helpText() == "The whole help.\n");
}

TEST_CASE("the parser takes the options by the table's names",
          "[CommandLine]") {
  SampleOptions Options;
  CommandLine Line("sextant sample", sampleHelp());
  Line.addOptions(sampleTable(Options));
  REQUIRE(parseWords(Line, {"sample", "--tree", "-oout", "--top", "7",
                            "--min-time=2ms", "--header=a.h", "--header", "b.h",
                            "DIR"}) == CommandLine::Outcome::Proceed);
  CHECK(Options.Tree);
  CHECK(Options.Output == "out");
  CHECK(Options.Top == 7);
  CHECK(Options.MinTime == Approx(0.002));
  CHECK(Options.Headers == std::vector<std::string>{"a.h", "b.h"});
  CHECK(Line.positional() == std::vector<std::string>{"DIR"});
}

TEST_CASE("a flag of the table takes no value, an option needs one",
          "[CommandLine]") {
  SampleOptions Options;
  CommandLine Flag("sextant sample", sampleHelp());
  Flag.addOptions(sampleTable(Options));
  CHECK(parseWords(Flag, {"sample", "--tree=yes"}) ==
        CommandLine::Outcome::Exit);
  CHECK(Flag.exitStatus() == 2);
  CommandLine Value("sextant sample", sampleHelp());
  Value.addOptions(sampleTable(Options));
  CHECK(parseWords(Value, {"sample", "--top"}) == CommandLine::Outcome::Exit);
  CHECK(Value.exitStatus() == 2);
}

TEST_CASE("a choice is one of the named values", "[CommandLine]") {
  enum class Colour { Red, Green };
  static const std::pair<const char *, Colour> Colours[] = {
      {"red", Colour::Red}, {"green", Colour::Green}};
  Colour Chosen = Colour::Red;
  CHECK(parseChoiceValue(Colours, "green", Chosen));
  CHECK(Chosen == Colour::Green);
  CHECK_FALSE(parseChoiceValue(Colours, "blue", Chosen));
  CHECK(Chosen == Colour::Green);
}
