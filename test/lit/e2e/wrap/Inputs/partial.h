/* A C library header: partial_missing is declared but libpartial does not
 * define it; cos is libm's. partial_send moves count ints to peer. */
#ifndef PARTIAL_H
#define PARTIAL_H
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif
int partial_present(int value);
int partial_missing(int value);
int partial_send(const int *buffer, size_t count, int peer);
void partial_barrier(void);
int partial_start(int *argc);
int partial_rank(void);
int partial_size(void);
int partial_log(const char *format, ...);
int partial_log_v(const char *format, __builtin_va_list arguments);
int partial_print(const char *format, ...);
double cos(double x);
#ifdef __cplusplus
}
#endif
#endif
