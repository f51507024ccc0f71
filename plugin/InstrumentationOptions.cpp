//===- plugin/InstrumentationOptions.cpp - The -sextant-* options --------===//
//
// Part of Sextant. The plugin's hidden LLVM command-line options and their
// text form recorded in deferred LTO modules.
//
//===----------------------------------------------------------------------===//

#include "InstrumentationOptions.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"

using namespace llvm;

static cl::list<std::string> ClFilterFiles(
    "sextant-filter",
    cl::desc("Filter file (Score-P or TAU format) deciding which functions "
             "are instrumented; may be repeated, rules apply in order"),
    cl::value_desc("file"), cl::Hidden);

static cl::opt<unsigned> ClMinInstructions(
    "sextant-min-instructions",
    cl::desc("Skip functions with fewer IR instructions than this and no "
             "loops (0: no threshold)"),
    cl::value_desc("N"), cl::init(0), cl::Hidden);

static cl::opt<unsigned> ClVersionMaxInstructions(
    "sextant-version-max-instructions",
    cl::desc("Version instrumented functions with fewer IR instructions than "
             "this: the original body stays the disarmed fast path, the "
             "instrumented body moves into a clone (0: never)"),
    cl::value_desc("N"), cl::init(1024), cl::Hidden);

static cl::opt<std::string> ClListPath(
    "sextant-list",
    cl::desc("Append one line per function seen (instrumented or skipped, "
             "and why) to this file; '-' is standard error"),
    cl::value_desc("path"), cl::Hidden);

static cl::opt<sextant::LTOMode> ClLTOMode(
    "sextant-lto",
    cl::desc("In an LTO pre-link compile (-flto, -flto=thin): instrument "
             "now, or defer to the link, which must load the plugin"),
    cl::values(clEnumValN(sextant::LTOMode::PreLink, "prelink",
                          "instrument in the compile step, with a warning "
                          "(default)"),
               clEnumValN(sextant::LTOMode::Link, "link",
                          "instrument after link-time optimization")),
    cl::init(sextant::LTOMode::PreLink), cl::Hidden);

namespace sextant {

static constexpr StringLiteral FilterKey = "filter";
static constexpr StringLiteral MinInstructionsKey = "min-instructions";
static constexpr StringLiteral VersionMaxKey = "version-max-instructions";
static constexpr StringLiteral ListKey = "list";

InstrumentationOptions InstrumentationOptions::fromCommandLine() {
  InstrumentationOptions Options;
  Options.FilterFiles.assign(ClFilterFiles.begin(), ClFilterFiles.end());
  Options.MinInstructions = ClMinInstructions;
  Options.VersionMaxInstructions = ClVersionMaxInstructions;
  Options.ListPath = ClListPath;
  return Options;
}

LTOMode ltoModeFromCommandLine() { return ClLTOMode; }

static std::string absolutePath(StringRef Path) {
  SmallString<256> Absolute(Path);
  if (Path != "-")
    sys::fs::make_absolute(Absolute);
  return std::string(Absolute);
}

static void appendLine(std::string &Text, StringRef Key, StringRef Value) {
  Text += Key;
  Text += '=';
  Text += Value;
  Text += '\n';
}

std::string InstrumentationOptions::serialize() const {
  std::string Text;
  for (const std::string &File : FilterFiles)
    appendLine(Text, FilterKey, absolutePath(File));
  appendLine(Text, MinInstructionsKey, utostr(MinInstructions));
  appendLine(Text, VersionMaxKey, utostr(VersionMaxInstructions));
  if (!ListPath.empty())
    appendLine(Text, ListKey, absolutePath(ListPath));
  return Text;
}

std::optional<InstrumentationOptions>
InstrumentationOptions::parse(StringRef Text) {
  InstrumentationOptions Options;
  SmallVector<StringRef, 8> Lines;
  Text.split(Lines, '\n', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef Line : Lines) {
    auto [Key, Value] = Line.split('=');
    if (Key == FilterKey)
      Options.FilterFiles.push_back(Value.str());
    else if (Key == ListKey)
      Options.ListPath = Value.str();
    else if (Key == MinInstructionsKey) {
      if (Value.getAsInteger(10, Options.MinInstructions))
        return std::nullopt;
    } else if (Key == VersionMaxKey) {
      if (Value.getAsInteger(10, Options.VersionMaxInstructions))
        return std::nullopt;
    } else
      return std::nullopt;
  }
  return Options;
}

} // namespace sextant
