//===- runtime/core/AdapterRegistry.cpp - What adapters gave the runtime --===//
//
// Part of Sextant. See AdapterRegistry.h.
//
//===----------------------------------------------------------------------===//

#include "runtime/core/AdapterRegistry.h"

#include "runtime/core/FatalSignals.h"
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

bool AdapterRegistry::rankDirectoryIn(const std::string &Base,
                                      std::string &Directory) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Closed || Rank < 0)
    return false;
  Directory = joinPath(Base, rankDirectoryName(Rank));
  return true;
}

bool AdapterRegistry::setBaseDirectory(const std::string &Path,
                                       const std::string &Directory) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Closed || Rank < 0)
    return false;
  BaseDirectory = Path;
  OutputDirectory = Directory;
  Placed = true;
  return true;
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
  for (const Output &Each : Outputs)
    Info.AdapterFiles.push_back(Each.Name);
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
    Info.AdapterFiles.push_back(Each.Name);
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
