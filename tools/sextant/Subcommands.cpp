//===- tools/sextant/Subcommands.cpp - The sextant tool's commands -------===//
//
// Part of Sextant. The table of subcommands the `sextant` tool dispatches to.
//
//===----------------------------------------------------------------------===//

#include "Subcommands.h"

namespace sextant {
namespace tool {

static const Subcommand AllSubcommands[] = {
    {"run", "run an instrumented program and show its profile", runRunCommand},
    {"report", "show the profile of an experiment (flat view or call tree)",
     runReportCommand},
    {"score", "estimate measurement overhead; generate a filter (-g)",
     runScoreCommand},
    {"export", "convert an experiment (folded stacks, Chrome trace)",
     runExportCommand},
    {"filter", "check filter files and explain their decisions",
     runFilterCommand},
    {"roofline", "measure machine peaks; place regions on the roofline",
     runRooflineCommand},
    {"combine", "build an MPI job's combined view from its ranks' files",
     runCombineCommand},
    {"wrap", "generate, check and build wrappers of C/C++ libraries",
     runWrapCommand},
};

const Subcommand *subcommandsBegin() { return AllSubcommands; }
const Subcommand *subcommandsEnd() {
  return AllSubcommands + sizeof(AllSubcommands) / sizeof(AllSubcommands[0]);
}

} // namespace tool
} // namespace sextant
