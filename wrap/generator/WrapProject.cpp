//===- wrap/generator/WrapProject.cpp - A wrapper's working directory -----===//
//
// Part of Sextant. See WrapProject.h. The CMake project is a fixed template
// whose first lines hold the settings `sextant wrap init` was given.
//
//===----------------------------------------------------------------------===//

#include "wrap/generator/WrapProject.h"

namespace sextant {
namespace wrap {

namespace {

std::string cmakeQuote(const std::string &Text) {
  std::string Result = "\"";
  for (char C : Text) {
    if (C == '"' || C == '\\' || C == '$')
      Result += '\\';
    Result += C;
  }
  return Result + "\"";
}

std::string cmakeList(const std::vector<std::string> &Items) {
  std::string Text;
  for (const std::string &Item : Items)
    Text += (Text.empty() ? "" : " ") + cmakeQuote(Item);
  return Text;
}

const char Template[] = R"cmake(
find_package(Sextant REQUIRED HINTS "${WRAP_SEXTANT_HINT}")
get_filename_component(WRAP_SEXTANT_PREFIX "${SEXTANT_LIBRARY_DIR}" DIRECTORY)
# Installed beside Sextant unless -DCMAKE_INSTALL_PREFIX says otherwise:
# there `sextant run --wrap=NAME` finds the wrapper without SEXTANT_WRAP_PATH.
if(CMAKE_INSTALL_PREFIX_INITIALIZED_TO_DEFAULT)
  set(CMAKE_INSTALL_PREFIX "${WRAP_SEXTANT_PREFIX}" CACHE PATH
      "Install prefix" FORCE)
endif()
set(CMAKE_INSTALL_RPATH "${SEXTANT_LIBRARY_DIR}")
set(CMAKE_INSTALL_RPATH_USE_LINK_PATH ON)

separate_arguments(WRAP_CPPFLAGS_LIST UNIX_COMMAND "${WRAP_CPPFLAGS}")
separate_arguments(WRAP_LDFLAGS_LIST UNIX_COMMAND "${WRAP_LDFLAGS}")
separate_arguments(WRAP_LIBS_LIST UNIX_COMMAND "${WRAP_LIBS}")

# --- generation ---------------------------------------------------------------
set(WRAP_SOURCE "${CMAKE_CURRENT_BINARY_DIR}/${WRAP_NAME}.wrap.cpp")
set(WRAP_ARGFILE "${CMAKE_CURRENT_BINARY_DIR}/${WRAP_NAME}.wrap")
set(WRAP_FUNCTIONS "${CMAKE_CURRENT_BINARY_DIR}/${WRAP_NAME}.functions")
set(WRAP_FILTER "${CMAKE_CURRENT_SOURCE_DIR}/${WRAP_NAME}.filter")
set(WRAP_GENERATE --name "${WRAP_NAME}" --filter "${WRAP_FILTER}"
    --output-dir "${CMAKE_CURRENT_BINARY_DIR}" "--cppflags=${WRAP_CPPFLAGS}")
foreach(header IN LISTS WRAP_HEADERS)
  list(APPEND WRAP_GENERATE --header "${header}")
endforeach()
foreach(library IN LISTS WRAP_SYMBOL_LIBRARIES)
  list(APPEND WRAP_GENERATE --library "${library}")
endforeach()
if(WRAP_ANNOTATIONS)
  list(APPEND WRAP_GENERATE --annotations "${WRAP_ANNOTATIONS}")
endif()
add_custom_command(
  OUTPUT "${WRAP_SOURCE}" "${WRAP_ARGFILE}" "${WRAP_FUNCTIONS}"
  COMMAND "${SEXTANT_TOOL}" wrap generate ${WRAP_GENERATE}
  DEPENDS "${WRAP_FILTER}" ${WRAP_ANNOTATIONS} "${SEXTANT_TOOL}"
  COMMENT "Generating the wrapper ${WRAP_NAME}"
  VERBATIM)
add_custom_target(wrap_generate DEPENDS "${WRAP_SOURCE}" "${WRAP_ARGFILE}")
# `cmake --build build --target wrap_check`: the functions the libraries do
# not export, as filter lines in ${WRAP_NAME}.check.filter.
set(WRAP_CHECK)
foreach(library IN LISTS WRAP_SYMBOL_LIBRARIES)
  list(APPEND WRAP_CHECK --library "${library}")
endforeach()
add_custom_target(wrap_check
  COMMAND "${SEXTANT_TOOL}" wrap check --name "${WRAP_NAME}"
          --functions "${WRAP_FUNCTIONS}" ${WRAP_CHECK}
          --output "${CMAKE_CURRENT_SOURCE_DIR}/${WRAP_NAME}.check.filter"
  DEPENDS wrap_generate VERBATIM)

# --- the four forms -----------------------------------------------------------
function(wrap_library target kind output preload)
  add_library(${target} ${kind} "${WRAP_SOURCE}")
  add_dependencies(${target} wrap_generate)
  set_target_properties(${target} PROPERTIES OUTPUT_NAME "${output}"
    CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF
    POSITION_INDEPENDENT_CODE ON)
  target_include_directories(${target} PRIVATE "${SEXTANT_INCLUDE_DIR}")
  # -fno-plt: libsextant's preserve_most entry points are never reached
  # through a lazily bound PLT entry (docs/wrapping.md).
  target_compile_options(${target} PRIVATE -fno-plt ${WRAP_CPPFLAGS_LIST})
  if(NOT WRAP_CXX_EXCEPTIONS)
    target_compile_options(${target} PRIVATE -fno-exceptions)
  endif()
  if(preload)
    target_compile_definitions(${target} PRIVATE SEXTANT_WRAP_PRELOAD=1)
  endif()
endfunction()

# Link time, static: its __real_ references are bound at the program's link.
wrap_library(wrap_link_static STATIC "sextant-wrap-${WRAP_NAME}" 0)
set(WRAP_TARGETS wrap_link_static)
if(WRAP_ALL_SHARED)
  # Link time, shared: linked with the --wrap lines against the library.
  wrap_library(wrap_link_shared SHARED "sextant-wrap-${WRAP_NAME}" 0)
  set_property(TARGET wrap_link_shared APPEND PROPERTY LINK_DEPENDS "${WRAP_ARGFILE}")
  target_link_options(wrap_link_shared PRIVATE "-Wl,@${WRAP_ARGFILE}"
    "-Wl,-z,now" ${WRAP_LDFLAGS_LIST})
  target_link_libraries(wrap_link_shared PRIVATE Sextant::runtime ${WRAP_LIBS_LIST})
  # Run time: LD_PRELOAD (shared) or linked ahead of the library (static).
  wrap_library(wrap_preload_shared SHARED "sextant-wrap-${WRAP_NAME}-preload" 1)
  target_link_options(wrap_preload_shared PRIVATE "-Wl,-z,now")
  target_link_libraries(wrap_preload_shared PRIVATE Sextant::runtime ${CMAKE_DL_LIBS})
  wrap_library(wrap_preload_static STATIC "sextant-wrap-${WRAP_NAME}-preload" 1)
  list(APPEND WRAP_TARGETS wrap_link_shared wrap_preload_shared wrap_preload_static)
endif()

# --- the example against each form (ctest) ------------------------------------
enable_testing()
function(wrap_example target)
  add_executable(${target} "${CMAKE_CURRENT_SOURCE_DIR}/${WRAP_EXAMPLE}")
  target_compile_options(${target} PRIVATE ${WRAP_CPPFLAGS_LIST})
  target_link_options(${target} PRIVATE ${WRAP_LDFLAGS_LIST})
  target_link_libraries(${target} PRIVATE ${ARGN} ${WRAP_LIBS_LIST})
  if(NOT target STREQUAL "example")
    set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS "${WRAP_ARGFILE}")
  endif()
endfunction()
function(wrap_test name)
  add_test(NAME ${name} COMMAND "${SEXTANT_TOOL}" run
           -o "${CMAKE_CURRENT_BINARY_DIR}/experiments/${name}" --show=report
           ${ARGN})
endfunction()
wrap_example(example)
wrap_example(example_link_static wrap_link_static Sextant::runtime)
target_link_options(example_link_static PRIVATE "-Wl,@${WRAP_ARGFILE}")
wrap_test(link_static -- $<TARGET_FILE:example_link_static>)
if(WRAP_ALL_SHARED)
  wrap_example(example_link_shared wrap_link_shared Sextant::runtime)
  target_link_options(example_link_shared PRIVATE "-Wl,@${WRAP_ARGFILE}")
  wrap_test(link_shared -- $<TARGET_FILE:example_link_shared>)
  wrap_example(example_preload_static wrap_preload_static Sextant::runtime
               ${CMAKE_DL_LIBS})
  wrap_test(preload_static -- $<TARGET_FILE:example_preload_static>)
  wrap_test(preload_shared --wrap=$<TARGET_FILE:wrap_preload_shared> --
            $<TARGET_FILE:example>)
endif()

# --- installation ---------------------------------------------------------------
# lib/: the libraries; lib/sextant-wrap/: NAME.wrap (the --wrap lines) and
# NAME.link, the one linker argument file of the link-time form:
#   cc main.o -Wl,@<prefix>/lib/sextant-wrap/NAME.link
set(WRAP_INSTALL_DIR "${CMAKE_INSTALL_PREFIX}/lib/sextant-wrap")
# The -L directories of WRAP_LDFLAGS (compiler flags such as -Wl,... are
# not linker arguments) and WRAP_LIBS follow the wrapper in NAME.link.
set(WRAP_LINK_LIBS)
foreach(flag IN LISTS WRAP_LDFLAGS_LIST)
  if(flag MATCHES "^-L(.+)$")
    list(APPEND WRAP_LINK_LIBS "${flag}" "-rpath=${CMAKE_MATCH_1}")
  endif()
endforeach()
list(APPEND WRAP_LINK_LIBS ${WRAP_LIBS_LIST})
string(REPLACE ";" "\n" WRAP_LINK_LIBS "${WRAP_LINK_LIBS}")
file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/${WRAP_NAME}.link"
  "@${WRAP_INSTALL_DIR}/${WRAP_NAME}.wrap\n"
  "-L${CMAKE_INSTALL_PREFIX}/lib\n-rpath=${CMAKE_INSTALL_PREFIX}/lib\n"
  "-lsextant-wrap-${WRAP_NAME}\n${WRAP_LINK_LIBS}\n"
  "-L${SEXTANT_LIBRARY_DIR}\n-rpath=${SEXTANT_LIBRARY_DIR}\n-lsextant\n")
install(TARGETS ${WRAP_TARGETS} LIBRARY DESTINATION lib ARCHIVE DESTINATION lib)
install(FILES "${WRAP_ARGFILE}" "${CMAKE_CURRENT_BINARY_DIR}/${WRAP_NAME}.link"
        DESTINATION lib/sextant-wrap)
)cmake";

} // namespace

std::string projectFilter(const ProjectSettings &S) {
  std::string Text =
      "# The filter of the wrapper '" + S.Name +
      "' (Score-P syntax, docs/wrapping.md).\n"
      "# Headers: only functions declared in the included files are "
      "wrapped.\nSCOREP_FILE_NAMES_BEGIN\n  EXCLUDE *\n";
  for (const std::string &Path : S.HeaderPaths)
    Text += "  INCLUDE " + Path + "\n";
  Text += "SCOREP_FILE_NAMES_END\n"
          "# Functions: add EXCLUDE lines (MANGLED for C++ symbols), e.g. "
          "from `sextant wrap check`.\nSCOREP_REGION_NAMES_BEGIN\n"
          "  INCLUDE *\nSCOREP_REGION_NAMES_END\n";
  return Text;
}

std::string projectExample(const ProjectSettings &S) {
  std::string Text = "/* The example program of the wrapper '" + S.Name +
                     "': make it call the functions you want measured;\n"
                     " * the CMake project builds it against every form of "
                     "the wrapper and runs it (ctest). */\n";
  for (const std::string &Header : S.Headers)
    Text += Header.find('/') != std::string::npos
                ? "#include \"" + Header + "\"\n"
                : "#include <" + Header + ">\n";
  Text += "\nint main(void) {\n  /* TODO: call the library here. */\n"
          "  return 0;\n}\n";
  return Text;
}

std::string projectCMakeLists(const ProjectSettings &S) {
  std::vector<std::string> Shared, Static, ForSymbols;
  bool AllShared = true;
  for (const LocatedLibrary &L : S.Located) {
    if (!L.Shared.empty())
      Shared.push_back(L.Shared);
    if (!L.Static.empty())
      Static.push_back(L.Static);
    AllShared &= !L.Shared.empty();
    ForSymbols.push_back(L.Shared.empty() ? L.Static : L.Shared);
  }
  bool Cxx = S.Example.size() > 2 &&
             S.Example.compare(S.Example.size() - 2, 2, ".c") != 0;
  std::string Text =
      "# Generated by `sextant wrap init` for the wrapper '" + S.Name +
      "' (docs/wrapping.md).\n"
      "#   cmake -S . -B build && cmake --build build   # generate, build\n"
      "#   ctest --test-dir build                        # run the example\n"
      "#   cmake --install build                         # install\n"
      "cmake_minimum_required(VERSION 3.20)\n"
      "project(sextant_wrap_" +
      S.Name + " LANGUAGES C CXX)\n\n" + "set(WRAP_NAME " + cmakeQuote(S.Name) +
      ")\nset(WRAP_HEADERS " + cmakeList(S.Headers) + ")\nset(WRAP_CPPFLAGS " +
      cmakeQuote(S.CompilerFlags) + ")\nset(WRAP_LDFLAGS " +
      cmakeQuote(S.LinkFlags) + ")\nset(WRAP_LIBS " + cmakeQuote(S.Libraries) +
      ")\nset(WRAP_ANNOTATIONS " + cmakeQuote(S.AnnotationPath) +
      ")\nset(WRAP_EXAMPLE " + cmakeQuote(S.Example) +
      ")\nset(WRAP_CXX_EXCEPTIONS " + (Cxx ? "ON" : "OFF") +
      ")\n# The libraries as `sextant wrap init` found them.\n"
      "set(WRAP_SHARED_LIBRARIES " +
      cmakeList(Shared) + ")\nset(WRAP_STATIC_LIBRARIES " + cmakeList(Static) +
      ")\nset(WRAP_SYMBOL_LIBRARIES " + cmakeList(ForSymbols) +
      ")\n# Every library has a shared version: the link-time shared form "
      "and the run-time forms are built.\nset(WRAP_ALL_SHARED " +
      (AllShared ? "ON" : "OFF") + ")\nset(WRAP_SEXTANT_HINT " +
      cmakeQuote(S.SextantPrefix) + ")\n";
  return Text + Template;
}

} // namespace wrap
} // namespace sextant
