# Finds the OTF2 library (Debian: libotf2-trace-dev) for the OTF2 export of
# `sextant export --format=otf2`: through pkg-config (module otf2), else
# through otf2-config. Sets SEXTANT_HAVE_OTF2 and the imported target
# sextant_otf2, and says at configure time whether the export is built.
include_guard(GLOBAL)

set(SEXTANT_HAVE_OTF2 OFF)
find_package(PkgConfig QUIET)
if(PKG_CONFIG_FOUND)
  pkg_check_modules(SEXTANT_OTF2_PC QUIET IMPORTED_TARGET otf2)
endif()
if(SEXTANT_OTF2_PC_FOUND)
  add_library(sextant_otf2 INTERFACE IMPORTED GLOBAL)
  target_link_libraries(sextant_otf2 INTERFACE PkgConfig::SEXTANT_OTF2_PC)
  set(SEXTANT_HAVE_OTF2 ON)
  set(_sextant_otf2_how "pkg-config otf2 ${SEXTANT_OTF2_PC_VERSION}")
else()
  find_program(SEXTANT_OTF2_CONFIG otf2-config)
  if(SEXTANT_OTF2_CONFIG)
    execute_process(COMMAND ${SEXTANT_OTF2_CONFIG} --cppflags
                    OUTPUT_VARIABLE _sextant_otf2_cflags
                    OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE _r1)
    execute_process(COMMAND ${SEXTANT_OTF2_CONFIG} --ldflags --libs
                    OUTPUT_VARIABLE _sextant_otf2_libs
                    OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE _r2)
    if(_r1 EQUAL 0 AND _r2 EQUAL 0)
      separate_arguments(_sextant_otf2_cflags UNIX_COMMAND "${_sextant_otf2_cflags}")
      string(REPLACE "\n" " " _sextant_otf2_libs "${_sextant_otf2_libs}")
      separate_arguments(_sextant_otf2_libs UNIX_COMMAND "${_sextant_otf2_libs}")
      add_library(sextant_otf2 INTERFACE IMPORTED GLOBAL)
      target_compile_options(sextant_otf2 INTERFACE ${_sextant_otf2_cflags})
      target_link_libraries(sextant_otf2 INTERFACE ${_sextant_otf2_libs})
      set(SEXTANT_HAVE_OTF2 ON)
      set(_sextant_otf2_how "${SEXTANT_OTF2_CONFIG}")
    endif()
  endif()
endif()
if(SEXTANT_HAVE_OTF2)
  message(STATUS "Sextant: OTF2 export built (OTF2 from ${_sextant_otf2_how})")
else()
  message(STATUS "Sextant: OTF2 export NOT built: no OTF2 library found "
                 "(pkg-config otf2 or otf2-config; Debian: libotf2-trace-dev)")
endif()
