//===- common/FileContents.h - Reading a whole file -------------*- C++ -*-===//
//
// Part of Sextant. Shared by the runtime (/proc files) and the MPI adapter
// (the ranks' experiment files gathered at MPI_Finalize). Uses only open,
// read and close, so that it is safe wherever the runtime writes its output.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_COMMON_FILECONTENTS_H
#define SEXTANT_COMMON_FILECONTENTS_H

#include <string>

namespace sextant {

/// The contents of the file at Path; empty when it cannot be opened (a read
/// error ends the contents early). May throw std::bad_alloc.
std::string readWholeFile(const std::string &Path);

} // namespace sextant

#endif // SEXTANT_COMMON_FILECONTENTS_H
