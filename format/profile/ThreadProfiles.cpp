//===- format/profile/ThreadProfiles.cpp - profile-threads.json -----------===//
//
// Part of Sextant. Writing profile-threads.json with the node shape of
// profile.json.
//
//===----------------------------------------------------------------------===//

#include "format/profile/ThreadProfiles.h"

#include "format/profile/ProfileJson.h"

namespace sextant {
namespace format {

std::string renderThreadProfilesJson(const ThreadProfileList &List) {
  std::string Out;
  JsonWriter Json(Out);
  Json.beginObject();
  Json.member(keys::Format, ThreadProfilesFormat.Name);
  Json.memberUnsigned(keys::FormatVersion, ThreadProfilesFormat.Version);
  Json.memberUnsigned(keys::MaxSeparateThreads, List.MaxSeparateThreads);
  Json.memberUnsigned(keys::ThreadsBeyondBound, List.ThreadsBeyondBound);
  Json.key(keys::Threads);
  Json.beginArray();
  for (const ThreadProfile &Thread : List.Threads) {
    Json.lineBreak();
    Json.beginObject();
    Json.memberUnsigned(keys::Index, Thread.Index);
    Json.key(keys::Tid);
    Json.signedNumber(Thread.Tid);
    Json.member(keys::Name, Thread.Name);
    Json.memberUnsigned(keys::MergedThreads, Thread.MergedThreads);
    Json.key(keys::Roots);
    writeCallPaths(Json, Thread.Profile);
    Json.endObject();
  }
  Json.lineBreak();
  Json.endArray();
  Json.endObject();
  Out += '\n';
  return Out;
}

} // namespace format
} // namespace sextant
