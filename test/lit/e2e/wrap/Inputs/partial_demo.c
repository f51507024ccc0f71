/* Calls partial_present twice, partial_log once; then, with an argument,
 * partial_missing through the process's symbol table (the preloaded
 * wrapper's definition), whose original the library does not have. */
#include "partial.h"

#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv) {
  (void)argv;
  int sum = partial_present(1) + partial_present(2);
  partial_log("partial_demo: %d\n", sum);
  if (argc > 1) {
    int (*missing)(int) = (int (*)(int))dlsym(RTLD_DEFAULT, "partial_missing");
    printf("partial_demo: calling partial_missing (%s)\n",
           missing ? "found" : "not found");
    fflush(stdout);
    if (missing)
      return missing(3);
  }
  return 0;
}
