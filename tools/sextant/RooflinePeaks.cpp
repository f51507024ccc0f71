//===- tools/sextant/RooflinePeaks.cpp - Empirical machine peaks ----------===//
//
// Part of Sextant. The FLOP and triad kernels, their timing over threads,
// and the peaks file.
//
//===----------------------------------------------------------------------===//

#include "RooflinePeaks.h"

#include "common/OutputFile.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <sys/stat.h>
#include <system_error>
#include <thread>
#include <unistd.h>
#include <vector>

namespace sextant {
namespace tool {

using namespace format;

namespace {

/// Independent accumulators of the FLOP kernel: enough to hide the latency
/// of two FMA units eight doubles wide.
constexpr int Accumulators = 64;
/// Iterations of the FLOP kernel per thread and run.
constexpr uint64_t FlopIterations = 4000000;

/// 2 * Accumulators * Iterations floating-point operations; returns a value
/// that depends on all of them so that none is optimized away.
__attribute__((always_inline)) inline double
flopLoop(uint64_t Iterations, double Scale, double Offset) {
  double Acc[Accumulators];
  for (int I = 0; I < Accumulators; ++I)
    Acc[I] = 1.0 + I * 1e-3;
  for (uint64_t R = 0; R < Iterations; ++R) {
#pragma clang loop vectorize(enable)
    for (int I = 0; I < Accumulators; ++I)
      Acc[I] = Acc[I] * Scale + Offset;
  }
  double Sum = 0;
  for (int I = 0; I < Accumulators; ++I)
    Sum += Acc[I];
  return Sum;
}

__attribute__((always_inline)) inline void triadLoop(double *A, const double *B,
                                                     const double *C,
                                                     size_t Count,
                                                     double Scale) {
  for (size_t I = 0; I < Count; ++I)
    A[I] = B[I] + Scale * C[I];
}

// The kernels in the widest instructions the CPU has, chosen at run time
// (explicit dispatch rather than ifunc-based target_clones, whose resolvers
// run before a sanitizer's runtime is initialized).
double flopBaseline(uint64_t N, double S, double O) {
  return flopLoop(N, S, O);
}
void triadBaseline(double *A, const double *B, const double *C, size_t Count,
                   double S) {
  triadLoop(A, B, C, Count, S);
}
#if defined(__x86_64__)
__attribute__((target("avx2,fma"))) double flopAvx2(uint64_t N, double S,
                                                    double O) {
  return flopLoop(N, S, O);
}
__attribute__((target("avx2,fma"))) void
triadAvx2(double *A, const double *B, const double *C, size_t Count, double S) {
  triadLoop(A, B, C, Count, S);
}
__attribute__((target("avx512f,avx2,fma"))) double
flopAvx512(uint64_t N, double S, double O) {
  return flopLoop(N, S, O);
}
__attribute__((target("avx512f,avx2,fma"))) void
triadAvx512(double *A, const double *B, const double *C, size_t Count,
            double S) {
  triadLoop(A, B, C, Count, S);
}
#endif

/// The widest instruction set of this CPU the kernels are compiled for.
enum class VectorLevel { Baseline, Avx2, Avx512 };

VectorLevel vectorLevel() {
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f"))
    return VectorLevel::Avx512;
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    return VectorLevel::Avx2;
#endif
  return VectorLevel::Baseline;
}

double flopKernel(VectorLevel Level, uint64_t N, double S, double O) {
#if defined(__x86_64__)
  if (Level == VectorLevel::Avx512)
    return flopAvx512(N, S, O);
  if (Level == VectorLevel::Avx2)
    return flopAvx2(N, S, O);
#endif
  (void)Level;
  return flopBaseline(N, S, O);
}

void triadKernel(VectorLevel Level, double *A, const double *B, const double *C,
                 size_t Count, double S) {
#if defined(__x86_64__)
  if (Level == VectorLevel::Avx512)
    return triadAvx512(A, B, C, Count, S);
  if (Level == VectorLevel::Avx2)
    return triadAvx2(A, B, C, Count, S);
#endif
  (void)Level;
  triadBaseline(A, B, C, Count, S);
}

/// Runs Work(ThreadIndex) on Threads threads at once; returns the seconds
/// from the start of the first to the end of the last.
template <typename Work> double timeOnThreads(uint64_t Threads, Work &&W) {
  std::vector<std::thread> Pool;
  auto Start = std::chrono::steady_clock::now();
  for (uint64_t T = 1; T < Threads; ++T)
    Pool.emplace_back([&W, T] { W(T); });
  W(0);
  for (std::thread &Thread : Pool)
    Thread.join();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
      .count();
}

std::string utcNow() {
  std::time_t Now = std::time(nullptr);
  std::tm Utc{};
  gmtime_r(&Now, &Utc);
  char Text[32];
  std::strftime(Text, sizeof(Text), "%Y-%m-%dT%H:%M:%SZ", &Utc);
  return Text;
}

std::string hostName() {
  char Buffer[256] = {};
  if (::gethostname(Buffer, sizeof(Buffer) - 1) != 0)
    return std::string();
  return Buffer;
}

} // namespace

bool measureRooflinePeaks(uint64_t Threads, uint64_t ArrayBytes,
                          uint64_t Repeats, RooflinePeaks &Peaks,
                          std::string &Error) {
  Threads = std::max<uint64_t>(Threads, 1);
  Repeats = std::max<uint64_t>(Repeats, 1);
  size_t Count = static_cast<size_t>(ArrayBytes / sizeof(double));
  Count = std::max<size_t>(Count, Threads);
  std::unique_ptr<double[]> A, B, C;
  try {
    A.reset(new double[Count]);
    B.reset(new double[Count]);
    C.reset(new double[Count]);
  } catch (const std::bad_alloc &) {
    Error = "cannot allocate three arrays of " + std::to_string(ArrayBytes) +
            " bytes for the bandwidth kernel (use a smaller --size)";
    return false;
  }
  // Each thread first touches its own part (pages land on its NUMA node).
  auto Part = [&](uint64_t T, size_t &Begin, size_t &End) {
    Begin = Count * T / Threads;
    End = Count * (T + 1) / Threads;
  };
  std::vector<double> Sinks(Threads, 0);
  VectorLevel Level = vectorLevel();
  try {
    timeOnThreads(Threads, [&](uint64_t T) {
      size_t Begin, End;
      Part(T, Begin, End);
      for (size_t I = Begin; I < End; ++I) {
        A[I] = 0;
        B[I] = 1.0;
        C[I] = 2.0;
      }
    });
    double BestFlops = 0, BestBandwidth = 0;
    for (uint64_t Run = 0; Run < Repeats; ++Run) {
      double Seconds = timeOnThreads(Threads, [&](uint64_t T) {
        Sinks[T] += flopKernel(Level, FlopIterations, 0.999999, 1e-7);
      });
      double Operations = 2.0 * Accumulators *
                          static_cast<double>(FlopIterations) *
                          static_cast<double>(Threads);
      BestFlops = std::max(BestFlops, Operations / Seconds);
      Seconds = timeOnThreads(Threads, [&](uint64_t T) {
        size_t Begin, End;
        Part(T, Begin, End);
        triadKernel(Level, A.get() + Begin, B.get() + Begin, C.get() + Begin,
                    End - Begin, 3.0);
      });
      BestBandwidth =
          std::max(BestBandwidth,
                   3.0 * sizeof(double) * static_cast<double>(Count) / Seconds);
    }
    double Check = 0;
    for (double Sink : Sinks)
      Check += Sink;
    if (!(Check > 0) || A[Count / 2] != 7.0) {
      Error = "the peak kernels computed a wrong result";
      return false;
    }
    Peaks.FlopsPerSecond = BestFlops;
    Peaks.Instructions = Level == VectorLevel::Avx512 ? "AVX-512"
                         : Level == VectorLevel::Avx2 ? "AVX2+FMA"
                                                      : "baseline";
    Peaks.BytesPerSecond = BestBandwidth;
  } catch (const std::system_error &Problem) {
    Error = std::string("cannot start the kernel threads: ") + Problem.what();
    return false;
  }
  Peaks.Threads = Threads;
  Peaks.ArrayBytes = Count * sizeof(double);
  Peaks.Host = hostName();
  Peaks.MeasuredAt = utcNow();
  return true;
}

std::string defaultPeaksPath() {
  if (const char *Explicit = std::getenv("SEXTANT_ROOFLINE_PEAKS"))
    if (*Explicit)
      return Explicit;
  std::string Base;
  if (const char *Config = std::getenv("XDG_CONFIG_HOME"); Config && *Config)
    Base = Config;
  else if (const char *Home = std::getenv("HOME"); Home && *Home)
    Base = std::string(Home) + "/.config";
  else
    Base = ".";
  return Base + "/sextant/roofline-peaks.json";
}

bool writePeaksFile(const std::string &Path, const RooflinePeaks &Peaks,
                    std::string &Error) {
  // Create the missing directories of Path.
  for (size_t Slash = Path.find('/', 1); Slash != std::string::npos;
       Slash = Path.find('/', Slash + 1)) {
    std::string Directory = Path.substr(0, Slash);
    if (::mkdir(Directory.c_str(), 0755) != 0 && errno != EEXIST) {
      Error = "cannot create directory '" + Directory +
              "': " + std::strerror(errno);
      return false;
    }
  }
  return writeOutputFile(Path, format::renderRooflinePeaks(Peaks),
                         ExistingOutput::Replace, Error);
}

} // namespace tool
} // namespace sextant
