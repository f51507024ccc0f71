/* signal_deaths.c - a program that dies of the signal it is asked for (C).
 *
 * Part of Sextant's test applications. Usage: signal_deaths MODE where MODE
 * is the name of a signal without "SIG" (FPE, ILL, HUP, PIPE, ...) or
 * "overflow-thread". main -> run -> fail receives the signal while three
 * instrumented frames are open; visit counts: main 1, run 1, prepare 2,
 * fail 1. The faults are real where that is easy: FPE divides by zero, ILL
 * executes ud2, TRAP int3, PIPE writes to a pipe without reader, ALRM
 * arms alarm(1) and waits; every other signal is raised. A line
 * "signal_deaths: still alive" and exit status 0 follow when the signal does
 * not end the process (it is ignored, or handled).
 *
 * Built with -DINSTALL_EARLY_HANDLER, a constructor that runs before the
 * runtime's (link the static runtime) installs a SIGUSR1 handler without
 * SA_RESTART, which prints a line and returns; the program then runs on.
 *
 * overflow-thread: a worker thread, inside the instrumented overflow(),
 * recurses without end in an uninstrumented function until its stack
 * overflows (SIGSEGV on the worker thread).
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define NOINLINE __attribute__((noinline))
#define SKIP __attribute__((annotate("sextant_skip")))

struct NamedSignal {
  const char *Name;
  int Number;
};

static const struct NamedSignal Signals[] = {
    {"HUP", SIGHUP},   {"INT", SIGINT},   {"QUIT", SIGQUIT},
    {"ILL", SIGILL},   {"TRAP", SIGTRAP}, {"ABRT", SIGABRT},
    {"BUS", SIGBUS},   {"FPE", SIGFPE},   {"USR1", SIGUSR1},
    {"SEGV", SIGSEGV}, {"USR2", SIGUSR2}, {"PIPE", SIGPIPE},
    {"ALRM", SIGALRM}, {"TERM", SIGTERM}, {"STKFLT", SIGSTKFLT},
    {"XCPU", SIGXCPU}, {"XFSZ", SIGXFSZ}, {"VTALRM", SIGVTALRM},
    {"PROF", SIGPROF}, {"IO", SIGIO},     {"PWR", SIGPWR},
    {"SYS", SIGSYS},
};

#ifdef INSTALL_EARLY_HANDLER
SKIP static void early_handler(int Signal) {
  static const char Line[] = "signal_deaths: early handler called\n";
  (void)Signal;
  if (write(STDOUT_FILENO, Line, sizeof(Line) - 1) < 0)
    return;
}

__attribute__((constructor(101))) SKIP static void install_early_handler(void) {
  struct sigaction Action;
  memset(&Action, 0, sizeof(Action));
  Action.sa_handler = early_handler;
  sigemptyset(&Action.sa_mask);
  sigaction(SIGUSR1, &Action, NULL);
}
#endif

volatile int Zero = 0;
volatile int Sink;
volatile int Forever = 1;

NOINLINE long prepare(long Count) {
  long Sum = 0;
  while (Count > 0)
    Sum += Count--;
  return Sum;
}

NOINLINE void fail(const char *mode) {
  if (!strcmp(mode, "FPE")) {
    Sink = Sink / Zero; /* not 1 / Zero, which LLVM folds to a select */
  } else if (!strcmp(mode, "ILL")) {
    __builtin_trap();
  } else if (!strcmp(mode, "TRAP")) {
    __builtin_debugtrap();
  } else if (!strcmp(mode, "PIPE")) {
    int Ends[2];
    if (pipe(Ends) == 0) {
      close(Ends[0]);
      if (write(Ends[1], "x", 1) < 0)
        printf("signal_deaths: write failed: %s\n", strerror(errno));
    }
  } else if (!strcmp(mode, "ALRM")) {
    alarm(1);
    pause();
  } else {
    for (unsigned I = 0; I < sizeof(Signals) / sizeof(Signals[0]); ++I)
      if (!strcmp(mode, Signals[I].Name))
        raise(Signals[I].Number);
  }
  printf("signal_deaths: still alive\n");
}

NOINLINE void run(const char *mode) {
  printf("signal_deaths: %s\n", mode);
  fflush(stdout);
  if (prepare(10) + prepare(20) > 0)
    fail(mode);
}

/* Not instrumented, so that the stack overflows in the program's code. */
SKIP NOINLINE int recurse(int Depth) {
  volatile char Frame[512];
  Frame[0] = (char)Depth;
  if (!Forever)
    return Frame[0];
  return recurse(Depth + 1) + Frame[0];
}

NOINLINE void overflow(void) { Sink = recurse(0); }

NOINLINE void *worker(void *Unused) {
  (void)Unused;
  overflow();
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: signal_deaths SIGNAL|overflow-thread\n");
    return 2;
  }
  if (!strcmp(argv[1], "overflow-thread")) {
    pthread_t Thread;
    run("none");
    if (pthread_create(&Thread, NULL, worker, NULL) != 0)
      return 3;
    pthread_join(Thread, NULL);
    return 0;
  }
  run(argv[1]);
  return 0;
}
