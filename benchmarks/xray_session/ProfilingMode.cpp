//===- benchmarks/xray_session/ProfilingMode.cpp - XRay mode ----*- C++ -*-===//
//
// Part of Sextant's benchmarks. Makes XRay's profiling mode usable from the
// environment alone, as its basic mode is. With LLVM 19's XRay runtime,
// XRAY_OPTIONS="xray_mode=xray-profiling" registers the mode but leaves it
// unselected and uninitialized, so nothing is recorded or written unless
// the program itself selects and initializes the mode through XRay's
// logging API. This object does that when XRAY_OPTIONS selects the
// profiling mode, and nothing otherwise:
//
//  - at start-up (a constructor; clang links the XRay runtime archives
//    before the program's objects, so their mode registration has run):
//    __xray_log_select_mode("xray-profiling") and
//    __xray_log_init_mode("xray-profiling", "");
//  - at exit, the handler that the initialization registers finalizes the
//    mode and writes the profile to <program>.<random> in the directory
//    given by the xray_logfile_base option (default
//    xray-log.<program>.<random> in the working directory).
//
// XRay posts the data of a thread when the thread exits or when it next
// enters an instrumented function during finalization; threads still idle
// at exit (OpenMP workers) are not in the file. Link this object into
// programs built with -fxray-instrument -fxray-modes=xray-profiling (or
// more modes); compile it without -fxray-instrument.
//
// File format (XRay's, read by benchmarks/overhead_harness.py): 32-byte file
// headers starting with the magic "xrayprof" (little-endian u64
// 0x7872617970726f66), then one block per thread: u32 block size (header
// included), u32 block number, u64 thread id, then records of a call path
// (i32 function ids, leaf first, ending with 0), u64 call count and u64
// local time.
//
//===----------------------------------------------------------------------===//

#include <xray/xray_log_interface.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

/// True if XRAY_OPTIONS holds the flag xray_mode=xray-profiling (flags are
/// separated by spaces, commas or colons, as sanitizer flags are).
bool profilingModeSelected() {
  const char *Options = std::getenv("XRAY_OPTIONS");
  if (!Options)
    return false;
  static const char Flag[] = "xray_mode=xray-profiling";
  const std::size_t Length = sizeof(Flag) - 1;
  for (const char *Found = std::strstr(Options, Flag); Found;
       Found = std::strstr(Found + 1, Flag)) {
    bool StartsToken = Found == Options || std::strchr(" ,:\t", Found[-1]);
    bool EndsToken =
        Found[Length] == '\0' || std::strchr(" ,:\t", Found[Length]);
    if (StartsToken && EndsToken)
      return true;
  }
  return false;
}

[[clang::xray_never_instrument]] __attribute__((constructor)) void
startProfiling() {
  if (!profilingModeSelected())
    return;
  // XRay's own start-up selects the mode from XRAY_OPTIONS, but in the
  // LLVM 19 runtime that selection does not take (__xray_log_get_current_mode
  // stays null, and initializing the mode fails): select it again here.
  XRayLogRegisterStatus Selected = __xray_log_select_mode("xray-profiling");
  if (Selected != XRayLogRegisterStatus::XRAY_REGISTRATION_OK) {
    std::fprintf(stderr,
                 "xray-profiling-session: warning: "
                 "__xray_log_select_mode(\"xray-profiling\") returned "
                 "%d (was the program linked with "
                 "-fxray-modes=xray-profiling?)\n",
                 int(Selected));
    return;
  }
  XRayLogInitStatus Status = __xray_log_init_mode("xray-profiling", "");
  if (Status != XRayLogInitStatus::XRAY_LOG_INITIALIZED) {
    std::fprintf(stderr,
                 "xray-profiling-session: warning: "
                 "__xray_log_init_mode(\"xray-profiling\") returned "
                 "%d\n",
                 int(Status));
  }
}

} // namespace
