! The main program of the CMake Fortran project: a module procedure, a
! type-bound procedure and a C function called through BIND(C).
program fdemo
  use heat_mod
  implicit none
  interface
    integer(c_int) function tick(n) bind(c, name='tick')
      use iso_c_binding, only: c_int
      integer(c_int), value :: n
    end function tick
  end interface
  real :: a(50)
  type(grid) :: g
  a = 1.0
  call smooth(a, 50)
  call smooth(a, 50)
  g%n = tick(2)
  print '(a,i0)', 'fdemo: total ', g%total()
end program fdemo
