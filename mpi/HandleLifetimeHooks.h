//===- mpi/HandleLifetimeHooks.h - Hooks of freed handles -------*- C++ -*-===//
//
// Part of Sextant. The accounting hooks (HookSupport.h) of the calls that
// end a communicator's or a window's life: before MPI frees the handle
// (which it may hand out again), its cached rank translation
// (MpiAccounting.h) is forgotten.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_HANDLELIFETIMEHOOKS_H
#define SEXTANT_MPI_HANDLELIFETIMEHOOKS_H

#include "HookSupport.h"

namespace sextant {
namespace mpi {
namespace hooks {

struct MPI_Comm_free {
  struct State {};
  static void before(State &, MPI_Comm *&Comm) {
    if (Comm)
      forgetCommunicator(*Comm);
  }
  static void after(State &, int, MPI_Comm *) {}
};
struct MPI_Comm_disconnect : MPI_Comm_free {};
struct MPI_Win_free {
  struct State {};
  static void before(State &, MPI_Win *&Window) {
    if (Window)
      forgetWindow(*Window);
  }
  static void after(State &, int, MPI_Win *) {}
};

} // namespace hooks
} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_HANDLELIFETIMEHOOKS_H
