//===- common/SafeDirectory.h - A directory Sextant writes into -*- C++ -*-===//
//
// Part of Sextant. The one POSIX layer through which the runtime, the MPI
// adapter and the tool create files. A SafeDirectory holds a descriptor of
// a directory opened with O_DIRECTORY|O_NOFOLLOW|O_CLOEXEC after checking
// the directory rules, and everything after that is relative to the
// descriptor (openat, mkdirat, renameat, unlinkat, fstatat): no path is
// resolved twice, so nobody can swap a directory or plant a symbolic link
// between a check and a use.
//
// The directory rules (those OpenSSH's StrictModes and systemd apply): a
// directory Sextant writes files into must be owned by the effective user
// and must not be writable by the group or by others unless it has the
// sticky bit. Directories Sextant creates get mode NewDirectoryMode (0700):
// only the user can read the measurement, which holds command lines and
// paths; share one with chmod. Files are created with O_EXCL|O_NOFOLLOW,
// never opened when they exist already; a file that replaces another is
// written to a temporary of a random name first and renamed over it.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_COMMON_SAFEDIRECTORY_H
#define SEXTANT_COMMON_SAFEDIRECTORY_H

#include <string>
#include <string_view>
#include <sys/stat.h>
#include <sys/types.h>

namespace sextant {

/// Mode of every directory Sextant creates (less the umask).
constexpr mode_t NewDirectoryMode = 0700;
/// Mode of every file Sextant creates (less the umask); the directory's
/// mode decides who can reach it.
constexpr mode_t NewFileMode = 0644;

/// Empty when a directory with status Status may be written into by the
/// effective user User; else why not, as a clause such as "it is owned by
/// user 65534, not by user 0".
std::string directoryRuleViolation(const struct stat &Status, uid_t User);

class SafeDirectory {
public:
  SafeDirectory() = default;
  ~SafeDirectory();
  SafeDirectory(SafeDirectory &&Other) noexcept;
  SafeDirectory &operator=(SafeDirectory &&Other) noexcept;
  SafeDirectory(const SafeDirectory &) = delete;
  SafeDirectory &operator=(const SafeDirectory &) = delete;

  /// Opens the directory Path (absolute, or relative to the working
  /// directory). Create: a missing directory is made, with its missing
  /// parents, all of mode NewDirectoryMode. The parents may be anything
  /// (a shared /tmp, symbolic links); the directory itself must not be a
  /// symbolic link and must follow the directory rules. False with Error
  /// ("cannot create output directory '<path>': <strerror>", "cannot open
  /// '<path>': <strerror>" or "refusing to write into '<path>': <rule>")
  /// on failure.
  bool open(const std::string &Path, bool Create, std::string &Error);
  /// Opens the sub-directory Name (one path component) in the same way.
  /// Created: set to whether this call made it.
  bool openChild(const SafeDirectory &Parent, std::string_view Name,
                 bool Create, std::string &Error, bool *Created = nullptr);
  void close();

  bool isOpen() const { return Descriptor >= 0; }
  /// After a failed open() or openChild(): the errno of the failing call,
  /// or 0 when a directory rule refused the directory.
  int failureErrno() const { return FailureErrno; }
  /// After open() or openChild() refused the directory by a rule
  /// (failureErrno() 0): the rule, as a clause such as "it is a symbolic
  /// link"; else empty.
  const std::string &refusal() const { return Refusal; }
  int descriptor() const { return Descriptor; }
  /// The path it was opened as; for messages only.
  const std::string &path() const { return Path; }
  /// Path + "/" + Name, for messages.
  std::string pathOf(std::string_view Name) const;

  /// False when the descriptor no longer refers to the directory that was
  /// opened (the program closed it and the number was reused).
  bool stillValid() const;

  /// Creates Name, which must not exist (not even as a symbolic link),
  /// for writing. The descriptor, or -1 with Error set.
  int createFile(std::string_view Name, mode_t Mode, std::string &Error) const;
  /// Creates a temporary file of a random name beside Name (".<Name>.tmp-"
  /// and 12 random letters and digits) with O_EXCL|O_NOFOLLOW and mode
  /// NewFileMode, for writing. The descriptor, with Temporary set to its
  /// name, or -1 with errno set.
  int createTemporaryFile(std::string_view Name, std::string &Temporary) const;
  /// Opens the existing regular file Name (never through a symbolic link)
  /// with Flags (O_NOFOLLOW|O_CLOEXEC added). The descriptor or -1.
  int openFile(std::string_view Name, int Flags) const;
  /// Writes Contents to Name through a temporary of a random name created
  /// in this directory and renamed over Name when complete. On failure
  /// returns false, sets Error to "cannot write '<path>': <strerror>",
  /// removes the temporary and leaves errno as the failing step set it.
  bool writeFileAtomically(std::string_view Name, std::string_view Contents,
                           std::string &Error) const;
  /// Removes the entry Name (unlinkat: a symbolic link itself, never its
  /// target); false with errno set when it cannot.
  bool removeFile(std::string_view Name) const;
  /// Whether an entry Name (of any type) exists.
  bool contains(std::string_view Name) const;
  /// Removes the regular files whose names start with Prefix and end with
  /// Suffix; anything else (a symbolic link, say) stays.
  void removeRegularFiles(std::string_view Prefix,
                          std::string_view Suffix) const;

  /// Moves this directory, the entry Name of the directory that holds it,
  /// into NewParent under the same name (renameat2 with RENAME_NOREPLACE:
  /// nothing is replaced). The entry is checked to be this very directory
  /// (never a symbolic link or another directory put in its place); the
  /// descriptor stays valid and path() becomes NewParent.pathOf(Name).
  /// False with Error ("cannot move '<path>' into '<new parent>':
  /// <strerror>") and nothing moved on failure (EXDEV: another file system).
  bool moveInto(const SafeDirectory &NewParent, std::string_view Name,
                std::string &Error);

private:
  bool adopt(int Opened, std::string Name, std::string &Error);

  int Descriptor = -1;
  int FailureErrno = 0;
  std::string Refusal;
  dev_t Device = 0;
  ino_t Inode = 0;
  std::string Path;
};

} // namespace sextant

#endif // SEXTANT_COMMON_SAFEDIRECTORY_H
