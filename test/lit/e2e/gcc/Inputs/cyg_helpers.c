// cyg_helpers.c - the part of cyg_app.c's program that
// -finstrument-functions-exclude-file-list leaves out: helper_scale is not
// measured, compute() called from it is (beneath helper_scale's caller).
#define NOINLINE __attribute__((noinline))

double compute(int N);

NOINLINE double helper_scale(double X) { return compute(5) * X; }
