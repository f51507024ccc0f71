/* The C interface of stats.cpp (wrapper_makefile.test). */
#ifdef __cplusplus
extern "C" {
#endif
double mean_of_squares(int n);
#ifdef __cplusplus
}
#endif
