! test/apps/fortran_use_mpi.f90 - a Fortran MPI program with `use mpi`
!
! Part of Sextant's test programs. Rank 0 sends 4 doubles to every other
! rank (MPI_Send/MPI_Recv, in the module procedure exchange::share), then
! the ranks sum their numbers with MPI_Allreduce (in the program's internal
! procedure add_up). Uses the `mpi` module, which flang-new-19 can read
! only when it is Sextant's (MPICH's own mpi.mod is a gfortran module).
module exchange
  use mpi
  implicit none
contains
  subroutine share(rank, nranks, received)
    integer, intent(in) :: rank, nranks
    double precision, intent(out) :: received
    double precision :: buffer(4)
    integer :: status(MPI_STATUS_SIZE), ierr, peer
    if (rank == 0) then
      buffer = 1.5d0
      do peer = 1, nranks - 1
        call MPI_Send(buffer, 4, MPI_DOUBLE_PRECISION, peer, 7, &
                      MPI_COMM_WORLD, ierr)
      end do
    else
      call MPI_Recv(buffer, 4, MPI_DOUBLE_PRECISION, 0, 7, MPI_COMM_WORLD, &
                    status, ierr)
      if (status(MPI_SOURCE) /= 0) buffer = -1
    end if
    received = sum(buffer)
  end subroutine share
end module exchange

program fortran_use_mpi
  use mpi
  use exchange
  implicit none
  integer :: ierr, rank, nranks, total
  double precision :: received
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nranks, ierr)
  call share(rank, nranks, received)
  if (rank == 1) print '(A,F4.1)', 'fortran_use_mpi: rank 1 received ', &
      received
  call add_up(rank + 1, total)
  if (rank == 0) print '(A,I0,A,I0)', 'fortran_use_mpi: ', nranks, &
      ' ranks, total ', total
  call MPI_Finalize(ierr)
contains
  subroutine add_up(mine, total)
    integer, intent(in) :: mine
    integer, intent(out) :: total
    integer :: ierr
    call MPI_Allreduce(mine, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, &
                       ierr)
  end subroutine add_up
end program fortran_use_mpi
