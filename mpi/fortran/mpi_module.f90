! mpi/fortran/mpi_module.f90 - MPI's `mpi` module for flang-new-19
!
! Part of Sextant. The MPI libraries of Debian ship their `mpi` module
! (mpi.mod) as a gfortran module file, which flang cannot read. This
! module holds everything mpif.h declares (constants, handles, kinds, the
! common blocks of MPI_BOTTOM, MPI_IN_PLACE, MPI_STATUS_IGNORE, ...), so
! that `use mpi` compiles with flang-new-19 and means what
! `include 'mpif.h'` means: the MPI procedures keep implicit interfaces
! (no compile-time checking of their arguments). It is compiled once per
! MPI against that MPI's mpif.h (mpi/fortran/CMakeLists.txt); the program
! links the MPI's own Fortran library (MPICH: -lmpichfort, Open MPI:
! -lmpi_mpifh), nothing of this module.
module mpi
  implicit none
  include 'mpif.h'
end module mpi
