//===- common/SafeDirectory.cpp - A directory Sextant writes into ---------===//
//
// Part of Sextant. See SafeDirectory.h.
//
//===----------------------------------------------------------------------===//

#include "common/SafeDirectory.h"
#include "common/AtomicFile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <dirent.h>
#include <fcntl.h>
#include <sys/random.h>
#include <unistd.h>

namespace sextant {

namespace {

constexpr int DirectoryFlags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;

std::string octalMode(mode_t Mode) {
  char Text[8];
  std::snprintf(Text, sizeof(Text), "%04o",
                static_cast<unsigned>(Mode & 07777));
  return Text;
}

/// Makes every missing parent of Path (which has no trailing slash); the
/// parents are the user's to name and may be shared or symbolic links.
void createParents(const std::string &Path) {
  for (size_t Slash = Path.find('/', 1); Slash != std::string::npos;
       Slash = Path.find('/', Slash + 1)) {
    if (Path[Slash - 1] == '/')
      continue;
    ::mkdir(Path.substr(0, Slash).c_str(), NewDirectoryMode);
  }
}

/// A name for a temporary beside Name: ".<Name>.tmp-" and 12 random
/// letters and digits.
std::string temporaryName(std::string_view Name) {
  static constexpr char Alphabet[] =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  unsigned char Random[12];
  size_t Got = 0;
  while (Got < sizeof(Random)) {
    ssize_t Read = ::getrandom(Random + Got, sizeof(Random) - Got, 0);
    if (Read < 0 && errno == EINTR)
      continue;
    if (Read <= 0)
      break;
    Got += static_cast<size_t>(Read);
  }
  std::string Temporary = "." + std::string(Name) + ".tmp-";
  for (size_t I = 0; I < sizeof(Random); ++I) {
    // Without getrandom (never on Linux 3.17+), the address and the time:
    // still unpredictable enough, and O_EXCL keeps it safe.
    unsigned Value = I < Got ? Random[I]
                             : static_cast<unsigned>(
                                   (reinterpret_cast<uintptr_t>(&Random) >> I) ^
                                   static_cast<uintptr_t>(::clock()) ^ I * 131);
    Temporary += Alphabet[Value % (sizeof(Alphabet) - 1)];
  }
  return Temporary;
}

} // namespace

std::string directoryRuleViolation(const struct stat &Status, uid_t User) {
  if (!S_ISDIR(Status.st_mode))
    return "it is not a directory";
  if (Status.st_uid != User)
    return "it is owned by user " + std::to_string(Status.st_uid) +
           ", not by user " + std::to_string(User) +
           " (Sextant writes only into directories of the user it runs as)";
  if ((Status.st_mode & (S_IWGRP | S_IWOTH)) != 0 &&
      (Status.st_mode & S_ISVTX) == 0)
    return "it is writable by " +
           std::string((Status.st_mode & S_IWOTH) ? "others" : "its group") +
           " (mode " + octalMode(Status.st_mode) + ") without the sticky bit";
  return std::string();
}

SafeDirectory::~SafeDirectory() { close(); }

SafeDirectory::SafeDirectory(SafeDirectory &&Other) noexcept
    : Descriptor(Other.Descriptor), Device(Other.Device), Inode(Other.Inode),
      Path(std::move(Other.Path)) {
  Other.Descriptor = -1;
}

SafeDirectory &SafeDirectory::operator=(SafeDirectory &&Other) noexcept {
  if (this != &Other) {
    close();
    Descriptor = Other.Descriptor;
    Device = Other.Device;
    Inode = Other.Inode;
    Path = std::move(Other.Path);
    Other.Descriptor = -1;
  }
  return *this;
}

void SafeDirectory::close() {
  if (Descriptor >= 0)
    ::close(Descriptor);
  Descriptor = -1;
}

bool SafeDirectory::adopt(int Opened, std::string Name, std::string &Error) {
  struct stat Status;
  if (Opened < 0) {
    FailureErrno = errno;
    Error = "cannot open '" + Name + "': " + std::strerror(FailureErrno);
    return false;
  }
  if (::fstat(Opened, &Status) != 0) {
    FailureErrno = errno;
    Error = "cannot open '" + Name + "': " + std::strerror(FailureErrno);
    ::close(Opened);
    return false;
  }
  std::string Violation = directoryRuleViolation(Status, ::geteuid());
  if (!Violation.empty()) {
    FailureErrno = 0;
    Error = "refusing to write into '" + Name + "': " + Violation;
    Refusal = std::move(Violation);
    ::close(Opened);
    return false;
  }
  close();
  Descriptor = Opened;
  Device = Status.st_dev;
  Inode = Status.st_ino;
  Path = std::move(Name);
  return true;
}

/// Opens Name in the directory Parent (a descriptor or AT_FDCWD), made
/// first when Create; Shown is the path for messages. On failure, Failure
/// is the errno, or 0 (with Refusal the rule) when Name is a symbolic link.
static int openDirectoryAt(int Parent, const char *Name, bool Create,
                           const std::string &Shown, std::string &Error,
                           bool *Created, int &Failure, std::string &Refusal) {
  bool Made = Create && ::mkdirat(Parent, Name, NewDirectoryMode) == 0;
  if (Create && !Made && errno != EEXIST) {
    Failure = errno;
    Error = "cannot create output directory '" + Shown +
            "': " + std::strerror(Failure);
    return -1;
  }
  if (Created)
    *Created = Made;
  int Opened = ::openat(Parent, Name, DirectoryFlags);
  if (Opened >= 0)
    return Opened;
  int Errno = errno;
  struct stat Status;
  if ((Errno == ELOOP || Errno == ENOTDIR) &&
      ::fstatat(Parent, Name, &Status, AT_SYMLINK_NOFOLLOW) == 0 &&
      S_ISLNK(Status.st_mode)) {
    Failure = 0;
    Refusal = "it is a symbolic link";
    Error = "refusing to write into '" + Shown + "': " + Refusal;
  } else {
    Failure = Errno;
    Error = std::string(Create ? "cannot create output directory '"
                               : "cannot open '") +
            Shown + "': " + std::strerror(Errno);
  }
  return -1;
}

bool SafeDirectory::open(const std::string &Requested, bool Create,
                         std::string &Error) {
  std::string Target = Requested;
  while (Target.size() > 1 && Target.back() == '/')
    Target.pop_back();
  if (Target.empty()) {
    Error = "cannot open an empty directory name";
    return false;
  }
  if (Target == "/")
    return adopt(::open("/", DirectoryFlags), Target, Error);
  FailureErrno = 0;
  Refusal.clear();
  size_t Slash = Target.rfind('/');
  std::string Parent = Slash == std::string::npos ? std::string(".")
                       : Slash == 0               ? std::string("/")
                                                  : Target.substr(0, Slash);
  std::string Last =
      Slash == std::string::npos ? Target : Target.substr(Slash + 1);
  if (Create)
    createParents(Target);
  int ParentDescriptor =
      ::open(Parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (ParentDescriptor < 0) {
    FailureErrno = errno;
    Error = std::string(Create ? "cannot create output directory '"
                               : "cannot open '") +
            Target + "': " + std::strerror(FailureErrno);
    errno = FailureErrno;
    return false;
  }
  int Opened = openDirectoryAt(ParentDescriptor, Last.c_str(), Create, Target,
                               Error, nullptr, FailureErrno, Refusal);
  ::close(ParentDescriptor);
  errno = FailureErrno;
  return Opened >= 0 && adopt(Opened, Target, Error);
}

bool SafeDirectory::openChild(const SafeDirectory &Parent,
                              std::string_view Name, bool Create,
                              std::string &Error, bool *Created) {
  std::string Shown = Parent.pathOf(Name);
  Refusal.clear();
  int Opened =
      openDirectoryAt(Parent.Descriptor, std::string(Name).c_str(), Create,
                      Shown, Error, Created, FailureErrno, Refusal);
  return Opened >= 0 && adopt(Opened, Shown, Error);
}

std::string SafeDirectory::pathOf(std::string_view Name) const {
  return joinPath(Path, Name);
}

bool SafeDirectory::stillValid() const {
  struct stat Status;
  return Descriptor >= 0 && ::fstat(Descriptor, &Status) == 0 &&
         Status.st_dev == Device && Status.st_ino == Inode;
}

int SafeDirectory::createFile(std::string_view Name, mode_t Mode,
                              std::string &Error) const {
  int Opened = -1;
  if (stillValid())
    Opened =
        ::openat(Descriptor, std::string(Name).c_str(),
                 O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, Mode);
  else
    errno = EBADF;
  if (Opened < 0)
    Error = "cannot write '" + pathOf(Name) + "': " +
            (errno == EEXIST ? std::string("it exists already (Sextant "
                                           "creates every file anew)")
                             : std::string(std::strerror(errno)));
  return Opened;
}

int SafeDirectory::openFile(std::string_view Name, int Flags) const {
  if (!stillValid()) {
    errno = EBADF;
    return -1;
  }
  int Opened = ::openat(Descriptor, std::string(Name).c_str(),
                        (Flags & ~O_CREAT) | O_NOFOLLOW | O_CLOEXEC);
  struct stat Status;
  if (Opened >= 0 &&
      (::fstat(Opened, &Status) != 0 || !S_ISREG(Status.st_mode))) {
    ::close(Opened);
    errno = EINVAL;
    return -1;
  }
  return Opened;
}

int SafeDirectory::createTemporaryFile(std::string_view Name,
                                       std::string &Temporary) const {
  Temporary.clear();
  if (!stillValid()) {
    errno = EBADF;
    return -1;
  }
  for (int Attempt = 0; Attempt < 100; ++Attempt) {
    std::string Candidate = temporaryName(Name);
    int File = ::openat(Descriptor, Candidate.c_str(),
                        O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                        NewFileMode);
    if (File >= 0) {
      Temporary = std::move(Candidate);
      return File;
    }
    if (errno != EEXIST)
      return -1;
  }
  errno = EEXIST;
  return -1;
}

bool SafeDirectory::writeFileAtomically(std::string_view Name,
                                        std::string_view Contents,
                                        std::string &Error) const {
  std::string Temporary;
  auto Fail = [&](int Errno) {
    Error = "cannot write '" + pathOf(Name) + "': " + std::strerror(Errno);
    if (!Temporary.empty())
      ::unlinkat(Descriptor, Temporary.c_str(), 0);
    errno = Errno;
    return false;
  };
  int File = createTemporaryFile(Name, Temporary);
  if (File < 0)
    return Fail(errno);
  const char *Data = Contents.data();
  size_t Left = Contents.size();
  while (Left > 0) {
    ssize_t Written = ::write(File, Data, Left);
    if (Written < 0 && errno == EINTR)
      continue;
    if (Written <= 0) {
      int Errno = Written < 0 ? errno : EIO;
      ::close(File);
      return Fail(Errno);
    }
    Data += Written;
    Left -= static_cast<size_t>(Written);
  }
  if (::close(File) != 0)
    return Fail(errno);
  if (::renameat(Descriptor, Temporary.c_str(), Descriptor,
                 std::string(Name).c_str()) != 0)
    return Fail(errno);
  return true;
}

bool SafeDirectory::removeFile(std::string_view Name) const {
  if (!stillValid()) {
    errno = EBADF;
    return false;
  }
  return ::unlinkat(Descriptor, std::string(Name).c_str(), 0) == 0;
}

bool SafeDirectory::moveInto(const SafeDirectory &NewParent,
                             std::string_view Name, std::string &Error) {
  std::string Entry(Name);
  int Errno = 0;
  int Parent = -1;
  struct stat Status;
  if (!stillValid() || !NewParent.stillValid())
    Errno = EBADF;
  else if ((Parent = ::openat(Descriptor, "..", DirectoryFlags)) < 0)
    Errno = errno;
  else if (::fstatat(Parent, Entry.c_str(), &Status, AT_SYMLINK_NOFOLLOW) != 0)
    Errno = errno;
  else if (Status.st_dev != Device || Status.st_ino != Inode)
    Errno = ENOENT; // the name no longer holds this directory
  else if (::renameat2(Parent, Entry.c_str(), NewParent.Descriptor,
                       Entry.c_str(), RENAME_NOREPLACE) != 0)
    Errno = errno;
  if (Parent >= 0)
    ::close(Parent);
  if (Errno != 0) {
    Error = "cannot move '" + Path + "' into '" + NewParent.path() +
            "': " + std::strerror(Errno);
    return false;
  }
  Path = NewParent.pathOf(Name);
  return true;
}

bool SafeDirectory::contains(std::string_view Name) const {
  struct stat Status;
  return Descriptor >= 0 && ::fstatat(Descriptor, std::string(Name).c_str(),
                                      &Status, AT_SYMLINK_NOFOLLOW) == 0;
}

void SafeDirectory::removeRegularFiles(std::string_view Prefix,
                                       std::string_view Suffix) const {
  if (!stillValid())
    return;
  int Listed = ::openat(Descriptor, ".", DirectoryFlags);
  DIR *Listing = Listed >= 0 ? ::fdopendir(Listed) : nullptr;
  if (!Listing) {
    if (Listed >= 0)
      ::close(Listed);
    return;
  }
  while (dirent *Entry = ::readdir(Listing)) {
    std::string_view Name = Entry->d_name;
    if (Name.size() <= Prefix.size() + Suffix.size() ||
        Name.substr(0, Prefix.size()) != Prefix ||
        Name.substr(Name.size() - Suffix.size()) != Suffix)
      continue;
    struct stat Status;
    if (::fstatat(Descriptor, Entry->d_name, &Status, AT_SYMLINK_NOFOLLOW) ==
            0 &&
        S_ISREG(Status.st_mode))
      ::unlinkat(Descriptor, Entry->d_name, 0);
  }
  ::closedir(Listing);
}

} // namespace sextant
