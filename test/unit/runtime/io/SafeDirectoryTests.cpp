//===- test/unit/runtime/io/SafeDirectoryTests.cpp - Safe file creation ---===//
//
// Part of Sextant. The POSIX layer every output file goes through
// (common/SafeDirectory.h): the directory rules, no symbolic link followed,
// no existing file reused, atomic replacement, and the claim of an
// experiment directory by one process (runtime/io/ExperimentDirectory.h).
//
//===----------------------------------------------------------------------===//

#include "common/SafeDirectory.h"
#include "format/schema/ExperimentSchema.h"
#include "runtime/io/ExperimentDirectory.h"

#include "test/unit/support/ScratchDirectory.h"

#include <catch2/catch.hpp>

#include <dirent.h>
#include <fcntl.h>
#include <set>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using sextant::SafeDirectory;
using sextant::test::ScratchDirectory;
using namespace sextant::runtime;

namespace {

mode_t modeOf(const std::string &Path) {
  struct stat Status;
  REQUIRE(::lstat(Path.c_str(), &Status) == 0);
  return Status.st_mode;
}

bool exists(const std::string &Path) {
  struct stat Status;
  return ::lstat(Path.c_str(), &Status) == 0;
}

} // namespace

TEST_CASE("new directories are private to the user", "[SafeDirectory]") {
  ScratchDirectory Scratch("safe-new");
  SafeDirectory Directory;
  std::string Error;
  mode_t Old = ::umask(0);
  bool Opened = Directory.open(Scratch.path() + "/a/b", true, Error);
  ::umask(Old);
  REQUIRE(Opened);
  CHECK((modeOf(Scratch.path() + "/a/b") & 07777) == 0700);
  CHECK((modeOf(Scratch.path() + "/a") & 07777) == 0700);
  // An existing directory of the user is fine, a trailing slash too.
  SafeDirectory Again;
  CHECK(Again.open(Scratch.path() + "/a/b/", false, Error));
}

TEST_CASE("a directory writable by others is refused unless sticky",
          "[SafeDirectory]") {
  ScratchDirectory Scratch("safe-modes");
  Scratch.create();
  std::string Path = Scratch.path();
  std::string Error;
  SafeDirectory Directory;
  REQUIRE(::chmod(Path.c_str(), 0777) == 0);
  CHECK_FALSE(Directory.open(Path, false, Error));
  CHECK(Error == "refusing to write into '" + Path +
                     "': it is writable by others (mode 0777) without the "
                     "sticky bit");
  REQUIRE(::chmod(Path.c_str(), 0770) == 0);
  CHECK_FALSE(Directory.open(Path, false, Error));
  CHECK_THAT(Error, Catch::Contains("writable by its group (mode 0770)"));
  REQUIRE(::chmod(Path.c_str(), 01777) == 0);
  CHECK(Directory.open(Path, false, Error));
  REQUIRE(::chmod(Path.c_str(), 0755) == 0);
}

TEST_CASE("a directory of another user is refused", "[SafeDirectory]") {
  if (::geteuid() != 0)
    SUCCEED("not root: cannot give a directory to another user");
  else {
    ScratchDirectory Scratch("safe-owner");
    Scratch.create();
    REQUIRE(::chown(Scratch.path().c_str(), 65534, 65534) == 0);
    SafeDirectory Directory;
    std::string Error;
    CHECK_FALSE(Directory.open(Scratch.path(), true, Error));
    CHECK(Error == "refusing to write into '" + Scratch.path() +
                       "': it is owned by user 65534, not by user 0 (Sextant "
                       "writes only into directories of the user it runs as)");
    REQUIRE(::chown(Scratch.path().c_str(), 0, 0) == 0);
  }
}

TEST_CASE("a symbolic link is never followed", "[SafeDirectory]") {
  ScratchDirectory Scratch("safe-links");
  Scratch.create();
  Scratch.write("victim", "precious\n");
  std::string Victim = Scratch.file("victim");
  REQUIRE(::mkdir(Scratch.file("real").c_str(), 0700) == 0);
  REQUIRE(::symlink(Scratch.file("real").c_str(),
                    Scratch.file("link").c_str()) == 0);
  std::string Error;
  SafeDirectory Linked;
  CHECK_FALSE(Linked.open(Scratch.file("link"), true, Error));
  CHECK(Error == "refusing to write into '" + Scratch.file("link") +
                     "': it is a symbolic link");

  SafeDirectory Directory;
  REQUIRE(Directory.open(Scratch.path(), false, Error));
  REQUIRE(::symlink(Victim.c_str(), Scratch.file("thread-0.sxt").c_str()) == 0);
  CHECK(Directory.createFile("thread-0.sxt", 0644, Error) < 0);
  CHECK(Error == "cannot write '" + Scratch.file("thread-0.sxt") +
                     "': it exists already (Sextant creates every file anew)");
  CHECK(Directory.createFile("victim", 0644, Error) < 0);
  CHECK(Directory.openFile("thread-0.sxt", O_WRONLY) < 0);
  CHECK(Scratch.read("victim") == "precious\n");

  // A link in place of a whole file is replaced, its target untouched.
  REQUIRE(::symlink(Victim.c_str(), Scratch.file("profile.json").c_str()) == 0);
  REQUIRE(Directory.writeFileAtomically("profile.json", "{}\n", Error));
  CHECK(S_ISREG(modeOf(Scratch.file("profile.json"))));
  CHECK(Scratch.read("profile.json") == "{}\n");
  CHECK(Scratch.read("victim") == "precious\n");

  SafeDirectory Child;
  CHECK_FALSE(Child.openChild(Directory, "link", true, Error));
  CHECK_THAT(Error, Catch::Contains("it is a symbolic link"));

  // Stale files: only regular ones go.
  int Stale = Directory.createFile("thread-1.sxt", 0644, Error);
  REQUIRE(Stale >= 0);
  ::close(Stale);
  Directory.removeRegularFiles("thread-", ".sxt");
  CHECK_FALSE(exists(Scratch.file("thread-1.sxt")));
  CHECK(exists(Scratch.file("thread-0.sxt")));
}

TEST_CASE("temporaries have random names and leave nothing behind",
          "[SafeDirectory]") {
  ScratchDirectory Scratch("safe-temporary");
  Scratch.create();
  std::string Error;
  SafeDirectory Directory;
  REQUIRE(Directory.open(Scratch.path(), false, Error));
  // The predictable name of old: a link there changes nothing.
  std::string Old = Scratch.file(".a.txt.tmp-" + std::to_string(::getpid()));
  Scratch.write("victim", "precious\n");
  REQUIRE(::symlink(Scratch.file("victim").c_str(), Old.c_str()) == 0);
  REQUIRE(Directory.writeFileAtomically("a.txt", "contents\n", Error));
  CHECK(Scratch.read("a.txt") == "contents\n");
  CHECK(Scratch.read("victim") == "precious\n");
  REQUIRE(::unlink(Old.c_str()) == 0);
  REQUIRE(::unlink(Scratch.file("victim").c_str()) == 0);
  std::vector<std::string> Names;
  if (DIR *Listing = ::opendir(Scratch.path().c_str())) {
    while (dirent *Entry = ::readdir(Listing))
      if (std::string(Entry->d_name) != "." &&
          std::string(Entry->d_name) != "..")
        Names.push_back(Entry->d_name);
    ::closedir(Listing);
  }
  CHECK(Names == std::vector<std::string>{"a.txt"});
}

TEST_CASE("a descriptor the program closed and reused is detected",
          "[SafeDirectory]") {
  ScratchDirectory Scratch("safe-reused");
  Scratch.create();
  std::string Error;
  SafeDirectory Directory;
  REQUIRE(Directory.open(Scratch.path(), false, Error));
  CHECK(Directory.stillValid());
  // The program closes the number and opens another directory on it.
  int Number = Directory.descriptor();
  int Other = ::open("/", O_RDONLY | O_DIRECTORY);
  REQUIRE(Other >= 0);
  REQUIRE(::dup2(Other, Number) == Number);
  ::close(Other);
  CHECK_FALSE(Directory.stillValid());
  CHECK(Directory.createFile("x", 0644, Error) < 0);
  CHECK_FALSE(exists("/x"));
}

TEST_CASE("the first process claims a directory, the next a sub-directory",
          "[ExperimentDirectory]") {
  ScratchDirectory Scratch("claim");
  std::string Path = Scratch.path() + "/out";
  SafeDirectory First, Second;
  std::string Taken, Error;
  REQUIRE(
      claimExperimentDirectory(Path, "/bin/prog", 100, First, Taken, Error));
  CHECK(First.path() == Path);
  CHECK(Taken.empty());
  CHECK(Scratch.read("out/.sextant-run") == "pid 100\nprogram prog\n");
  REQUIRE(
      claimExperimentDirectory(Path, "/bin/prog", 200, Second, Taken, Error));
  CHECK(Second.path() == Path + "/prog-200");
  CHECK(Taken == Path);
  long Pid = 0;
  std::string Program;
  CHECK(sextant::format::files::parseRunClaim(
      Scratch.read("out/prog-200/.sextant-run"), Pid, Program));
  CHECK(Pid == 200);
  CHECK(Program == "prog");
  // The same pid again (an earlier run of a recycled pid): a new name.
  REQUIRE(claimExperimentDirectory(Path, "prog", 200, Second, Taken, Error));
  CHECK(Second.path() == Path + "/prog-200.1");
}

TEST_CASE("a directory with an experiment of an older run is taken",
          "[ExperimentDirectory]") {
  ScratchDirectory Scratch("claim-old");
  Scratch.create();
  Scratch.write("experiment.json", "{}");
  SafeDirectory Claimed;
  std::string Taken, Error;
  REQUIRE(
      claimExperimentDirectory(Scratch.path(), "p", 7, Claimed, Taken, Error));
  CHECK(Claimed.path() == Scratch.path() + "/p-7");
  CHECK_FALSE(exists(Scratch.file(".sextant-run")));
}

TEST_CASE("processes claiming at once never share a directory",
          "[ExperimentDirectory]") {
  ScratchDirectory Scratch("claim-race");
  std::string Path = Scratch.path() + "/shared";
  constexpr int Children = 8;
  int Pipe[2];
  REQUIRE(::pipe(Pipe) == 0);
  std::vector<pid_t> Pids;
  for (int I = 0; I < Children; ++I) {
    pid_t Child = ::fork();
    REQUIRE(Child >= 0);
    if (Child == 0) {
      SafeDirectory Claimed;
      std::string Taken, Error;
      bool Ok = claimExperimentDirectory(Path, "racer", ::getpid(), Claimed,
                                         Taken, Error);
      std::string Line = (Ok ? Claimed.path() : "error: " + Error) + "\n";
      ssize_t Ignored = ::write(Pipe[1], Line.data(), Line.size());
      (void)Ignored;
      ::_exit(0);
    }
    Pids.push_back(Child);
  }
  ::close(Pipe[1]);
  for (pid_t Child : Pids)
    ::waitpid(Child, nullptr, 0);
  std::string Output;
  char Buffer[4096];
  for (ssize_t Read; (Read = ::read(Pipe[0], Buffer, sizeof(Buffer))) > 0;)
    Output.append(Buffer, static_cast<size_t>(Read));
  ::close(Pipe[0]);
  std::set<std::string> Directories;
  size_t Start = 0;
  for (size_t End; (End = Output.find('\n', Start)) != std::string::npos;
       Start = End + 1)
    Directories.insert(Output.substr(Start, End - Start));
  CHECK(Directories.size() == Children);
  CHECK(Directories.count(Path) == 1);
  for (const std::string &Directory : Directories)
    CHECK(Directory.rfind("error", 0) == std::string::npos);
}

TEST_CASE("a directory moves with its descriptor, never onto another",
          "[SafeDirectory]") {
  ScratchDirectory Scratch("safe-move");
  std::string Error;
  SafeDirectory Old, New, Trace;
  REQUIRE(Old.open(Scratch.path() + "/old", true, Error));
  REQUIRE(New.open(Scratch.path() + "/new", true, Error));
  REQUIRE(Trace.openChild(Old, "trace", true, Error));
  int File = Trace.createFile("a", 0600, Error);
  REQUIRE(File >= 0);
  ::close(File);
  REQUIRE(Trace.moveInto(New, "trace", Error));
  CHECK(Trace.path() == Scratch.path() + "/new/trace");
  CHECK(exists(Scratch.path() + "/new/trace/a"));
  CHECK_FALSE(exists(Scratch.path() + "/old/trace"));
  // The descriptor followed: a new file goes into the moved directory.
  File = Trace.createFile("b", 0600, Error);
  REQUIRE(File >= 0);
  ::close(File);
  CHECK(exists(Scratch.path() + "/new/trace/b"));

  // An existing entry of that name is never replaced.
  SafeDirectory Other;
  REQUIRE(Other.open(Scratch.path() + "/other", true, Error));
  REQUIRE(::mkdir((Scratch.path() + "/other/trace").c_str(), 0700) == 0);
  CHECK_FALSE(Trace.moveInto(Other, "trace", Error));
  CHECK(Error == "cannot move '" + Scratch.path() + "/new/trace' into '" +
                     Scratch.path() + "/other': File exists");
  CHECK(exists(Scratch.path() + "/new/trace/a"));

  // A name that no longer holds this directory (a symbolic link put in its
  // place) is not moved.
  REQUIRE(::rename((Scratch.path() + "/new/trace").c_str(),
                   (Scratch.path() + "/new/hidden").c_str()) == 0);
  REQUIRE(::symlink("hidden", (Scratch.path() + "/new/trace").c_str()) == 0);
  CHECK_FALSE(Trace.moveInto(Old, "trace", Error));
  CHECK_THAT(Error, Catch::Contains("No such file or directory"));
  CHECK_FALSE(exists(Scratch.path() + "/old/trace"));
}

TEST_CASE("an MPI rank's trace directory moves into the job's",
          "[ExperimentDirectory]") {
  ScratchDirectory Scratch("safe-move-trace");
  std::string Error;
  ExperimentDirectory Output;
  Output.request(Scratch.path() + "/start/rank-1", /*Claim=*/false, "app", 42);
  int File = Output.createFile(ExperimentDirectory::Place::Trace,
                               "thread-0.trace", Error);
  REQUIRE(File >= 0);
  REQUIRE(Output.moveWithTrace(Scratch.path() + "/job/rank-1", Error));
  // The open file went along; the emptied start-up directory is gone.
  CHECK(::write(File, "x", 1) == 1);
  ::close(File);
  CHECK(exists(Scratch.path() + "/job/rank-1/trace/thread-0.trace"));
  CHECK_FALSE(exists(Scratch.path() + "/start/rank-1"));
  CHECK(Output.path() == Scratch.path() + "/job/rank-1");
  File = Output.openFile(ExperimentDirectory::Place::Trace, "thread-0.trace",
                         O_RDONLY);
  CHECK(File >= 0);
  ::close(File);
  CHECK(Output.writeFile("profile.json", "[]", Error));
  CHECK(exists(Scratch.path() + "/job/rank-1/profile.json"));
}
