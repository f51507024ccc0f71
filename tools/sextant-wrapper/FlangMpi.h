//===- tools/sextant-wrapper/FlangMpi.h - MPI with flang --------*- C++ -*-===//
//
// Part of Sextant. What sextant-fortran does so that flang-new-19 compiles
// MPI Fortran code, whose MPI libraries were built for gfortran:
//
//   - `use mpi`: the MPIs' mpi.mod files are gfortran module files, which
//     flang cannot read. Sextant's installation holds an mpi module per MPI
//     compiled by flang-new-19 from that MPI's mpif.h
//     (<prefix>/lib/sextant/fortran/flang-19/<flavour>/mpi.mod,
//     mpi/fortran/CMakeLists.txt); the wrapper puts its directory first on
//     the include path (-I before every other argument) when it compiles
//     with flang and knows the line's MPI (MpiFlavour.h);
//   - `use mpi_f08` has no flang module (it is more than mpif.h: MPICH's is
//     built from its Fortran 2008 sources): a note says so;
//   - MPICH's mpifort adds the gfortran options MPICH was built with
//     (-fallow-argument-mismatch, -fallow-invalid-boz, -ffile-prefix-map=,
//     -fstack-protector-strong) to every line, and flang-new-19 stops at
//     them ("unknown argument"): the wrapper leaves them out when it runs
//     flang, so that `mpifort.mpich -fc=sextant-fortran` works.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_WRAPPER_FLANGMPI_H
#define SEXTANT_TOOLS_WRAPPER_FLANGMPI_H

#include "tools/sextant-wrapper/MpiFlavour.h"

#include <string>
#include <vector>

namespace sextant {
namespace wrapper {

/// The directory of flang's mpi module for Flavour below ModuleRoot (the
/// installation's flang-19 directory); empty for an unknown MPI.
std::string flangMpiModuleDirectory(const std::string &ModuleRoot,
                                    MpiFlavour Flavour);

/// Option is a gfortran option that MPICH's mpifort adds and that
/// flang-new-19 rejects.
bool isGfortranOnlyMpiOption(const std::string &Option);

/// Args without the options isGfortranOnlyMpiOption() names.
std::vector<std::string>
withoutGfortranOnlyMpiOptions(const std::vector<std::string> &Args);

/// The MPI modules a Fortran source uses: any `use mpi` and `use mpi_f08`
/// statement (in any case, with or without `, intrinsic ::`, `only:`).
struct MpiModuleUses {
  bool Mpi = false;
  bool MpiF08 = false;
};

/// The uses in the Fortran source text Text.
MpiModuleUses mpiModuleUsesOf(const std::string &Text);

} // namespace wrapper
} // namespace sextant

#endif // SEXTANT_TOOLS_WRAPPER_FLANGMPI_H
