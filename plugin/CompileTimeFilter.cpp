//===- plugin/CompileTimeFilter.cpp - Filter files given to the plugin ---===//
//
// Part of Sextant. Reads the filter files once per process: clang compiles
// one module per process, but opt and in-process LTO may run the pass on
// several modules, and the files need not be re-read for
// each of them. (Their diagnostics are reported for every module.)
//
//===----------------------------------------------------------------------===//

#include "CompileTimeFilter.h"

#include <map>
#include <memory>
#include <mutex>

namespace sextant {

CompileTimeFilter::CompileTimeFilter(const std::vector<std::string> &Paths) {
  for (const std::string &Path : Paths)
    if (!Rules.addFile(Path, Diagnostics))
      Valid = false;
}

const CompileTimeFilter &
CompileTimeFilter::get(const std::vector<std::string> &Paths) {
  static std::mutex CacheMutex;
  static std::map<std::vector<std::string>,
                  std::unique_ptr<const CompileTimeFilter>>
      Cache;
  std::lock_guard<std::mutex> Lock(CacheMutex);
  std::unique_ptr<const CompileTimeFilter> &Entry = Cache[Paths];
  if (!Entry)
    Entry.reset(new CompileTimeFilter(Paths));
  return *Entry;
}

} // namespace sextant
