# SextantFortranCheck.cmake: included by CMake when a project configured with
# SextantToolchain.cmake enables Fortran (the toolchain file names it in
# CMAKE_USER_MAKE_RULES_OVERRIDE_Fortran), after CMake has identified the
# Fortran compiler and before it tests it. Sextant's plugin is an LLVM 19
# plugin: only flang-new-19 can load it, so any other Fortran compiler stops
# the configuration here, saying what to change, instead of building the
# Fortran sources uninstrumented.

if(NOT (CMAKE_Fortran_COMPILER_ID STREQUAL "LLVMFlang" AND
        CMAKE_Fortran_COMPILER_VERSION VERSION_GREATER_EQUAL 19 AND
        CMAKE_Fortran_COMPILER_VERSION VERSION_LESS 20))
  message(FATAL_ERROR "SextantToolchain.cmake: this project compiles Fortran, "
    "and Sextant instruments Fortran only when flang-new-19 (LLVM 19's Flang) "
    "compiles it, but the Fortran compiler is ${CMAKE_Fortran_COMPILER_ID} "
    "${CMAKE_Fortran_COMPILER_VERSION} (${CMAKE_Fortran_COMPILER}). Install "
    "flang-19 (apt-get install flang-19), whose flang-new-19 the toolchain "
    "file then uses, or put flang-new-19 on PATH, and configure a new build "
    "directory.")
endif()

# A rules file the project or the user had named before the toolchain file.
if(SEXTANT_USER_MAKE_RULES_OVERRIDE_Fortran)
  include("${SEXTANT_USER_MAKE_RULES_OVERRIDE_Fortran}")
endif()
