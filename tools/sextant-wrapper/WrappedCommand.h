//===- tools/sextant-wrapper/WrappedCommand.h - The final command -*- C++ -*-===//
//
// Part of Sextant. buildWrappedCommand() turns what the user gave a wrapper
// into the command the wrapper runs:
//  - compile lines (-c, -S, or sources that are also linked) get the
//    instrumentation: with clang 19 -fplugin=/-fpass-plugin= (and
//    -finstrument-functions-after-inlining, as the toolchain file), with
//    flang-new-19 `-Xflang -load -Xflang <plugin> -fpass-plugin=<plugin>`,
//    with GCC -finstrument-functions; -g when no -g* option is given; the
//    compile-time filter (-mllvm -sextant-filter=); with flang and a known
//    MPI, -I<directory of Sextant's mpi module for flang> (FlangMpi.h);
//    with -flto, the deferral
//    of the instrumentation to the link (-mllvm -sextant-lto=link) unless
//    LTO instruments at compile time (SEXTANT_WRAPPER_LTO=compile, or a
//    -fuse-ld= other than lld on the line);
//  - link lines get `-L<libdir> -Wl,-rpath,<libdir> [-lsextant-mpi]
//    -lsextant` ahead of the first MPI library (or at the end), the adapter
//    when the program links MPI (an MPI wrapper compiler or an MPI library on
//    the line; not for -shared; the adapter of the line's MPI, see
//    MpiFlavour.h), and with -flto (clang and flang) lld with
//    the plugin loaded at the link (-fuse-ld=lld
//    -Wl,--load-pass-plugin=<plugin>);
//  - every other line is passed on unchanged, as is every argument the user
//    gave, in its place, except on flang lines the gfortran options that
//    MPICH's mpifort adds and flang rejects (FlangMpi.h).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_WRAPPER_WRAPPEDCOMMAND_H
#define SEXTANT_TOOLS_WRAPPER_WRAPPEDCOMMAND_H

#include "tools/sextant-wrapper/ArgumentClassification.h"
#include "tools/sextant-wrapper/CompilerIdentity.h"

#include <string>
#include <vector>

namespace sextant {
namespace wrapper {

struct WrapperSettings {
  /// The command the wrapper runs (the user's compiler or MPI wrapper).
  std::string Compiler;
  /// The compiler that compiles (an MPI wrapper's underlying compiler).
  CompilerIdentity Identity;
  /// Compiler is an MPI wrapper: the program links MPI.
  bool MpiWrapper = false;
  std::string PluginPath;
  std::string LibDir;
  /// The adapter's library for the line's MPI (MpiFlavour.h), linked as
  /// -l<MpiAdapter>, and the MPI's name for messages.
  std::string MpiAdapter = "sextant-mpi";
  std::string MpiTitle = "MPI";
  /// lib<MpiAdapter>.so exists in LibDir.
  bool MpiAdapterAvailable = true;
  /// Absolute path of the compile-time filter; empty: none.
  std::string FilterFile;
  /// flang: the directory of Sextant's mpi module for the line's MPI, put
  /// first on the include path; empty: none (unknown MPI, none installed).
  std::string FlangMpiModuleDir;
  /// -flto: instrument at the link (lld loads the plugin), not at compile.
  bool LtoAtLink = true;
};

struct WrappedCommand {
  std::vector<std::string> Args; ///< the command, Args[0] the compiler
  std::string Error;             ///< not empty: run nothing, say this
  std::vector<std::string> Warnings;
};

/// The command for the user's arguments Args (as given: response files not
/// expanded, the wrappers' own options removed) of which Summary is the
/// classification (of the expanded arguments).
WrappedCommand buildWrappedCommand(const std::vector<std::string> &Args,
                                   const ArgumentSummary &Summary,
                                   const WrapperSettings &Settings);

/// The link options for the runtime, and for the adapter library
/// MpiAdapter (e.g. "sextant-mpi") unless it is empty.
std::vector<std::string> runtimeLinkOptions(const std::string &LibDir,
                                            const std::string &MpiAdapter);

/// The compile options that load and run the plugin: Fortran: for
/// flang-new-19, else for clang 19.
std::vector<std::string> pluginCompileOptions(const std::string &PluginPath,
                                              bool Fortran);

} // namespace wrapper
} // namespace sextant

#endif // SEXTANT_TOOLS_WRAPPER_WRAPPEDCOMMAND_H
