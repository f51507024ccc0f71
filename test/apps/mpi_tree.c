/* test/apps/mpi_tree.c - ranks with different call trees
 *
 * Part of Sextant's test programs. Every rank runs common() and a
 * recursion recurse(3); even ranks also run even_only(), odd ranks
 * odd_only(), rank 3 alone rank_three(); the ranks pass a message around a
 * ring and sum with MPI_Allreduce, so that the job's merged call tree has
 * call paths some ranks lack.
 *
 *   mpi_tree            as above
 *   mpi_tree spoil R    rank R also makes $SEXTANT_OUTPUT_DIR/rank-R/
 *                       profile.json a directory before MPI_Finalize, so
 *                       that its profile cannot be written nor read
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

__attribute__((noinline)) double spin(int Rounds) {
  volatile double Sum = 0;
  for (int I = 0; I < Rounds; ++I)
    Sum += (I % 7) * 0.5;
  return Sum;
}

__attribute__((noinline)) double common(int Rank) {
  return spin(20000 + 1000 * Rank);
}
__attribute__((noinline)) double recurse(int Depth) {
  return Depth == 0 ? spin(5000) : recurse(Depth - 1) + spin(1000);
}
__attribute__((noinline)) double even_only(void) { return spin(3000); }
__attribute__((noinline)) double odd_only(void) { return spin(4000); }
__attribute__((noinline)) double rank_three(void) { return spin(6000); }

static void spoil(int Rank) {
  const char *Base = getenv("SEXTANT_OUTPUT_DIR");
  char Path[4096];
  if (!Base)
    return;
  snprintf(Path, sizeof Path, "%s/rank-%d", Base, Rank);
  mkdir(Path, 0755);
  snprintf(Path, sizeof Path, "%s/rank-%d/profile.json", Base, Rank);
  mkdir(Path, 0755);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int Rank = 0, Size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  MPI_Comm_size(MPI_COMM_WORLD, &Size);
  double Local = common(Rank) + recurse(3);
  Local += Rank % 2 == 0 ? even_only() : odd_only();
  if (Rank == 3)
    Local += rank_three();
  double Token = Local, Received = 0;
  MPI_Sendrecv(&Token, 1, MPI_DOUBLE, (Rank + 1) % Size, 0, &Received, 1,
               MPI_DOUBLE, (Rank + Size - 1) % Size, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  double Global = 0;
  MPI_Allreduce(&Local, &Global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (argc > 2 && strcmp(argv[1], "spoil") == 0 && Rank == atoi(argv[2]))
    spoil(Rank);
  if (Rank == 0)
    printf("sum %.1f\n", Global > 0 ? 1.0 : 0.0);
  MPI_Finalize();
  return 0;
}
