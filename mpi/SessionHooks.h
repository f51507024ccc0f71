//===- mpi/SessionHooks.h - Hooks of MPI start-up, end, faults --*- C++ -*-===//
//
// Part of Sextant. The accounting hooks (HookSupport.h) of MPI_Init,
// MPI_Init_thread, MPI_Finalize and MPI_Abort: they start and end the
// adapter's session (MpiSession.h), which turns accounting on and off.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_SESSIONHOOKS_H
#define SEXTANT_MPI_SESSIONHOOKS_H

#include "HookSupport.h"
#include "MpiSession.h"

namespace sextant {
namespace mpi {
namespace hooks {

struct MPI_Init : Stateless {
  static void after(State &, int Result, int *, char ***) {
    sessionAfterInit(Result, -1);
  }
};
struct MPI_Init_thread : Stateless {
  static void after(State &, int Result, int *, char ***, int, int *Provided) {
    sessionAfterInit(Result, Provided ? *Provided : -1);
  }
};
struct MPI_Finalize {
  struct State {};
  static void before(State &) { sessionBeforeFinalize(); }
  static void after(State &, int) { sessionAfterFinalize(); }
};
struct MPI_Abort {
  struct State {};
  static void before(State &, MPI_Comm &, int &Code) {
    sessionBeforeAbort(Code);
  }
  static void after(State &, int, MPI_Comm, int) {}
};

} // namespace hooks
} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_SESSIONHOOKS_H
