//===- test/unit/support/ScratchDirectory.h - Test directories --*- C++ -*-===//
//
// Part of Sextant. A fresh directory for one test, under the build tree of
// the test executable (SEXTANT_UNIT_TEST_TMPDIR, which sextant_unit_test()
// in test/unit/CMakeLists.txt defines for every unit-test executable),
// named after the test and the process so that test cases run in parallel
// by ctest never share one. It is removed, with everything in it, when the
// test starts and again when it ends.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TEST_UNIT_SUPPORT_SCRATCHDIRECTORY_H
#define SEXTANT_TEST_UNIT_SUPPORT_SCRATCHDIRECTORY_H

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace sextant {
namespace test {

/// The directory all scratch directories of this executable go into.
inline std::string scratchRoot() { return SEXTANT_UNIT_TEST_TMPDIR; }

class ScratchDirectory {
public:
  /// Path() does not exist until create() or a writer makes it.
  explicit ScratchDirectory(const std::string &Name)
      : Path(scratchRoot() + "/" + Name + "-" + std::to_string(::getpid())) {
    REQUIRE(removeAll());
  }
  ~ScratchDirectory() { removeAll(); }
  ScratchDirectory(const ScratchDirectory &) = delete;
  ScratchDirectory &operator=(const ScratchDirectory &) = delete;

  const std::string &path() const { return Path; }
  /// The path of Name inside the directory.
  std::string file(const std::string &Name) const { return Path + "/" + Name; }

  /// Creates the directory itself (its parent exists: the build tree).
  void create() const { REQUIRE(::mkdir(Path.c_str(), 0755) == 0); }

  /// Writes Contents to the file Name inside the directory.
  void write(const std::string &Name, const std::string &Contents) const {
    std::ofstream Out(file(Name), std::ios::binary);
    Out << Contents;
    REQUIRE(Out.good());
  }

  /// The contents of the file Name inside the directory.
  std::string read(const std::string &Name) const {
    std::ifstream In(file(Name), std::ios::binary);
    std::stringstream Contents;
    Contents << In.rdbuf();
    return Contents.str();
  }

private:
  bool removeAll() const {
    std::string Command = "rm -rf '" + Path + "'";
    return std::system(Command.c_str()) == 0;
  }
  std::string Path;
};

} // namespace test
} // namespace sextant

#endif // SEXTANT_TEST_UNIT_SUPPORT_SCRATCHDIRECTORY_H
