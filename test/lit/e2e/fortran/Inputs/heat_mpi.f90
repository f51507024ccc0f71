! The main program of fortran_mpi.test: heat_mod's procedures on every
! rank, MPI through MPICH's mpif.h (flang cannot read MPICH's gfortran
! mpi.mod), and an internal procedure that makes the MPI calls.
program heat_mpi
  use heat_mod
  implicit none
  include 'mpif.h'
  real :: a(100)
  type(grid) :: g
  integer :: rank, ranks, ierr
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, ranks, ierr)
  a = 1.0
  call smooth(a, 100)
  g%n = rank + 1
  call combine(g%total())
  call MPI_Finalize(ierr)
contains
  subroutine combine(t)
    integer, intent(in) :: t
    integer :: total
    call MPI_Allreduce(t, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
    if (rank == 0) print '(a,i0,a,i0)', 'heat_mpi: ', ranks, ' ranks, total ', total
  end subroutine combine
end program heat_mpi
