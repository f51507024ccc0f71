//===- benchmarks/dormant/DormantRegions.cpp - Idle regions -----*- C++ -*-===//
//
// Part of Sextant's benchmarks. The dormant-instrumentation benchmark, after
// timemory's: a matrix multiply C = A B (M x K times K x N) with a measured
// region around each inner k loop, M x N region pairs in all (500,000 by
// default), timed with the measurement disabled (SEXTANT_ENABLE=0) and
// enabled, against the kernel without regions. How the region is made is
// chosen when compiling:
//
//   (nothing)                the k loop inline: the uninstrumented kernel
//   -DDORMANT_REGION=function  the k loop in a noinline function,
//                            rowTimesColumn(); compiled with or without
//                            SextantPlugin.so
//   -DDORMANT_REGION=api     sextant_region_begin("k-loop") /
//                            sextant_region_end("k-loop") around the loop
//                            (include/sextant/sextant.h; link libsextant)
//
// Usage: dormant_regions [-m M] [-n N] [-k K]
// Prints the kernel's wall time and the time per region pair, and checks
// every entry of C against its exact value (exit status 1 if one differs,
// 2 for bad arguments).
//
//===----------------------------------------------------------------------===//

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define DORMANT_REGION_NONE 0
#define DORMANT_REGION_function 1
#define DORMANT_REGION_api 2
#define DORMANT_REGION_KIND_(Kind) DORMANT_REGION_##Kind
#define DORMANT_REGION_KIND(Kind) DORMANT_REGION_KIND_(Kind)

#ifndef DORMANT_REGION
#define DORMANT_REGION_SELECTED DORMANT_REGION_NONE
#else
#define DORMANT_REGION_SELECTED DORMANT_REGION_KIND(DORMANT_REGION)
#endif

#if DORMANT_REGION_SELECTED == DORMANT_REGION_api
#include "sextant/sextant.h"
#endif

namespace {

const char *regionKindName() {
#if DORMANT_REGION_SELECTED == DORMANT_REGION_function
  return "noinline function";
#elif DORMANT_REGION_SELECTED == DORMANT_REGION_api
  return "sextant_region_begin/end";
#else
  return "none";
#endif
}

struct Sizes {
  int M = 500;
  int N = 1000;
  int K = 64;
};

/// A (M x K, row-major) and the transpose of B (N x K, row-major), so that
/// the k loop reads both contiguously. Entries are small integers, so every
/// product and sum is exact.
struct Operands {
  std::vector<double> A;
  std::vector<double> BTransposed;
};

double entryOfA(int I, int K) { return double((I + 2 * K) % 7) - 3.0; }
double entryOfB(int K, int J) { return double((3 * K + J) % 5) - 2.0; }

Operands makeOperands(const Sizes &S) {
  Operands Ops;
  Ops.A.resize(std::size_t(S.M) * S.K);
  Ops.BTransposed.resize(std::size_t(S.N) * S.K);
  for (int I = 0; I < S.M; ++I)
    for (int K = 0; K < S.K; ++K)
      Ops.A[std::size_t(I) * S.K + K] = entryOfA(I, K);
  for (int J = 0; J < S.N; ++J)
    for (int K = 0; K < S.K; ++K)
      Ops.BTransposed[std::size_t(J) * S.K + K] = entryOfB(K, J);
  return Ops;
}

#if DORMANT_REGION_SELECTED == DORMANT_REGION_function
/// The region: one inner k loop, in a function the optimizer keeps.
__attribute__((noinline)) double
rowTimesColumn(const double *Row, const double *Column, int Length) {
  double Sum = 0;
  for (int K = 0; K < Length; ++K)
    Sum += Row[K] * Column[K];
  return Sum;
}
#endif

double innerProduct(const double *Row, const double *Column, int Length) {
#if DORMANT_REGION_SELECTED == DORMANT_REGION_function
  return rowTimesColumn(Row, Column, Length);
#else
#if DORMANT_REGION_SELECTED == DORMANT_REGION_api
  sextant_region_begin("k-loop");
#endif
  double Sum = 0;
  for (int K = 0; K < Length; ++K)
    Sum += Row[K] * Column[K];
#if DORMANT_REGION_SELECTED == DORMANT_REGION_api
  sextant_region_end("k-loop");
#endif
  return Sum;
#endif
}

void multiply(const Sizes &S, const Operands &Ops, std::vector<double> &C) {
  for (int I = 0; I < S.M; ++I) {
    const double *Row = &Ops.A[std::size_t(I) * S.K];
    for (int J = 0; J < S.N; ++J)
      C[std::size_t(I) * S.N + J] =
          innerProduct(Row, &Ops.BTransposed[std::size_t(J) * S.K], S.K);
  }
}

/// The number of entries of C that differ from the exact product.
long countWrongEntries(const Sizes &S, const std::vector<double> &C) {
  long Wrong = 0;
  for (int I = 0; I < S.M; ++I)
    for (int J = 0; J < S.N; ++J) {
      double Exact = 0;
      for (int K = 0; K < S.K; ++K)
        Exact += entryOfA(I, K) * entryOfB(K, J);
      if (C[std::size_t(I) * S.N + J] != Exact)
        ++Wrong;
    }
  return Wrong;
}

bool parseSize(const char *Name, const char *Text, int &Value) {
  char *End = nullptr;
  long Parsed = std::strtol(Text, &End, 10);
  if (End == Text || *End != '\0' || Parsed < 1 || Parsed > 100000) {
    std::fprintf(stderr,
                 "dormant_regions: error: invalid value '%s' for %s "
                 "(expected an integer from 1 to 100000)\n",
                 Text, Name);
    return false;
  }
  Value = int(Parsed);
  return true;
}

bool parseArguments(int Argc, char **Argv, Sizes &S) {
  for (int Index = 1; Index < Argc; ++Index) {
    const char *Name = Argv[Index];
    int *Target = !std::strcmp(Name, "-m")   ? &S.M
                  : !std::strcmp(Name, "-n") ? &S.N
                  : !std::strcmp(Name, "-k") ? &S.K
                                             : nullptr;
    if (!Target) {
      std::fprintf(stderr,
                   "dormant_regions: error: unknown argument '%s' "
                   "(usage: dormant_regions [-m M] [-n N] [-k K])\n",
                   Name);
      return false;
    }
    if (Index + 1 >= Argc) {
      std::fprintf(stderr, "dormant_regions: error: missing value after '%s'\n",
                   Name);
      return false;
    }
    if (!parseSize(Name, Argv[++Index], *Target))
      return false;
  }
  return true;
}

} // namespace

int main(int Argc, char **Argv) {
  Sizes S;
  if (!parseArguments(Argc, Argv, S))
    return 2;
  Operands Ops = makeOperands(S);
  std::vector<double> C(std::size_t(S.M) * S.N, 0.0);

  auto Start = std::chrono::steady_clock::now();
  multiply(S, Ops, C);
  auto End = std::chrono::steady_clock::now();
  double Seconds = std::chrono::duration<double>(End - Start).count();

  long Pairs = long(S.M) * S.N;
  long Wrong = countWrongEntries(S, C);
  std::printf("dormant regions: C = A B with M=%d N=%d K=%d, region: %s\n", S.M,
              S.N, S.K, regionKindName());
  std::printf("region pairs: %ld\n", Pairs);
  std::printf("kernel seconds: %.6f\n", Seconds);
  std::printf("ns per region pair: %.3f\n", Seconds * 1e9 / double(Pairs));
  std::printf("verification: %s (%ld wrong entries)\n",
              Wrong == 0 ? "PASSED" : "FAILED", Wrong);
  return Wrong == 0 ? 0 : 1;
}
