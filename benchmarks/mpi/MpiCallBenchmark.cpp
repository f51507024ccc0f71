//===- benchmarks/mpi/MpiCallBenchmark.cpp - Cost of one wrapped MPI call -===//
//
// Part of Sextant. Google Benchmark of the PMPI adapter's overhead per MPI
// call. The binary links libsextant-mpi, so calling MPI_X goes through
// Sextant's wrapper (region enter/exit, call counter, accounting hook)
// while calling PMPI_X goes straight to MPICH: both are timed side by side
// in one process. Cases, each as _PMPI and _Wrapped:
//
//   CommRank   MPI_Comm_rank(MPI_COMM_WORLD): the cheapest call, only the
//              wrapper's own cost
//   SelfSendRecv  MPI_Sendrecv of 0 bytes to the process itself: a
//              point-to-point call with send and receive accounting
//   SelfIsendIrecvWaitall  MPI_Irecv + MPI_Isend + MPI_Waitall of 0 bytes
//              to itself: three calls and two request-table records
//
// Run with one rank (a singleton MPI_Init); run_mpi_overhead.py runs it,
// takes medians and prints the table of docs/performance.md.
//
//===----------------------------------------------------------------------===//

#include <benchmark/benchmark.h>
#include <mpi.h>

namespace {

void CommRank_PMPI(benchmark::State &State) {
  int Rank;
  for (auto _ : State) {
    PMPI_Comm_rank(MPI_COMM_WORLD, &Rank);
    benchmark::DoNotOptimize(Rank);
  }
}
void CommRank_Wrapped(benchmark::State &State) {
  int Rank;
  for (auto _ : State) {
    MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
    benchmark::DoNotOptimize(Rank);
  }
}

void SelfSendRecv_PMPI(benchmark::State &State) {
  int Self;
  PMPI_Comm_rank(MPI_COMM_WORLD, &Self);
  char Byte = 0;
  for (auto _ : State)
    PMPI_Sendrecv(&Byte, 0, MPI_BYTE, Self, 1, &Byte, 0, MPI_BYTE, Self, 1,
                  MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
void SelfSendRecv_Wrapped(benchmark::State &State) {
  int Self;
  MPI_Comm_rank(MPI_COMM_WORLD, &Self);
  char Byte = 0;
  for (auto _ : State)
    MPI_Sendrecv(&Byte, 0, MPI_BYTE, Self, 1, &Byte, 0, MPI_BYTE, Self, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

void SelfIsendIrecvWaitall_PMPI(benchmark::State &State) {
  int Self;
  PMPI_Comm_rank(MPI_COMM_WORLD, &Self);
  char In = 0, Out = 0;
  MPI_Request Requests[2];
  for (auto _ : State) {
    PMPI_Irecv(&In, 0, MPI_BYTE, Self, 2, MPI_COMM_WORLD, &Requests[0]);
    PMPI_Isend(&Out, 0, MPI_BYTE, Self, 2, MPI_COMM_WORLD, &Requests[1]);
    PMPI_Waitall(2, Requests, MPI_STATUSES_IGNORE);
  }
}
void SelfIsendIrecvWaitall_Wrapped(benchmark::State &State) {
  int Self;
  MPI_Comm_rank(MPI_COMM_WORLD, &Self);
  char In = 0, Out = 0;
  MPI_Request Requests[2];
  for (auto _ : State) {
    MPI_Irecv(&In, 0, MPI_BYTE, Self, 2, MPI_COMM_WORLD, &Requests[0]);
    MPI_Isend(&Out, 0, MPI_BYTE, Self, 2, MPI_COMM_WORLD, &Requests[1]);
    MPI_Waitall(2, Requests, MPI_STATUSES_IGNORE);
  }
}

BENCHMARK(CommRank_PMPI);
BENCHMARK(CommRank_Wrapped);
BENCHMARK(SelfSendRecv_PMPI);
BENCHMARK(SelfSendRecv_Wrapped);
BENCHMARK(SelfIsendIrecvWaitall_PMPI);
BENCHMARK(SelfIsendIrecvWaitall_Wrapped);

} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  MPI_Finalize();
  return 0;
}
