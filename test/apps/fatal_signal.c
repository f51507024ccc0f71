/* fatal_signal.c - a program that dies of a fatal signal (C).
 *
 * Part of Sextant's test applications. Usage: fatal_signal MODE where MODE
 * is segv (a store through a null pointer), bus (raise(SIGBUS)), abort
 * (abort()), term (kill(getpid(), SIGTERM)) or int (raise(SIGINT)).
 * main -> run -> fail dies while three instrumented frames are open; the
 * runtime must still write the profile and the process must end by the
 * signal. Visit counts: main 1, run 1, prepare 2, fail 1.
 *
 * Built with -DINSTALL_EARLY_HANDLER, a constructor that runs before the
 * runtime's (link the static runtime) installs its own SIGSEGV handler,
 * which prints a line, restores the default action and returns, so that
 * the faulting store is retried and the process ends by SIGSEGV.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NOINLINE __attribute__((noinline))

#ifdef INSTALL_EARLY_HANDLER
__attribute__((annotate("sextant_skip"))) static void early_handler(int sig) {
  static const char Line[] = "fatal_signal: early handler called\n";
  (void)sig;
  write(STDOUT_FILENO, Line, sizeof(Line) - 1);
  signal(SIGSEGV, SIG_DFL);
}

__attribute__((constructor(101), annotate("sextant_skip"))) static void
install_early_handler(void) {
  signal(SIGSEGV, early_handler);
}
#endif

volatile int *volatile target = NULL;

NOINLINE double prepare(int n) {
  double x = 0;
  for (int i = 0; i < n; ++i)
    x += i * 0.25;
  return x;
}

NOINLINE void fail(const char *mode) {
  printf("fatal_signal: %s\n", mode);
  fflush(stdout);
  if (!strcmp(mode, "segv"))
    *target = 1;
  else if (!strcmp(mode, "bus"))
    raise(SIGBUS);
  else if (!strcmp(mode, "abort"))
    abort();
  else if (!strcmp(mode, "term"))
    kill(getpid(), SIGTERM);
  else if (!strcmp(mode, "int"))
    raise(SIGINT);
  printf("fatal_signal: still alive\n");
}

NOINLINE void run(const char *mode) {
  double v = prepare(10) + prepare(20);
  if (v > 0)
    fail(mode);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: fatal_signal segv|bus|abort|term|int\n");
    return 2;
  }
  run(argv[1]);
  return 0;
}
