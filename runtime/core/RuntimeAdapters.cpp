//===- runtime/core/RuntimeAdapters.cpp - The runtime's side of adapters --===//
//
// Part of Sextant. The members of Runtime behind include/sextant/adapter_abi.h
// and the exported C functions themselves: the rank of the process in a
// parallel job (which moves the output into <base>/rank-<r>), the job's
// base directory, extra output files and the fatal-signal hook. What they
// set is kept by the AdapterRegistry; the Runtime moves its experiment
// directory (and so the traces) along.
//
//===----------------------------------------------------------------------===//

#include "common/Compiler.h"
#include "common/MessageText.h"
#include "runtime/clock/Clock.h"
#include "runtime/core/EventBracket.h"
#include "runtime/core/Runtime.h"
#include "runtime/io/Diagnostics.h"
#include "runtime/io/ExperimentDirectory.h"

#include "sextant/adapter_abi.h"

#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace sextant {
namespace runtime {

bool Runtime::setRank(int NewRank, int Size) noexcept {
  if (NewRank < 0 || Size <= NewRank)
    return false;
  try {
    return Threads.whileOpen([&](bool) {
      std::string Directory;
      if (!Adapters.setRank(NewRank, Size, Directory))
        return false;
      // The rank's directory is this process's alone: not claimed. Trace
      // files created already (a thread recorded before the adapter's
      // constructor, which is rare) stay where they are.
      Output.moveTo(Directory);
      return true;
    });
  } catch (...) {
    return false;
  }
}

bool Runtime::setBaseDirectory(const std::string &Path) noexcept {
  if (Path.empty() || Path[0] != '/')
    return false;
  try {
    return Threads.whileOpen([&](bool) {
      std::string Current = Adapters.baseDirectory();
      std::string Directory;
      if (!Adapters.rankDirectoryIn(Path, Directory))
        return false;
      if (Path == Current) {
        Adapters.notePlaced();
        return true;
      }
      // Trace files may be open in this rank's start-up directory already:
      // they move along into the job's directory.
      std::string Error;
      if (!Output.moveWithTrace(Directory, Error)) {
        Adapters.notePlaced();
        printMessage(MessageKind::Warning,
                     "tracing: this rank keeps its start-up directory '" +
                         messageText(Current) +
                         "', apart from the job's: " + messageText(Error));
        return false;
      }
      Adapters.setBaseDirectory(Path, Directory);
      // The start-up directory of the default name is this process's own:
      // removed when the trace leaving it left it empty.
      if (Options.OutputDir.empty())
        ::rmdir(Current.c_str());
      return true;
    });
  } catch (...) {
    return false;
  }
}

std::string Runtime::baseDirectory() noexcept {
  try {
    return Adapters.baseDirectory();
  } catch (...) {
    return std::string();
  }
}

bool Runtime::claimBaseDirectory() noexcept {
  if (Privileged)
    return false; // writes nothing, so claims nothing
  try {
    std::string Base = Adapters.baseDirectory();
    SafeDirectory Claimed;
    std::string Taken, Error;
    // A directory that breaks the rules is reported once, when the rank's
    // files are written into it.
    if (!claimExperimentDirectory(Base, programForNames(), Pid, Claimed, Taken,
                                  Error))
      return false;
    if (Taken.empty()) {
      Adapters.notePlaced();
      return true;
    }
    // Another run has the directory: the job goes to the sub-directory of
    // its own that the claim made.
    return setBaseDirectory(Claimed.path());
  } catch (...) {
    return false;
  }
}

bool Runtime::addAdapterOutput(const char *Name, char *(*Render)(void *),
                               void *Context) noexcept {
  if (!Name || !*Name || std::strchr(Name, '/') || !Render)
    return false;
  try {
    return Adapters.addOutput(Name, Render, Context);
  } catch (...) {
    return false;
  }
}

bool Runtime::finalizeNow() noexcept {
  finalize();
  return WroteMeasurement.exchange(false); // reported once
}

namespace {
/// A message of an adapter: one line, control bytes shown as \xNN.
void printAdapterMessage(MessageKind Kind, const char *Text) {
  if (!Text)
    return;
  std::string Line;
  try {
    appendEscaped(Line, Text);
  } catch (...) {
    return; // out of memory for the message
  }
  printMessage(Kind, Line);
}
} // namespace

} // namespace runtime
} // namespace sextant

using namespace sextant::runtime;

extern "C" {

SEXTANT_EXPORT int __sextant_adapter_set_rank(int Rank, int Size) {
  Runtime *Self = Runtime::instance();
  return Self && Self->setRank(Rank, Size) ? 1 : 0;
}

SEXTANT_EXPORT int __sextant_adapter_set_base_directory(const char *Path) {
  Runtime *Self = Runtime::existing();
  return Self && Path && Self->setBaseDirectory(Path) ? 1 : 0;
}

SEXTANT_EXPORT int __sextant_adapter_claim_base_directory(void) {
  Runtime *Self = Runtime::existing();
  return Self && Self->claimBaseDirectory() ? 1 : 0;
}

SEXTANT_EXPORT size_t __sextant_adapter_base_directory(char *Buffer,
                                                       size_t Size) {
  Runtime *Self = Runtime::existing();
  if (!Self)
    return 0;
  std::string Base = Self->baseDirectory();
  if (Buffer && Size > 0) {
    size_t Copied = Base.size() < Size ? Base.size() : Size - 1;
    std::memcpy(Buffer, Base.data(), Copied);
    Buffer[Copied] = '\0';
  }
  return Base.size();
}

SEXTANT_EXPORT int __sextant_adapter_add_output(const char *Name,
                                                char *(*Render)(void *),
                                                void *Context) {
  Runtime *Self = Runtime::instance();
  return Self && Self->addAdapterOutput(Name, Render, Context) ? 1 : 0;
}

SEXTANT_EXPORT void __sextant_adapter_expect_job(void) {
  if (Runtime *Self = Runtime::instance())
    Self->expectJob();
}

SEXTANT_EXPORT void __sextant_adapter_set_fatal_hook(void (*Hook)(int)) {
  if (Runtime *Self = Runtime::instance())
    Self->setFatalHook(Hook);
}

SEXTANT_EXPORT int __sextant_adapter_finalize(void) {
  Runtime *Self = Runtime::existing();
  return Self && Self->finalizeNow() ? 1 : 0;
}

SEXTANT_EXPORT int __sextant_adapter_measuring(void) {
  Runtime *Self = Runtime::instance();
  return Self && Self->measuring() ? 1 : 0;
}

SEXTANT_EXPORT unsigned long long __sextant_adapter_clock_ticks(void) {
  return Clock::now();
}

SEXTANT_EXPORT int __sextant_adapter_clock_source(void) {
  Runtime *Self = Runtime::existing();
  return Self && Self->clockSource() == ClockSource::Tsc ? 1 : 0;
}

SEXTANT_EXPORT double __sextant_adapter_clock_ticks_per_second(void) {
  Runtime *Self = Runtime::existing();
  return Self ? Self->clockNow().TicksPerSecond : 1e9;
}

SEXTANT_EXPORT int __sextant_adapter_tracing(void) {
  Runtime *Self = Runtime::existing();
  return Self && Self->measuring() && Self->tracing() ? 1 : 0;
}

SEXTANT_EXPORT int
__sextant_adapter_trace_record(unsigned Type, const unsigned long long *Fields,
                               unsigned Count) {
  static_assert(sizeof(unsigned long long) == sizeof(uint64_t),
                "record fields are 64-bit");
  if (Count > sextant::trace::MaxRecordFields || (Count != 0 && !Fields))
    return 0;
  ThreadState *State = beginThreadEvent();
  if (!State)
    return 0;
  int Recorded = 0;
  if (State->Trace) {
    State->Trace->recordRecord(static_cast<sextant::trace::RecordType>(Type),
                               reinterpret_cast<const uint64_t *>(Fields),
                               Count, Clock::now(), State->Recorder);
    Recorded = 1;
  }
  endEvent(*State);
  return Recorded;
}

SEXTANT_EXPORT void __sextant_adapter_warn(const char *Text) {
  printAdapterMessage(MessageKind::Warning, Text);
}

SEXTANT_EXPORT void __sextant_adapter_note(const char *Text) {
  Runtime *Self = Runtime::existing();
  if (Self && Self->options().Verbose >= 1)
    printAdapterMessage(MessageKind::Note, Text);
}

} // extern "C"
