! The main program of fortran_names.test: module procedures, a type-bound
! procedure called through its binding, and an internal procedure.
program heat
  use heat_mod
  implicit none
  real :: a(100)
  type(grid) :: g
  integer :: step
  a = 1.0
  do step = 1, 3
    call smooth(a, 100)
  end do
  g%n = 3
  call report(g%total())
contains
  subroutine report(t)
    integer, intent(in) :: t
    print '(a,i0)', 'heat: total ', t
  end subroutine report
end program heat
