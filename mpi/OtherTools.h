//===- mpi/OtherTools.h - Other PMPI tools in the process -------*- C++ -*-===//
//
// Part of Sextant. Another PMPI tool (a library that also defines MPI_*
// functions and calls PMPI_*) in the same process takes some or all MPI
// calls away from Sextant, or loses them to it:
//
//   - "before": the dynamic linker resolves MPI_X to the other library
//     (dlsym(RTLD_DEFAULT) lies in neither Sextant nor the MPI library):
//     the program's calls go
//     there and Sextant sees them only if that tool calls MPI_X (not PMPI_X);
//   - "after": the next definition after libsextant-mpi (dlsym(RTLD_NEXT))
//     is not the MPI library's: Sextant calls PMPI_X directly, so that tool
//     does not see calls made through Sextant's wrappers.
//
// findOtherTools() checks every wrapped function and groups the findings by
// library; the adapter reports them in mpi.json and on rank 0's stderr.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_OTHERTOOLS_H
#define SEXTANT_MPI_OTHERTOOLS_H

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace sextant {
namespace mpi {

struct OtherTool {
  std::string Library;  ///< path of the other definition's object
  std::string Position; ///< "before" or "after" Sextant
  std::vector<std::string> Functions;
};

std::vector<OtherTool> findOtherTools();
nlohmann::json otherToolJson(const OtherTool &Tool);
/// One line for stderr, without the "sextant: warning: " prefix.
std::string describeOtherTool(const OtherTool &Tool);

} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_OTHERTOOLS_H
