! The source that names-fortran.ll's debug information points to: the
! plugin reads the main program's name from the PROGRAM statement on the
! line of _QQmain's DISubprogram (line 4).
  Program Heat ! a comment after the name
end program heat
