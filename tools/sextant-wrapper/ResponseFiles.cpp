//===- tools/sextant-wrapper/ResponseFiles.cpp - @file arguments ----------===//
//
// Part of Sextant. See ResponseFiles.h.
//
//===----------------------------------------------------------------------===//

#include "tools/sextant-wrapper/ResponseFiles.h"

#include <cerrno>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sextant {
namespace wrapper {

std::vector<std::string> tokenizeResponseFile(const std::string &Text) {
  std::vector<std::string> Words;
  std::string Word;
  bool InWord = false;
  char Quote = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && I + 1 < Text.size()) {
      Word += Text[++I];
      InWord = true;
    } else if (Quote) {
      if (C == Quote)
        Quote = 0;
      else
        Word += C;
    } else if (C == '\'' || C == '"') {
      Quote = C;
      InWord = true;
    } else if (C == ' ' || C == '\t' || C == '\n' || C == '\r' || C == '\f' ||
               C == '\v') {
      if (InWord)
        Words.push_back(Word);
      Word.clear();
      InWord = false;
    } else {
      Word += C;
      InWord = true;
    }
  }
  if (InWord)
    Words.push_back(Word);
  return Words;
}

namespace {

/// One response file being expanded: its spelling and its identity.
struct OpenResponseFile {
  std::string Path;
  dev_t Device;
  ino_t Inode;
};

class Expander {
public:
  explicit Expander(const ResponseFileLimits &Limits) : Limits(Limits) {}

  /// Appends the expansion of Args to Out; false (with Error set) when a
  /// rule stopped it.
  bool expand(const std::vector<std::string> &Args,
              std::vector<std::string> &Out) {
    for (const std::string &Arg : Args) {
      if (Arg.size() > 1 && Arg[0] == '@') {
        int Result = expandFile(Arg.substr(1), Out);
        if (Result < 0)
          return false;
        if (Result > 0)
          continue;
      }
      if (Out.size() >= Limits.MaxArguments) {
        Error = "the command line with its response files has more than " +
                std::to_string(Limits.MaxArguments) + " arguments" +
                (Stack.empty() ? std::string()
                               : " (in '" + Stack.back().Path + "')");
        return false;
      }
      Out.push_back(Arg);
    }
    return true;
  }

  std::string Error;

private:
  std::string chain(const std::string &Last) const {
    std::string Chain;
    for (const OpenResponseFile &File : Stack)
      Chain += "@" + File.Path + " -> ";
    return Chain + "@" + Last;
  }

  /// 1 when Path was read and expanded, 0 when it is no readable file (the
  /// word stays as it is), -1 on an error.
  int expandFile(const std::string &Path, std::vector<std::string> &Out) {
    int Descriptor = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC);
    if (Descriptor < 0)
      return 0;
    struct stat Status;
    if (::fstat(Descriptor, &Status) != 0 || S_ISDIR(Status.st_mode)) {
      ::close(Descriptor);
      return 0;
    }
    for (const OpenResponseFile &File : Stack)
      if (File.Device == Status.st_dev && File.Inode == Status.st_ino) {
        ::close(Descriptor);
        Error = "response file '" + Path +
                "' includes itself (recursive expansion: " + chain(Path) + ")";
        return -1;
      }
    if (Stack.size() >= Limits.MaxDepth) {
      ::close(Descriptor);
      Error = "response file '" + Path + "' is nested deeper than " +
              std::to_string(Limits.MaxDepth) + " levels (" + chain(Path) + ")";
      return -1;
    }
    std::string Text;
    bool Read = readBounded(Descriptor, Text);
    ::close(Descriptor);
    if (!Read) {
      if (Error.empty())
        return 0;
      Error = "response file '" + Path + "': " + Error;
      return -1;
    }
    Stack.push_back({Path, Status.st_dev, Status.st_ino});
    bool Expanded = expand(tokenizeResponseFile(Text), Out);
    Stack.pop_back();
    return Expanded ? 1 : -1;
  }

  /// Reads what Descriptor gives into Text within the bytes left; false
  /// when it cannot be read (Error empty) or the bytes ran out (Error set).
  bool readBounded(int Descriptor, std::string &Text) {
    char Buffer[65536];
    for (;;) {
      ssize_t Count = ::read(Descriptor, Buffer, sizeof(Buffer));
      if (Count < 0 && errno == EINTR)
        continue;
      if (Count < 0)
        return false;
      if (Count == 0)
        return true;
      if (size_t(Count) > Limits.MaxBytes - BytesRead) {
        Error = "response files are larger than " +
                std::to_string(Limits.MaxBytes) + " bytes in all";
        return false;
      }
      BytesRead += size_t(Count);
      Text.append(Buffer, size_t(Count));
    }
  }

  const ResponseFileLimits &Limits;
  std::vector<OpenResponseFile> Stack;
  size_t BytesRead = 0;
};

} // namespace

ResponseFileExpansion expandResponseFiles(const std::vector<std::string> &Args,
                                          const ResponseFileLimits &Limits) {
  ResponseFileExpansion Expansion;
  Expander Expand(Limits);
  if (!Expand.expand(Args, Expansion.Args)) {
    Expansion.Args.clear();
    Expansion.Error = Expand.Error;
  }
  return Expansion;
}

} // namespace wrapper
} // namespace sextant
