// worker_threads.cpp - std::thread workers doing instrumented work.
//
// Part of Sextant's test applications. Usage: worker_threads [threads]
// [iterations] (defaults 4 1000). Each worker calls workUnit() `iterations`
// times; the main thread calls it once more after joining. Visit counts:
//   workerMain threads, workUnit threads*iterations + 1, main 1.
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

#define NOINLINE __attribute__((noinline))

NOINLINE double workUnit(int Seed) {
  double X = Seed;
  for (int I = 0; I < 200; ++I)
    X = X * 0.999 + 1.0;
  return X;
}

NOINLINE void workerMain(int Id, int Iterations, double *Result) {
  double Sum = 0;
  for (int I = 0; I < Iterations; ++I)
    Sum += workUnit(Id + I);
  *Result = Sum;
}

int main(int Argc, char **Argv) {
  int Threads = Argc > 1 ? std::atoi(Argv[1]) : 4;
  int Iterations = Argc > 2 ? std::atoi(Argv[2]) : 1000;
  std::vector<double> Results(Threads);
  std::vector<std::thread> Workers;
  for (int T = 0; T < Threads; ++T)
    Workers.emplace_back(workerMain, T, Iterations, &Results[T]);
  for (std::thread &W : Workers)
    W.join();
  double Total = workUnit(0);
  for (double R : Results)
    Total += R;
  std::printf("worker_threads: %d threads x %d iterations, total %.3f\n",
              Threads, Iterations, Total);
  return 0;
}
