//===- test/unit/tool/Otf2MappingTests.cpp - OTF2 export mapping ---------===//
//
// Part of Sextant. What the OTF2 export makes of Sextant's records before
// any OTF2 call: the role and paradigm of each kind of region (MPI
// point-to-point and collective calls in their nonblocking, persistent and
// large-count forms, the OpenMP constructs the runtime names, user regions,
// functions), location ids that are unique per rank and thread, and
// timestamps moved to be non-negative and clamped to 64 bits (NaN: 0).
//
//===----------------------------------------------------------------------===//

#include "tools/sextant/Otf2Mapping.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>

using namespace sextant;
using namespace sextant::tool;

namespace {

format::RegionRecord region(const std::string &Name, bool Mpi = false,
                            bool OpenMP = false, bool User = false) {
  format::RegionRecord Region;
  Region.Name = Name;
  Region.Flags.Mpi = Mpi;
  Region.Flags.OpenMP = OpenMP;
  Region.Flags.User = User;
  return Region;
}

OTF2_RegionRole mpiRole(const std::string &Name) {
  Otf2RegionKind Kind = otf2RegionKind(region(Name, /*Mpi=*/true));
  CHECK(Kind.Paradigm == OTF2_PARADIGM_MPI);
  return Kind.Role;
}

OTF2_RegionRole openMPRole(const std::string &Name) {
  Otf2RegionKind Kind =
      otf2RegionKind(region(Name, /*Mpi=*/false, /*OpenMP=*/true));
  CHECK(Kind.Paradigm == OTF2_PARADIGM_OPENMP);
  return Kind.Role;
}

} // namespace

TEST_CASE("MPI point-to-point calls in every form are POINT2POINT",
          "[tool][otf2]") {
  for (const char *Name :
       {"MPI_Send", "MPI_Isend", "MPI_Ssend", "MPI_Recv", "MPI_Irecv",
        "MPI_Sendrecv", "MPI_Sendrecv_replace", "MPI_Send_init",
        "MPI_Recv_init", "MPI_Startall", "MPI_Wait", "MPI_Waitall",
        "MPI_Testany", "MPI_Send_c", "MPI_Mrecv", "MPI_Probe"}) {
    INFO(Name);
    CHECK(mpiRole(Name) == OTF2_REGION_ROLE_POINT2POINT);
  }
}

TEST_CASE("MPI collectives get the role of their data flow", "[tool][otf2]") {
  CHECK(mpiRole("MPI_Bcast") == OTF2_REGION_ROLE_COLL_ONE2ALL);
  CHECK(mpiRole("MPI_Scatterv") == OTF2_REGION_ROLE_COLL_ONE2ALL);
  CHECK(mpiRole("MPI_Reduce") == OTF2_REGION_ROLE_COLL_ALL2ONE);
  CHECK(mpiRole("MPI_Gatherv") == OTF2_REGION_ROLE_COLL_ALL2ONE);
  CHECK(mpiRole("MPI_Allreduce") == OTF2_REGION_ROLE_COLL_ALL2ALL);
  CHECK(mpiRole("MPI_Alltoallw") == OTF2_REGION_ROLE_COLL_ALL2ALL);
  CHECK(mpiRole("MPI_Scan") == OTF2_REGION_ROLE_COLL_OTHER);
  CHECK(mpiRole("MPI_Barrier") == OTF2_REGION_ROLE_BARRIER);
  // Nonblocking, persistent and large-count forms: the blocking role.
  CHECK(mpiRole("MPI_Iallreduce") == OTF2_REGION_ROLE_COLL_ALL2ALL);
  CHECK(mpiRole("MPI_Ibarrier") == OTF2_REGION_ROLE_BARRIER);
  CHECK(mpiRole("MPI_Allreduce_c") == OTF2_REGION_ROLE_COLL_ALL2ALL);
  CHECK(mpiRole("MPI_Bcast_init") == OTF2_REGION_ROLE_COLL_ONE2ALL);
  CHECK(mpiRole("MPI_Neighbor_alltoall") == OTF2_REGION_ROLE_COLL_OTHER);
}

TEST_CASE("other MPI calls are functions of the MPI paradigm", "[tool][otf2]") {
  for (const char *Name : {"MPI_Init", "MPI_Finalize", "MPI_Comm_split",
                           "MPI_Win_fence", "MPI_Put", "MPI_", "PMPI_Send"}) {
    INFO(Name);
    CHECK(mpiRole(Name) == OTF2_REGION_ROLE_FUNCTION);
  }
}

TEST_CASE("OpenMP constructs by the name the runtime gives them",
          "[tool][otf2]") {
  CHECK(openMPRole("omp parallel @heat.c:12") == OTF2_REGION_ROLE_PARALLEL);
  CHECK(openMPRole("omp parallel") == OTF2_REGION_ROLE_PARALLEL);
  CHECK(openMPRole("omp implicit task") == OTF2_REGION_ROLE_TASK);
  CHECK(openMPRole("omp for @a.c:3") == OTF2_REGION_ROLE_LOOP);
  CHECK(openMPRole("omp implicit barrier") ==
        OTF2_REGION_ROLE_IMPLICIT_BARRIER);
  CHECK(openMPRole("omp barrier @a.c:9") == OTF2_REGION_ROLE_BARRIER);
  CHECK(openMPRole("omp single @a.c:9") == OTF2_REGION_ROLE_SINGLE);
  CHECK(openMPRole("omp task create @a.c:9") == OTF2_REGION_ROLE_TASK_CREATE);
  CHECK(openMPRole("omp task @a.c:9") == OTF2_REGION_ROLE_TASK);
  CHECK(openMPRole("omp taskwait @a.c:9") == OTF2_REGION_ROLE_TASK_WAIT);
  CHECK(openMPRole("omp critical @a.c:9") == OTF2_REGION_ROLE_CRITICAL);
  // The waits inside constructs are plain code.
  CHECK(openMPRole("omp critical wait") == OTF2_REGION_ROLE_CODE);
  CHECK(openMPRole("omp lock wait @a.c:9") == OTF2_REGION_ROLE_CODE);
  // A name that only starts like a construct is not that construct.
  CHECK(openMPRole("omp parallelism") == OTF2_REGION_ROLE_CODE);
}

TEST_CASE("user regions are code, functions compiler-instrumented",
          "[tool][otf2]") {
  Otf2RegionKind User = otf2RegionKind(region("solver phase", false, false,
                                              /*User=*/true));
  CHECK(User.Role == OTF2_REGION_ROLE_CODE);
  CHECK(User.Paradigm == OTF2_PARADIGM_USER);
  Otf2RegionKind Function = otf2RegionKind(region("MPI_Send"));
  CHECK(Function.Role == OTF2_REGION_ROLE_FUNCTION);
  CHECK(Function.Paradigm == OTF2_PARADIGM_COMPILER);
}

TEST_CASE("location ids are unique per rank and thread and sort by rank",
          "[tool][otf2]") {
  CHECK(otf2LocationId(-1, 0) == 0);
  CHECK(otf2LocationId(-1, 7) == 7);
  CHECK(otf2LocationId(0, 3) == 3);
  CHECK(otf2LocationId(1, 0) == (uint64_t(1) << 32));
  CHECK(otf2LocationId(1, 0) > otf2LocationId(0, UINT32_MAX));
  CHECK(otf2LocationId(99999, 2) == ((uint64_t(99999) << 32) | 2));
}

TEST_CASE("timestamps are shifted nanoseconds, rounded, never negative",
          "[tool][otf2]") {
  CHECK(otf2Timestamp(0.0, 0.0) == 0);
  CHECK(otf2Timestamp(1234.4, 0.0) == 1234);
  CHECK(otf2Timestamp(1234.6, 0.0) == 1235);
  CHECK(otf2Timestamp(-500.0, 500.0) == 0);
  CHECK(otf2Timestamp(-500.0, 1500.0) == 1000);
  CHECK(otf2Timestamp(-10.0, 0.0) == 0);
  // A clock of absurd ticks per second gives times beyond 64 bits or NaN:
  // clamped, never converted out of range.
  CHECK(otf2Timestamp(1e300, 0.0) == UINT64_MAX);
  CHECK(otf2Timestamp(std::nan(""), 0.0) == 0);
  CHECK(otf2Timestamp(-1e300, 1e300 * 10) == UINT64_MAX);
}
