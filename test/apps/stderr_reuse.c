/* stderr_reuse.c - a program that closes stderr and reuses descriptor 2.
 *
 * Part of Sextant's test applications. `stderr_reuse DATA` closes file
 * descriptor 2, opens DATA (which gets descriptor 2), writes one line of
 * data to it and exits with the file still open: the runtime's messages at
 * exit must not land in DATA. `stderr_reuse --descriptors` prints how many
 * descriptors above 2 are open without close-on-exec, i.e. would be
 * inherited by a program it execs: the runtime must add none.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define NOINLINE __attribute__((noinline))

NOINLINE int write_data(int fd) {
  static const char line[] = "data 1 2 3\n";
  return write(fd, line, sizeof(line) - 1) == (ssize_t)(sizeof(line) - 1);
}

NOINLINE void count_descriptors(void) {
  int inherited = 0;
  for (int fd = 3; fd < 4096; ++fd) {
    int flags = fcntl(fd, F_GETFD);
    if (flags >= 0 && !(flags & FD_CLOEXEC))
      ++inherited;
  }
  printf("stderr_reuse: %d descriptors above 2 without close-on-exec\n",
         inherited);
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--descriptors") == 0) {
    count_descriptors();
    return 0;
  }
  if (argc != 2) {
    fprintf(stderr, "usage: stderr_reuse DATA | --descriptors\n");
    return 2;
  }
  close(2);
  int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd != 2 || !write_data(fd))
    return 1;
  printf("stderr_reuse: wrote %s on descriptor %d\n", argv[1], fd);
  return 0;
}
