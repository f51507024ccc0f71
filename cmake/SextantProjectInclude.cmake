# SextantProjectInclude.cmake: included by SextantToolchain.cmake after
# every project() call (CMAKE_PROJECT_INCLUDE).
#
# LTO done right: a target built with LTO (INTERPROCEDURAL_OPTIMIZATION, or
# -flto in CMAKE_C_FLAGS/CMAKE_CXX_FLAGS/CMAKE_Fortran_FLAGS at configure
# time) is instrumented once, after link-time optimization: its compiles
# defer the instrumentation (-mllvm -sextant-lto=link) and its links load the
# plugin into lld (-fuse-ld=lld -Wl,--load-pass-plugin=...). Without lld
# (SEXTANT_LLD not found) the compile step instruments, and the plugin warns.
# See docs/compiler-plugin.md ("LTO") and docs/building.md.

if(SEXTANT_USER_PROJECT_INCLUDE)
  include("${SEXTANT_USER_PROJECT_INCLUDE}")
endif()

get_property(_SEXTANT_IN_TRY_COMPILE GLOBAL PROPERTY IN_TRY_COMPILE)
# Directory options are inherited by subdirectories: once, at the top.
if(NOT _SEXTANT_IN_TRY_COMPILE AND SEXTANT_LLD AND
   CMAKE_CURRENT_SOURCE_DIR STREQUAL CMAKE_SOURCE_DIR)
  set(_SEXTANT_FLAGS_LTO 0)
  if("${CMAKE_C_FLAGS} ${CMAKE_CXX_FLAGS} ${CMAKE_Fortran_FLAGS}" MATCHES
     "(^| )-flto(=[a-z]+)?( |$)")
    set(_SEXTANT_FLAGS_LTO 1)
  endif()
  set(_SEXTANT_LTO
      "$<OR:$<BOOL:$<TARGET_PROPERTY:INTERPROCEDURAL_OPTIMIZATION>>,${_SEXTANT_FLAGS_LTO}>")
  add_compile_options("$<${_SEXTANT_LTO}:SHELL:-mllvm -sextant-lto=link>")
  add_link_options("$<${_SEXTANT_LTO}:-fuse-ld=lld>"
                   "$<${_SEXTANT_LTO}:-Wl,--load-pass-plugin=${SEXTANT_PLUGIN}>")
endif()
