! test/apps/ring_mpi.f90 - a Fortran MPI program
!
! Part of Sextant's test programs. Each rank passes 10 doubles around the
! ring ROUNDS times (MPI_Sendrecv to rank + 1, from rank - 1) and sums a
! value over the ranks with MPI_Allreduce. Uses MPICH's mpif.h (MPICH's
! mpi.mod is a gfortran module that flang cannot read; `use mpi` with
! Sextant's module for flang: fortran_use_mpi.f90).
program ring
  implicit none
  include 'mpif.h'
  integer, parameter :: rounds = 5
  integer :: ierr, rank, nranks, i
  double precision :: total
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nranks, ierr)
  do i = 1, rounds
    call pass_on(rank, nranks)
  end do
  call MPI_Allreduce(dble(rank), total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, &
                     MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(A,I0,A,I0,A,F6.1)', 'ring_mpi: ', nranks, &
      ' ranks, ', rounds, ' rounds, sum ', total
  call MPI_Finalize(ierr)
contains
  subroutine pass_on(rank, nranks)
    integer, intent(in) :: rank, nranks
    double precision :: out(10), in(10)
    integer :: status(MPI_STATUS_SIZE), ierr
    out = rank
    call MPI_Sendrecv(out, 10, MPI_DOUBLE_PRECISION, mod(rank + 1, nranks), &
                      1, in, 10, MPI_DOUBLE_PRECISION, &
                      mod(rank + nranks - 1, nranks), 1, MPI_COMM_WORLD, &
                      status, ierr)
  end subroutine pass_on
end program ring
