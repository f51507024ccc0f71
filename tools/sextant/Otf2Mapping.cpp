//===- tools/sextant/Otf2Mapping.cpp - Sextant records as OTF2 ------------===//
//
// Part of Sextant. Region roles by name: the MPI standard's function names
// (blocking and nonblocking forms alike) and the names Sextant gives the
// OpenMP constructs it records through OMPT (docs/output-formats.md,
// "OpenMP regions and threads").
//
//===----------------------------------------------------------------------===//

#include "Otf2Mapping.h"

#include "common/NumberRange.h"

#include <cctype>
#include <cstring>

namespace sextant {
namespace tool {

namespace {

struct NamedRole {
  const char *Name;
  OTF2_RegionRole Role;
};

/// MPI collectives by name, without "MPI_" (the nonblocking ones, MPI_Ibcast,
/// by the name of their blocking form).
const NamedRole MpiRoles[] = {
    {"Bcast", OTF2_REGION_ROLE_COLL_ONE2ALL},
    {"Scatter", OTF2_REGION_ROLE_COLL_ONE2ALL},
    {"Scatterv", OTF2_REGION_ROLE_COLL_ONE2ALL},
    {"Gather", OTF2_REGION_ROLE_COLL_ALL2ONE},
    {"Gatherv", OTF2_REGION_ROLE_COLL_ALL2ONE},
    {"Reduce", OTF2_REGION_ROLE_COLL_ALL2ONE},
    {"Allreduce", OTF2_REGION_ROLE_COLL_ALL2ALL},
    {"Allgather", OTF2_REGION_ROLE_COLL_ALL2ALL},
    {"Allgatherv", OTF2_REGION_ROLE_COLL_ALL2ALL},
    {"Alltoall", OTF2_REGION_ROLE_COLL_ALL2ALL},
    {"Alltoallv", OTF2_REGION_ROLE_COLL_ALL2ALL},
    {"Alltoallw", OTF2_REGION_ROLE_COLL_ALL2ALL},
    {"Reduce_scatter", OTF2_REGION_ROLE_COLL_ALL2ALL},
    {"Reduce_scatter_block", OTF2_REGION_ROLE_COLL_ALL2ALL},
    {"Scan", OTF2_REGION_ROLE_COLL_OTHER},
    {"Exscan", OTF2_REGION_ROLE_COLL_OTHER},
    {"Barrier", OTF2_REGION_ROLE_BARRIER},
};

/// Prefixes of MPI point-to-point functions (after "MPI_").
const char *const MpiPointToPoint[] = {
    "Send",     "Bsend",  "Ssend",  "Rsend",       "Isend",   "Ibsend",
    "Issend",   "Irsend", "Recv",   "Irecv",       "Mrecv",   "Imrecv",
    "Sendrecv", "Probe",  "Iprobe", "Mprobe",      "Improbe", "Wait",
    "Test",     "Start",  "Cancel", "Request_free"};

/// OpenMP constructs by the start of their region name (longest first where
/// one name starts another).
const NamedRole OpenMPRoles[] = {
    {"omp parallel", OTF2_REGION_ROLE_PARALLEL},
    {"omp implicit task", OTF2_REGION_ROLE_TASK},
    {"omp implicit barrier", OTF2_REGION_ROLE_IMPLICIT_BARRIER},
    {"omp teams barrier", OTF2_REGION_ROLE_BARRIER},
    {"omp barrier", OTF2_REGION_ROLE_BARRIER},
    {"omp for", OTF2_REGION_ROLE_LOOP},
    {"omp distribute", OTF2_REGION_ROLE_LOOP},
    {"omp taskloop", OTF2_REGION_ROLE_LOOP},
    {"omp sections", OTF2_REGION_ROLE_SECTIONS},
    {"omp single", OTF2_REGION_ROLE_SINGLE},
    {"omp workshare", OTF2_REGION_ROLE_WORKSHARE},
    {"omp scope", OTF2_REGION_ROLE_WORKSHARE},
    {"omp taskwait", OTF2_REGION_ROLE_TASK_WAIT},
    {"omp taskgroup", OTF2_REGION_ROLE_TASK_WAIT},
    {"omp reduction", OTF2_REGION_ROLE_CODE},
    {"omp task create", OTF2_REGION_ROLE_TASK_CREATE},
    {"omp task", OTF2_REGION_ROLE_TASK},
    {"omp critical", OTF2_REGION_ROLE_CRITICAL},
    {"omp ordered", OTF2_REGION_ROLE_ORDERED},
    {"omp lock wait", OTF2_REGION_ROLE_CODE},
};

bool startsWith(const std::string &Text, const char *Prefix) {
  return Text.compare(0, std::strlen(Prefix), Prefix) == 0;
}

/// Whether Name is Construct followed by the end, a blank or " @".
bool namesConstruct(const std::string &Name, const char *Construct) {
  size_t Length = std::strlen(Construct);
  return startsWith(Name, Construct) &&
         (Name.size() == Length || Name[Length] == ' ');
}

bool endsWith(const std::string &Text, const char *Suffix) {
  size_t Length = std::strlen(Suffix);
  return Text.size() > Length &&
         Text.compare(Text.size() - Length, Length, Suffix) == 0;
}

OTF2_RegionRole mpiRole(const std::string &Name) {
  if (!startsWith(Name, "MPI_") || Name.size() < 5)
    return OTF2_REGION_ROLE_FUNCTION;
  std::string Call = Name.substr(4);
  // The large-count (MPI_Bcast_c) and persistent (MPI_Bcast_init) forms
  // play the role of the plain one.
  for (const char *Suffix : {"_c", "_init"})
    if (endsWith(Call, Suffix))
      Call.erase(Call.size() - std::strlen(Suffix));
  if (startsWith(Call, "Neighbor_") || startsWith(Call, "Ineighbor_"))
    return OTF2_REGION_ROLE_COLL_OTHER;
  for (const char *Prefix : MpiPointToPoint)
    if (startsWith(Call, Prefix))
      return OTF2_REGION_ROLE_POINT2POINT;
  // Nonblocking collectives: MPI_Ibcast is MPI_Bcast.
  std::string Blocking =
      Call[0] == 'I' && Call.size() > 1
          ? std::string(
                1, char(std::toupper(static_cast<unsigned char>(Call[1])))) +
                Call.substr(2)
          : Call;
  for (const NamedRole &Entry : MpiRoles)
    if (Call == Entry.Name || Blocking == Entry.Name)
      return Entry.Role;
  return OTF2_REGION_ROLE_FUNCTION;
}

OTF2_RegionRole openMPRole(const std::string &Name) {
  // "omp critical wait" is the wait inside "omp critical": code, like the
  // lock waits.
  if (Name.size() > 5 && Name.compare(Name.size() - 5, 5, " wait") == 0)
    return OTF2_REGION_ROLE_CODE;
  for (const NamedRole &Entry : OpenMPRoles)
    if (namesConstruct(Name, Entry.Name))
      return Entry.Role;
  return OTF2_REGION_ROLE_CODE;
}

} // namespace

Otf2RegionKind otf2RegionKind(const format::RegionRecord &Region) {
  Otf2RegionKind Kind;
  if (Region.Flags.Mpi) {
    Kind.Paradigm = OTF2_PARADIGM_MPI;
    Kind.Role = mpiRole(Region.Name);
  } else if (Region.Flags.OpenMP) {
    Kind.Paradigm = OTF2_PARADIGM_OPENMP;
    Kind.Role = openMPRole(Region.Name);
  } else if (Region.Flags.User) {
    Kind.Paradigm = OTF2_PARADIGM_USER;
    Kind.Role = OTF2_REGION_ROLE_CODE;
  }
  return Kind;
}

uint64_t otf2Timestamp(double Nanoseconds, double Shift) {
  return roundSaturated<uint64_t>(Nanoseconds + Shift);
}

} // namespace tool
} // namespace sextant
