! A module for the Fortran end-to-end tests (fortran_*.test): a derived type
! with a type-bound procedure, a module procedure with an OpenMP worksharing
! loop and an internal procedure.
module heat_mod
  implicit none
  type :: grid
    integer :: n
  contains
    procedure :: total => grid_total
  end type grid
contains
  subroutine smooth(a, n)
    integer, intent(in) :: n
    real, intent(inout) :: a(n)
    integer :: i
    !$omp parallel do
    do i = 2, n - 1
      a(i) = 0.5 * (a(i - 1) + a(i + 1))
    end do
    !$omp end parallel do
    call check(a(1))
  contains
    subroutine check(x)
      real, intent(in) :: x
      if (x < 0.0) print *, 'negative'
    end subroutine check
  end subroutine smooth

  integer function grid_total(self)
    class(grid), intent(in) :: self
    grid_total = self%n * 2
  end function grid_total
end module heat_mod
