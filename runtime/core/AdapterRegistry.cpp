//===- runtime/core/AdapterRegistry.cpp - What adapters gave the runtime --===//
//
// Part of Sextant. See AdapterRegistry.h.
//
//===----------------------------------------------------------------------===//

#include "runtime/core/AdapterRegistry.h"

#include "runtime/core/FatalSignals.h"
#include "runtime/io/Diagnostics.h"
#include "runtime/io/OutputDirectory.h"

#include <cstdlib>

namespace sextant {
namespace runtime {

namespace {
std::string rankDirectoryName(int Rank) {
  return "rank-" + std::to_string(Rank);
}
} // namespace

void AdapterRegistry::setOutputDirectory(std::string Directory) {
  std::lock_guard<std::mutex> Lock(Mutex);
  OutputDirectory = std::move(Directory);
}

std::string AdapterRegistry::outputDirectory() {
  std::lock_guard<std::mutex> Lock(Mutex);
  return OutputDirectory;
}

bool AdapterRegistry::setRank(int NewRank, int Size, std::string &Directory) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Closed)
    return false;
  if (BaseDirectory.empty())
    BaseDirectory = OutputDirectory;
  Rank = NewRank;
  RankCount = Size;
  OutputDirectory = joinPath(BaseDirectory, rankDirectoryName(Rank));
  Directory = OutputDirectory;
  return true;
}

AdapterRegistry::BaseChange
AdapterRegistry::setBaseDirectory(const std::string &Path, bool Fixed,
                                  std::string &Directory) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Closed || Rank < 0)
    return BaseChange::Refused;
  // Whatever happens now, the directory is final.
  Placed = true;
  if (Path == BaseDirectory)
    return BaseChange::Unchanged;
  if (Fixed) {
    printMessage(MessageKind::Warning,
                 "tracing: rank " + std::to_string(Rank) +
                     " keeps its start-up directory '" + BaseDirectory +
                     "' (set SEXTANT_OUTPUT_DIR to put every rank of an "
                     "MPI job into one directory)");
    return BaseChange::Refused;
  }
  BaseDirectory = Path;
  OutputDirectory = joinPath(BaseDirectory, rankDirectoryName(Rank));
  Directory = OutputDirectory;
  return BaseChange::Moved;
}

std::string AdapterRegistry::baseDirectory() {
  std::lock_guard<std::mutex> Lock(Mutex);
  return BaseDirectory.empty() ? OutputDirectory : BaseDirectory;
}

void AdapterRegistry::expectJob() {
  std::lock_guard<std::mutex> Lock(Mutex);
  JobExpected = true;
}

void AdapterRegistry::notePlaced() {
  std::lock_guard<std::mutex> Lock(Mutex);
  Placed = true;
}

bool AdapterRegistry::describePlace(ExperimentInfo &Info) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Closed || ((Rank >= 0 || JobExpected) && !Placed))
    return false;
  Info.OutputDirectory = OutputDirectory;
  Info.Rank = Rank;
  Info.RankCount = RankCount;
  return true;
}

bool AdapterRegistry::addOutput(const char *Name, char *(*Render)(void *),
                                void *Context) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Closed)
    return false;
  Outputs.push_back(Output{Name, Render, Context});
  return true;
}

bool AdapterRegistry::close(
    ExperimentInfo &Info,
    std::vector<std::pair<std::string, std::string>> &Files) {
  std::unique_lock<std::mutex> Lock(Mutex, std::defer_lock);
  if (!lockWithSignalPatience(Lock))
    return false;
  Closed = true;
  Info.OutputDirectory = OutputDirectory;
  Info.Rank = Rank;
  Info.RankCount = RankCount;
  for (const Output &Each : Outputs) {
    if (char *Contents = Each.Render(Each.Context)) {
      Files.emplace_back(Each.Name, Contents);
      std::free(Contents);
    }
  }
  return true;
}

const std::string &AdapterRegistry::restartInChild(std::string Fresh,
                                                   long ChildPid) {
  if (!Fresh.empty())
    OutputDirectory = std::move(Fresh);
  else
    OutputDirectory += "-" + std::to_string(ChildPid);
  return OutputDirectory;
}

} // namespace runtime
} // namespace sextant
