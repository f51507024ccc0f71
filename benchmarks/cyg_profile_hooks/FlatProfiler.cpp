//===- benchmarks/cyg_profile_hooks/FlatProfiler.cpp - Hooks ----*- C++ -*-===//
//
// Part of Sextant's benchmarks. A minimal but complete profiler behind the
// hooks of GCC-style instrumentation (clang -finstrument-functions or
// -finstrument-functions-after-inlining), so that the overhead comparison
// measures what such instrumentation costs when it records something, the
// way a real tool does:
//
//  - per thread (reached through one thread_local pointer, no lock on the
//    hot path): a shadow stack of open calls and an open-addressing hash
//    table from function address to calls, inclusive and exclusive time;
//  - timestamps from the TSC (RDTSC) on x86-64, converted to seconds with a
//    frequency calibrated against CLOCK_MONOTONIC over the run; elsewhere
//    CLOCK_MONOTONIC;
//  - at process exit, the tables of all threads are merged and written as a
//    flat profile, names resolved with dladdr and demangled (link the
//    program with -rdynamic so that dladdr sees its symbols), to the file
//    named by CYG_PROFILE_OUTPUT (default cyg-profile.<pid>.txt in the
//    working directory).
//
// Output format: comment lines starting with '#' (threads, functions,
// calls, unmatched exits, seconds per tick), then one line per function,
// sorted by inclusive time:
//   calls <TAB> inclusive seconds <TAB> exclusive seconds <TAB> address
//   <TAB> name
// Threads should be idle when the process exits (as OpenMP workers are
// between parallel regions); calls still open then are not counted.
//
// Compile this file WITHOUT -finstrument-functions and link its object into
// the instrumented program.
//
//===----------------------------------------------------------------------===//

#include <cxxabi.h>
#include <dlfcn.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <string>
#include <unordered_map>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

#define CYG_NO_INSTRUMENT __attribute__((no_instrument_function))

namespace {

using Ticks = std::uint64_t;

CYG_NO_INSTRUMENT inline std::uint64_t monotonicNanoseconds() {
  timespec Now;
  clock_gettime(CLOCK_MONOTONIC, &Now);
  return std::uint64_t(Now.tv_sec) * 1000000000u + std::uint64_t(Now.tv_nsec);
}

CYG_NO_INSTRUMENT inline Ticks readClock() {
#if defined(__x86_64__) || defined(__i386__)
  return __rdtsc();
#else
  return monotonicNanoseconds();
#endif
}

/// Calls, inclusive and exclusive ticks of one function on one thread.
struct FunctionRecord {
  void *Function = nullptr; // nullptr: empty slot
  std::uint64_t Calls = 0;
  Ticks Inclusive = 0;
  Ticks Exclusive = 0;
};

struct Frame {
  void *Function;
  Ticks Start;
  Ticks Children;
};

/// A hash table keyed by function address, open addressing with linear
/// probing, doubled when half full.
class FunctionTable {
public:
  CYG_NO_INSTRUMENT FunctionTable() { Slots.resize(1024); }

  CYG_NO_INSTRUMENT FunctionRecord &lookup(void *Function) {
    std::size_t Mask = Slots.size() - 1;
    for (std::size_t Index = hash(Function) & Mask;;
         Index = (Index + 1) & Mask) {
      FunctionRecord &Slot = Slots[Index];
      if (Slot.Function == Function)
        return Slot;
      if (!Slot.Function) {
        if (2 * (Used + 1) > Slots.size()) {
          grow();
          return lookup(Function);
        }
        ++Used;
        Slot.Function = Function;
        return Slot;
      }
    }
  }

  const std::vector<FunctionRecord> &slots() const { return Slots; }

private:
  CYG_NO_INSTRUMENT static std::size_t hash(void *Function) {
    return std::size_t(
        (std::uintptr_t(Function) >> 4) * 0x9E3779B97F4A7C15ull >> 20);
  }

  CYG_NO_INSTRUMENT void grow() {
    std::vector<FunctionRecord> Old(Slots.size() * 2);
    Old.swap(Slots);
    Used = 0;
    for (const FunctionRecord &Record : Old)
      if (Record.Function) {
        FunctionRecord &Slot = lookup(Record.Function);
        Slot = Record;
      }
  }

  std::vector<FunctionRecord> Slots;
  std::size_t Used = 0;
};

struct ThreadProfile {
  FunctionTable Functions;
  std::vector<Frame> Stack;
  std::uint64_t UnmatchedExits = 0;
};

std::mutex RegistryMutex;
std::vector<ThreadProfile *> *Registry = nullptr; // never freed: see finish()
std::atomic<bool> Finished{false};
Ticks StartTicks;
std::uint64_t StartNanoseconds;

thread_local ThreadProfile *CurrentThread = nullptr;

CYG_NO_INSTRUMENT ThreadProfile *createThreadProfile() {
  std::lock_guard<std::mutex> Lock(RegistryMutex);
  if (Finished.load(std::memory_order_relaxed))
    return nullptr;
  auto *Profile = new ThreadProfile;
  Profile->Stack.reserve(256);
  if (!Registry)
    Registry = new std::vector<ThreadProfile *>;
  Registry->push_back(Profile);
  return Profile;
}

/// The demangled name of the function at Function, or <module>+<offset>
/// when the dynamic symbol table does not name it (local symbols, or a
/// program linked without -rdynamic).
CYG_NO_INSTRUMENT std::string functionName(void *Function) {
  Dl_info Info;
  if (!dladdr(Function, &Info)) {
    char Buffer[32];
    std::snprintf(Buffer, sizeof(Buffer), "%p", Function);
    return Buffer;
  }
  if (!Info.dli_sname) {
    char Buffer[64];
    std::snprintf(Buffer, sizeof(Buffer), "+0x%zx",
                  std::size_t(static_cast<char *>(Function) -
                              static_cast<char *>(Info.dli_fbase)));
    return std::string(Info.dli_fname ? Info.dli_fname : "?") + Buffer;
  }
  int Status = 0;
  char *Demangled =
      abi::__cxa_demangle(Info.dli_sname, nullptr, nullptr, &Status);
  std::string Name = Status == 0 && Demangled ? Demangled : Info.dli_sname;
  std::free(Demangled);
  return Name;
}

__attribute__((constructor)) CYG_NO_INSTRUMENT void start() {
  StartTicks = readClock();
  StartNanoseconds = monotonicNanoseconds();
}

/// Merges every thread's table and writes the flat profile.
__attribute__((destructor)) CYG_NO_INSTRUMENT void finish() {
  std::vector<ThreadProfile *> Threads;
  {
    std::lock_guard<std::mutex> Lock(RegistryMutex);
    Finished.store(true, std::memory_order_relaxed);
    if (Registry)
      Threads = *Registry;
  }
  double Elapsed = double(monotonicNanoseconds() - StartNanoseconds) * 1e-9;
  Ticks ElapsedTicks = readClock() - StartTicks;
  double SecondsPerTick = ElapsedTicks ? Elapsed / double(ElapsedTicks) : 0;

  std::unordered_map<void *, FunctionRecord> Merged;
  std::uint64_t TotalCalls = 0, UnmatchedExits = 0;
  for (ThreadProfile *Thread : Threads) {
    UnmatchedExits += Thread->UnmatchedExits;
    for (const FunctionRecord &Record : Thread->Functions.slots()) {
      if (!Record.Function)
        continue;
      FunctionRecord &Sum = Merged[Record.Function];
      Sum.Function = Record.Function;
      Sum.Calls += Record.Calls;
      Sum.Inclusive += Record.Inclusive;
      Sum.Exclusive += Record.Exclusive;
      TotalCalls += Record.Calls;
    }
  }
  std::vector<FunctionRecord> Sorted;
  for (const auto &Entry : Merged)
    Sorted.push_back(Entry.second);
  std::sort(Sorted.begin(), Sorted.end(),
            [](const FunctionRecord &A, const FunctionRecord &B) {
              return A.Inclusive > B.Inclusive;
            });

  std::string Path;
  if (const char *Output = std::getenv("CYG_PROFILE_OUTPUT"); Output && *Output)
    Path = Output;
  else
    Path = "cyg-profile." + std::to_string(getpid()) + ".txt";
  std::FILE *File = std::fopen(Path.c_str(), "w");
  if (!File) {
    std::fprintf(stderr, "cyg-profile: error: cannot write '%s': %s\n",
                 Path.c_str(), std::strerror(errno));
    return;
  }
  std::fprintf(File,
               "# cyg-profile: flat profile of -finstrument-functions hooks\n");
  std::fprintf(File, "# threads: %zu\n", Threads.size());
  std::fprintf(File, "# functions: %zu\n", Sorted.size());
  std::fprintf(File, "# calls: %" PRIu64 "\n", TotalCalls);
  std::fprintf(File, "# unmatched exits: %" PRIu64 "\n", UnmatchedExits);
  std::fprintf(File, "# seconds per tick: %.6e\n", SecondsPerTick);
  std::fprintf(File, "# calls\tinclusive_s\texclusive_s\taddress\tname\n");
  for (const FunctionRecord &Record : Sorted)
    std::fprintf(File, "%" PRIu64 "\t%.6f\t%.6f\t%p\t%s\n", Record.Calls,
                 double(Record.Inclusive) * SecondsPerTick,
                 double(Record.Exclusive) * SecondsPerTick, Record.Function,
                 functionName(Record.Function).c_str());
  std::fclose(File);
}

} // namespace

extern "C" {

CYG_NO_INSTRUMENT void __cyg_profile_func_enter(void *Function, void *) {
  ThreadProfile *Thread = CurrentThread;
  if (__builtin_expect(!Thread, 0)) {
    Thread = CurrentThread = createThreadProfile();
    if (!Thread)
      return;
  }
  Thread->Stack.push_back(Frame{Function, readClock(), 0});
}

CYG_NO_INSTRUMENT void __cyg_profile_func_exit(void *Function, void *) {
  Ticks Now = readClock();
  ThreadProfile *Thread = CurrentThread;
  if (__builtin_expect(!Thread || Finished.load(std::memory_order_relaxed), 0))
    return;
  std::vector<Frame> &Stack = Thread->Stack;
  // Normally the function is on top. Frames above it were left open by
  // longjmp or by an exception that passed code without hooks: they are
  // dropped. An exit whose function is not open at all is ignored.
  std::size_t Depth = Stack.size();
  while (Depth > 0 && Stack[Depth - 1].Function != Function)
    --Depth;
  if (Depth == 0) {
    ++Thread->UnmatchedExits;
    return;
  }
  Thread->UnmatchedExits += Stack.size() - Depth;
  Frame Top = Stack[Depth - 1];
  Stack.resize(Depth - 1);
  Ticks Inclusive = Now - Top.Start;
  FunctionRecord &Record = Thread->Functions.lookup(Function);
  ++Record.Calls;
  Record.Inclusive += Inclusive;
  Record.Exclusive += Inclusive - Top.Children;
  if (!Stack.empty())
    Stack.back().Children += Inclusive;
}

} // extern "C"
