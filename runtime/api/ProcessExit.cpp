//===- runtime/api/ProcessExit.cpp - libsextant's exit() ------------------===//
//
// Part of Sextant. libsextant defines exit(), so that the program's calls
// (and its libraries') reach it before the C library's: it passes the gate
// of core/ProcessExit.h, which lets only one thread's exit run at a time,
// and then calls the C library's exit, found with dlsym(RTLD_NEXT). The
// status and everything else exit does are the C library's. The definition
// is weak: a fully static executable (-static) also links the C library's
// exit, which then wins, without the gate.
//
//===----------------------------------------------------------------------===//

#include "runtime/core/ProcessExit.h"

#include "runtime/core/Runtime.h"

#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <unistd.h>

using namespace sextant::runtime;

namespace {

using ExitFunction = void (*)(int);

ExitFunction libraryExit() noexcept {
  return reinterpret_cast<ExitFunction>(::dlsym(RTLD_NEXT, "exit"));
}

} // namespace

extern "C" __attribute__((visibility("default"), weak)) void
exit(int Status) noexcept {
  enterProcessExit();
  if (ExitFunction LibraryExit = libraryExit())
    LibraryExit(Status);
  // No exit after libsextant (it cannot happen with a C library): end the
  // process as exit would, without the other exit handlers.
  if (Runtime *Self = Runtime::existing())
    Self->finalize();
  std::fflush(nullptr);
  ::_exit(Status);
}
