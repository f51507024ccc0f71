//===- plugin/FunctionListing.cpp - What the plugin did, per function ----===//
//
// Part of Sextant. Formats the listing lines and appends them atomically
// (one write(2) on an O_APPEND descriptor per module).
//
//===----------------------------------------------------------------------===//

#include "FunctionListing.h"

#include "RegionNaming.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace sextant {

void FunctionListing::add(bool Instrumented, const RegionNames &Names,
                          StringRef Reason) {
  raw_string_ostream OS(Text);
  OS << (Instrumented ? "instrumented" : "skipped") << '\t' << Names.DisplayName
     << '\t' << Names.MangledName << '\t' << Names.File << ':'
     << Names.BeginLine << '\t' << Reason << '\n';
}

Error FunctionListing::appendTo(StringRef Path) const {
  if (Text.empty())
    return Error::success();
  if (Path == "-") {
    errs() << Text; // errs() is unbuffered: one write(2)
    return Error::success();
  }
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::CD_OpenAlways, sys::fs::FA_Write,
                    sys::fs::OF_Append | sys::fs::OF_Text);
  if (EC)
    return createFileError(Path, EC);
  // Unbuffered, the whole text goes to write(2) in one call.
  OS.SetUnbuffered();
  OS << Text;
  OS.close();
  if (OS.has_error()) {
    std::error_code WriteError = OS.error();
    OS.clear_error();
    return createFileError(Path, WriteError);
  }
  return Error::success();
}

} // namespace sextant
