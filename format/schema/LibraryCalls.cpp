//===- format/schema/LibraryCalls.cpp - A process's library-<name>.json ---===//
//
// Part of Sextant. See LibraryCalls.h.
//
//===----------------------------------------------------------------------===//

#include "format/schema/LibraryCalls.h"
#include "format/schema/ExperimentSchema.h"
#include "format/schema/JsonWriter.h"

namespace sextant {
namespace format {

std::string renderRankLibraryJson(const RankLibraryCalls &Calls) {
  namespace k = library_keys;
  std::string Out;
  JsonWriter Json(Out, 2);
  Json.beginObject();
  Json.member(keys::Format, LibraryFormat.Name);
  Json.memberUnsigned(keys::FormatVersion, LibraryFormat.Version);
  Json.member(k::Library, Calls.Library);
  Json.key(k::Rank);
  Json.signedNumber(Calls.Rank);
  Json.key(k::Ranks);
  Json.signedNumber(Calls.RankCount);
  Json.key(k::Functions);
  Json.beginArray();
  for (const LibraryFunctionCalls &F : Calls.Functions) {
    Json.beginObject();
    Json.member(k::Name, F.Name);
    for (size_t I = 0; I < k::FunctionFieldCount; ++I)
      Json.memberUnsigned(k::FunctionFields[I], F.*LibraryFunctionMembers[I]);
    Json.endObject();
  }
  Json.endArray();
  Json.key(k::Traffic);
  Json.beginArray();
  for (const auto &[Partner, T] : Calls.Traffic) {
    Json.beginObject();
    Json.key(job_keys::Partner);
    Json.signedNumber(Partner);
    for (size_t I = 0; I < job_keys::TrafficFieldCount; ++I)
      Json.memberUnsigned(job_keys::TrafficFields[I], T.*TrafficMembers[I]);
    Json.endObject();
  }
  Json.endArray();
  Json.memberUnsigned(k::PeersOutOfRange, Calls.PeersOutOfRange);
  Json.endObject();
  Out += '\n';
  return Out;
}

bool isLibraryName(const std::string &Name) {
  if (Name.empty() || Name.size() > 64 || Name[0] == '.')
    return false;
  for (char C : Name)
    if (!((C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
          (C >= '0' && C <= '9') || C == '.' || C == '_' || C == '+' ||
          C == '-'))
      return false;
  return true;
}

} // namespace format
} // namespace sextant
