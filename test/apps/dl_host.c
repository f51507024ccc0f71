/* dl_host.c - opens, uses and closes an instrumented library twice (C).
 *
 * Part of Sextant's test applications. Usage: dl_host LIBRARY. Loads
 * LIBRARY (dl_plugin.c) with dlopen, calls plugin_work(5), unloads it with
 * dlclose, checks in /proc/self/maps that it is really gone, then does the
 * same with plugin_work(3). The runtime must keep the library's regions
 * (their names were copied) and give them the same ids after the reload;
 * pausing and resuming the measurement after the unload must not touch the
 * unloaded library. Visit counts: main 1, host_work 1, plugin_work 2,
 * plugin_step 8.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sextant/sextant.h"

#define NOINLINE __attribute__((noinline))

typedef double (*work_function)(int);

/* 1 when a mapping of a file whose path ends in Name is in the process. */
static int is_mapped(const char *name) {
  FILE *maps = fopen("/proc/self/maps", "r");
  char line[4096];
  int found = 0;
  size_t length = strlen(name);
  if (!maps)
    return -1;
  while (fgets(line, sizeof(line), maps)) {
    size_t end = strcspn(line, "\n");
    line[end] = '\0';
    if (end >= length && !strcmp(line + end - length, name))
      found = 1;
  }
  fclose(maps);
  return found;
}

NOINLINE double use_library(const char *path, int n) {
  void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    fprintf(stderr, "dl_host: %s\n", dlerror());
    exit(1);
  }
  work_function work = (work_function)dlsym(library, "plugin_work");
  if (!work) {
    fprintf(stderr, "dl_host: %s\n", dlerror());
    exit(1);
  }
  double result = work(n);
  dlclose(library);
  const char *slash = strrchr(path, '/');
  printf("dl_host: unloaded: %s\n",
         is_mapped(slash ? slash : path) == 0 ? "yes" : "no");
  return result;
}

NOINLINE double host_work(double x) { return x * 2.0 + 1.0; }

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: dl_host LIBRARY\n");
    return 2;
  }
  double total = use_library(argv[1], 5);
  sextant_pause();
  sextant_resume();
  total += use_library(argv[1], 3);
  total = host_work(total);
  printf("dl_host: total %.3f\n", total);
  return 0;
}
