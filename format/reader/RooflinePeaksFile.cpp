//===- format/reader/RooflinePeaksFile.cpp - The roofline peaks file ------===//
//
// Part of Sextant. See RooflinePeaksFile.h.
//
//===----------------------------------------------------------------------===//

#include "format/reader/RooflinePeaksFile.h"
#include "format/schema/ExperimentSchema.h"
#include "format/reader/JsonInput.h"
#include "format/schema/JsonWriter.h"

namespace sextant {
namespace format {

std::string renderRooflinePeaks(const RooflinePeaks &Peaks) {
  std::string Out;
  JsonWriter Json(Out, 2);
  Json.beginObject();
  Json.member(keys::Format, RooflinePeaksFormat);
  Json.memberUnsigned(keys::FormatVersion, RooflinePeaksVersion);
  Json.key(peaks_keys::FlopsPerSecond);
  Json.realNumber(Peaks.FlopsPerSecond);
  Json.key(peaks_keys::BytesPerSecond);
  Json.realNumber(Peaks.BytesPerSecond);
  Json.memberUnsigned(peaks_keys::Threads, Peaks.Threads);
  Json.memberUnsigned(peaks_keys::ArrayBytes, Peaks.ArrayBytes);
  Json.member(peaks_keys::Instructions, Peaks.Instructions);
  Json.member(peaks_keys::Host, Peaks.Host);
  Json.member(peaks_keys::MeasuredAt, Peaks.MeasuredAt);
  Json.endObject();
  Out += '\n';
  return Out;
}

bool readRooflinePeaks(const std::string &Path, RooflinePeaks &Peaks,
                       std::string &Error) {
  try {
    nlohmann::json Document = loadJsonFile(Path);
    JsonValue Top(Document, Path);
    Top.expectObject("a peaks file (run sextant roofline --measure-peaks)");
    std::string Expected = std::string("\"") + RooflinePeaksFormat + "\"";
    JsonValue Format = Top.member(keys::Format, Expected.c_str());
    if (Format.asString() != RooflinePeaksFormat)
      Format.fail("expected " + Expected);
    RooflinePeaks Read;
    Read.FlopsPerSecond =
        Top.member(peaks_keys::FlopsPerSecond, "a positive number").asNumber();
    Read.BytesPerSecond =
        Top.member(peaks_keys::BytesPerSecond, "a positive number").asNumber();
    if (!(Read.FlopsPerSecond > 0) || !(Read.BytesPerSecond > 0))
      Top.fail("the peaks must be positive numbers");
    Read.Threads = Top.member(peaks_keys::Threads, "a number").asUnsigned();
    if (Top.has(peaks_keys::ArrayBytes))
      Read.ArrayBytes =
          Top.member(peaks_keys::ArrayBytes, "a number").asUnsigned();
    if (Top.has(peaks_keys::Instructions))
      Read.Instructions =
          Top.member(peaks_keys::Instructions, "a text").asString();
    Read.Host = Top.member(peaks_keys::Host, "a host name").asString();
    Read.MeasuredAt = Top.member(peaks_keys::MeasuredAt, "a time").asString();
    Peaks = std::move(Read);
    return true;
  } catch (const InputError &Problem) {
    Error = Problem.what();
  }
  return false;
}

} // namespace format
} // namespace sextant
