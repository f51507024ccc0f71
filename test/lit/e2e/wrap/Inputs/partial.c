#include "partial.h"

#include <stdarg.h>
#include <stdio.h>

int partial_present(int value) { return value + 1; }
int partial_send(const int *buffer, size_t count, int peer) {
  return (int)count + peer + (buffer ? 0 : 1);
}
void partial_barrier(void) {}
int partial_start(int *argc) { return argc ? 0 : 1; }
int partial_rank(void) { return 0; }
int partial_size(void) { return 1; }
int partial_log_v(const char *format, va_list arguments) {
  return vprintf(format, arguments);
}
int partial_log(const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  int result = partial_log_v(format, arguments);
  va_end(arguments);
  return result;
}
int partial_print(const char *format, ...) { return format ? 0 : 1; }
