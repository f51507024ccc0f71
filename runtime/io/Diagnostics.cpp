//===- runtime/io/Diagnostics.cpp - Messages of the runtime to stderr -----===//
//
// Part of Sextant. Formats runtime messages with their fixed prefix and
// writes them with writev(2) to the duplicate of the standard error taken at
// the start, with SIGPIPE blocked around the write.
//
//===----------------------------------------------------------------------===//

#include "runtime/io/Diagnostics.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <ctime>
#include <fcntl.h>
#include <pthread.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

namespace sextant {
namespace runtime {

namespace {

std::string_view prefixOf(MessageKind Kind) {
  switch (Kind) {
  case MessageKind::Error:
    return "sextant: error: ";
  case MessageKind::Warning:
    return "sextant: warning: ";
  case MessageKind::Note:
    return "sextant: ";
  }
  return "sextant: ";
}

/// The descriptor messages go to: NotCaptured before captureStandardError(),
/// Closed when descriptor 2 was closed at the start.
constexpr int NotCaptured = -2;
constexpr int Closed = -1;
std::atomic<int> MessageDescriptor{NotCaptured};
/// The identity of the file at the start, to notice a replaced descriptor.
std::atomic<unsigned long long> MessageDevice{0};
std::atomic<unsigned long long> MessageInode{0};

/// The lowest descriptor the duplicate may take: the last below the limit
/// of open files, and below FD_SETSIZE (1024), so that the descriptors the
/// program opens keep their numbers and select(2) keeps working for them.
int highDescriptorFloor() {
  rlimit Limit{};
  rlim_t Top = 1024;
  if (::getrlimit(RLIMIT_NOFILE, &Limit) == 0 && Limit.rlim_cur < Top)
    Top = Limit.rlim_cur;
  return Top > 4 ? static_cast<int>(Top - 1) : 3;
}

/// The descriptor to write a message to, or -1 when the file of the start
/// is closed or replaced.
int messageDescriptor() {
  int Descriptor = MessageDescriptor.load(std::memory_order_acquire);
  if (Descriptor == NotCaptured) {
    captureStandardError();
    Descriptor = MessageDescriptor.load(std::memory_order_acquire);
  }
  if (Descriptor < 0)
    return -1;
  struct stat Now;
  if (::fstat(Descriptor, &Now) != 0 ||
      static_cast<unsigned long long>(Now.st_dev) != MessageDevice.load() ||
      static_cast<unsigned long long>(Now.st_ino) != MessageInode.load())
    return -1;
  return Descriptor;
}

/// Writes Parts completely to Descriptor (retrying after EINTR and partial
/// writes); true when the reader of a pipe has gone (EPIPE).
bool writeAll(int Descriptor, iovec *Parts, int Count) {
  while (Count > 0) {
    ssize_t Written = ::writev(Descriptor, Parts, Count);
    if (Written < 0 && errno == EINTR)
      continue;
    if (Written <= 0)
      return Written < 0 && errno == EPIPE;
    size_t Done = static_cast<size_t>(Written);
    while (Count > 0 && Done >= Parts->iov_len) {
      Done -= Parts->iov_len;
      ++Parts;
      --Count;
    }
    if (Count > 0) {
      Parts->iov_base = static_cast<char *>(Parts->iov_base) + Done;
      Parts->iov_len -= Done;
    }
  }
  return false;
}

/// Writes Parts where messages go, with SIGPIPE blocked: a SIGPIPE the write
/// raised is taken back, one pending before (the program's) is left alone.
void writeMessage(iovec *Parts, int Count) noexcept {
  int SavedErrno = errno;
  int Descriptor = messageDescriptor();
  if (Descriptor >= 0) {
    sigset_t PipeSignal, Previous, Pending;
    sigemptyset(&PipeSignal);
    sigaddset(&PipeSignal, SIGPIPE);
    ::pthread_sigmask(SIG_BLOCK, &PipeSignal, &Previous);
    bool WasPending =
        ::sigpending(&Pending) == 0 && sigismember(&Pending, SIGPIPE) == 1;
    if (writeAll(Descriptor, Parts, Count) && !WasPending) {
      timespec NoWait{0, 0};
      while (::sigtimedwait(&PipeSignal, nullptr, &NoWait) < 0 &&
             errno == EINTR) {
      }
    }
    ::pthread_sigmask(SIG_SETMASK, &Previous, nullptr);
  }
  errno = SavedErrno;
}

iovec part(std::string_view Text) {
  return iovec{const_cast<char *>(Text.data()), Text.size()};
}

/// Duplicates descriptor 2 before the program's main can close it.
__attribute__((constructor(101))) void captureAtStart() {
  captureStandardError();
}

} // namespace

std::string formatMessage(MessageKind Kind, std::string_view Text) {
  std::string Line(prefixOf(Kind));
  Line.append(Text.data(), Text.size());
  Line += '\n';
  return Line;
}

void printMessage(MessageKind Kind, std::string_view Text) noexcept {
  iovec Parts[] = {part(prefixOf(Kind)), part(Text), part("\n")};
  writeMessage(Parts, 3);
}

void printRawMessage(std::string_view Text) noexcept {
  iovec Parts[] = {part(Text)};
  writeMessage(Parts, 1);
}

void captureStandardError() noexcept {
  if (MessageDescriptor.load(std::memory_order_acquire) != NotCaptured)
    return;
  int SavedErrno = errno;
  int Duplicate = -1;
  for (int Floor = highDescriptorFloor(); Duplicate < 0;
       Floor = std::max(Floor / 2, 3)) {
    Duplicate = ::fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, Floor);
    if (Duplicate < 0 && (errno == EBADF || Floor <= 3))
      break;
  }
  // No descriptor free: descriptor 2 itself, still checked before a write.
  if (Duplicate < 0 && errno != EBADF)
    Duplicate = STDERR_FILENO;
  struct stat Start;
  if (Duplicate >= 0 && ::fstat(Duplicate, &Start) == 0) {
    MessageDevice.store(static_cast<unsigned long long>(Start.st_dev));
    MessageInode.store(static_cast<unsigned long long>(Start.st_ino));
  } else {
    if (Duplicate > STDERR_FILENO)
      ::close(Duplicate);
    Duplicate = Closed;
  }
  int Expected = NotCaptured;
  if (!MessageDescriptor.compare_exchange_strong(Expected, Duplicate,
                                                 std::memory_order_acq_rel) &&
      Duplicate > STDERR_FILENO)
    ::close(Duplicate); // another thread captured it meanwhile
  errno = SavedErrno;
}

} // namespace runtime
} // namespace sextant
