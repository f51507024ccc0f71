// cyg_app.c - a C program measured through -finstrument-functions.
//
// Part of Sextant's tests (test/lit/e2e/gcc/): main runs compute() once,
// handles one SIGUSR1 whose handler calls compute(), calls not_measured()
// (left out with -finstrument-functions-exclude-function-list) and starts
// two threads that each call compute() and helper_scale() (cyg_helpers.c,
// left out with -finstrument-functions-exclude-file-list), which calls
// compute() in turn. compute(n) calls tiny_step() n times. A second
// argument "nosignal" leaves the signal out (the sanitizer builds: the
// first call of a function and a new call path allocate, which
// ThreadSanitizer reports inside a signal handler). Per thread:
//   main: compute 3 (main, handler, not_measured), tiny_step 1000 + 7 + 3
//   worker: compute 2 (direct, through helper_scale), tiny_step 1000 + 5
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOINLINE __attribute__((noinline))

double helper_scale(double X); // cyg_helpers.c

static volatile double Sink;

NOINLINE double tiny_step(double X) { return X * 1.0000001 + 1e-9; }

NOINLINE double compute(int N) {
  double Sum = 0;
  for (int I = 0; I < N; ++I)
    Sum += tiny_step(I);
  return Sum;
}

NOINLINE double not_measured(double X) { return compute(3) + X; }

NOINLINE void on_signal(int Signal) { Sink = compute(7) + Signal; }

static NOINLINE void *worker_main(void *Argument) {
  double Value = compute(1000);
  Value += helper_scale(Value);
  *(double *)Argument = Value;
  return NULL;
}

int main(int Argc, char **Argv) {
  int Threads = Argc > 1 ? atoi(Argv[1]) : 2;
  if (Threads < 0 || Threads > 16)
    Threads = 2;
  if (Argc <= 2 || strcmp(Argv[2], "nosignal") != 0) {
    signal(SIGUSR1, on_signal);
    raise(SIGUSR1);
  }
  double Total = compute(1000) + not_measured(1.0);
  pthread_t Workers[16];
  double Results[16];
  for (int I = 0; I < Threads; ++I)
    pthread_create(&Workers[I], NULL, worker_main, &Results[I]);
  for (int I = 0; I < Threads; ++I) {
    pthread_join(Workers[I], NULL);
    Total += Results[I] > 0;
  }
  printf("cyg_app: %d threads, %s\n", Threads, Total > 0 ? "ok" : "wrong");
  return 0;
}
