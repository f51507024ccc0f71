/* fork_child.c - a process that forks a child without exec (C).
 *
 * Part of Sextant's test applications. main calls before_fork(), then
 * spawn(), which calls fork(). The child calls child_work() three times and
 * returns from main; the parent waits for it and calls parent_work() twice.
 * Each process must write its own experiment: the parent's with main 1,
 * before_fork 1, spawn 1, parent_work 2; the child's, starting at the fork
 * with the frames open then (main and spawn, one visit each), with
 * child_work 3 and nothing of the parent's.
 */
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define NOINLINE __attribute__((noinline))

volatile double sink;

NOINLINE double work(int n) {
  double x = 0;
  for (int i = 0; i < n; ++i)
    x += i * 0.5;
  sink += x;
  return x;
}

NOINLINE double before_fork(void) { return work(10); }
NOINLINE double child_work(void) { return work(20); }
NOINLINE double parent_work(void) { return work(30); }

NOINLINE pid_t spawn(void) {
  fflush(stdout);
  return fork();
}

int main(void) {
  before_fork();
  pid_t child = spawn();
  if (child < 0) {
    perror("fork_child: fork");
    return 1;
  }
  if (child == 0) {
    double x = child_work() + child_work() + child_work();
    printf("fork_child: child %ld done (%.1f)\n", (long)getpid(), x);
    return 0;
  }
  int status = 0;
  waitpid(child, &status, 0);
  double y = parent_work() + parent_work();
  printf("fork_child: parent done, child status %d (%.1f)\n",
         WIFEXITED(status) ? WEXITSTATUS(status) : -1, y);
  return 0;
}
