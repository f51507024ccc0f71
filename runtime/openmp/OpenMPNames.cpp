//===- runtime/openmp/OpenMPNames.cpp - Names of OpenMP regions and threads
//===//
//
// Part of Sextant. The naming rules of OpenMPTool.h, kept apart from the
// OMPT callbacks so that they are unit tested.
//
//===----------------------------------------------------------------------===//

#include "runtime/openmp/OpenMPTool.h"

namespace sextant {
namespace runtime {

std::string openMPRegionName(std::string_view Construct,
                             const CodeLocation &Where) {
  std::string Name(Construct);
  if (!Where.File.empty() && Where.Line != 0)
    return Name + " @" + baseName(Where.File) + ":" +
           std::to_string(Where.Line);
  if (!Where.Function.empty())
    return Name + " @" + Where.Function;
  return Name;
}

std::string openMPThreadName(unsigned ThreadNumber, unsigned Level) {
  std::string Name = "omp thread " + std::to_string(ThreadNumber);
  if (Level > 1)
    Name += " L" + std::to_string(Level);
  return Name;
}

} // namespace runtime
} // namespace sextant
