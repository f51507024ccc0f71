//===- tools/sextant-wrapper/MpiFlavour.h - Which MPI a line uses -*- C++
//-*-===//
//
// Part of Sextant. Sextant builds one PMPI adapter per MPI library
// (mpi/CMakeLists.txt): libsextant-mpich, libsextant-openmpi, and
// libsextant-mpi, the default MPI's. An adapter works only with the MPI
// whose mpi.h it was compiled against (MPICH's handles are ints, Open MPI's
// pointers), so the wrappers and sextant-config pick it by the MPI the
// program uses:
//
//   - the MPI compiler wrapper's name (mpicc.mpich, mpicc.openmpi, ...);
//   - else the words of the link line, or of the MPI wrapper's -show output:
//     MPICH's libraries (-lmpich, -lfmpich, libmpich.so), Open MPI's
//     (-lopen-pal, -lopen-rte, -lmpi_mpifh, -lmpi_usempif08, -loshmem), or a
//     -I/-L directory or library path naming one of them (Debian's Open MPI
//     lives in /usr/lib/<triple>/openmpi/);
//   - else unknown.
//
// A known MPI that is the default's gets -lsextant-mpi (so that MPICH link
// lines stay as they were), the other one -lsextant-<flavour>; an unknown
// one the default.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_WRAPPER_MPIFLAVOUR_H
#define SEXTANT_TOOLS_WRAPPER_MPIFLAVOUR_H

#include <string>
#include <vector>

namespace sextant {
namespace wrapper {

enum class MpiFlavour { Unknown, Mpich, OpenMpi };

/// "mpich", "openmpi", or "" for Unknown: the suffix of the adapter's
/// library (libsextant-<name>) and the value of sextant-config --mpi-libs=.
const char *mpiFlavourName(MpiFlavour Flavour);
/// "MPICH", "Open MPI" or "an unknown MPI", for messages.
const char *mpiFlavourTitle(MpiFlavour Flavour);
/// The flavour named Name ("mpich", "openmpi"); Unknown for anything else.
MpiFlavour mpiFlavourNamed(const std::string &Name);

/// The MPI of an MPI compiler wrapper, by its name (mpicc.openmpi,
/// /usr/bin/mpicxx.mpich, mpicc-openmpi-clang); Unknown when its name does
/// not say (mpicc).
MpiFlavour mpiFlavourOfWrapper(const std::string &Command);

/// The MPI that the compiler words Words (a link line, or an MPI wrapper's
/// -show output split into words) use: the first word that tells.
MpiFlavour mpiFlavourOfWords(const std::vector<std::string> &Words);

/// Text split at blanks (an MPI wrapper's -show output).
std::vector<std::string> splitWords(const std::string &Text);

/// The name of the adapter library (without lib and .so) for a program of
/// MPI Flavour when Default is the MPI of libsextant-mpi.
std::string mpiAdapterLibrary(MpiFlavour Flavour, MpiFlavour Default);

} // namespace wrapper
} // namespace sextant

#endif // SEXTANT_TOOLS_WRAPPER_MPIFLAVOUR_H
