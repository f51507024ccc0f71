/* A C function of the CMake Fortran project, called from Fortran. */
int tick(int N) { return N + 1; }
