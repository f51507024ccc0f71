/* pid_region.c - a process that names its profile after its pid (C).
 *
 * Part of Sextant's tests of shared output directories. Each process
 * records the user region "pid-<pid>" around a little work, so that a
 * profile tells which process wrote it. With the argument "spawn" it also
 * starts itself twice without argument, by fork+exec and by posix_spawn,
 * and waits for both; its exit status is 0 when both children exited 0.
 */
#include <sextant/sextant.h>

#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#define NOINLINE __attribute__((noinline))

NOINLINE double work(int n) {
  double sum = 0;
  while (n-- > 0)
    sum += n * 0.5;
  return sum;
}

int main(int argc, char **argv) {
  char name[32];
  snprintf(name, sizeof(name), "pid-%d", (int)getpid());
  sextant_region_begin(name);
  double v = work(100000);
  sextant_region_end(name);
  if (argc < 2 || strcmp(argv[1], "spawn") != 0)
    return v < 0;
  char *child_argv[] = {argv[0], NULL};
  pid_t forked = fork();
  if (forked == 0) {
    execv("/proc/self/exe", child_argv);
    _exit(127);
  }
  pid_t spawned = -1;
  if (posix_spawn(&spawned, "/proc/self/exe", NULL, NULL, child_argv,
                  environ) != 0)
    return 2;
  int forked_status = 0, spawned_status = 0;
  waitpid(forked, &forked_status, 0);
  waitpid(spawned, &spawned_status, 0);
  return forked_status != 0 || spawned_status != 0;
}
