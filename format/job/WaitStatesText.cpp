//===- format/job/WaitStatesText.cpp - The wait-state text view -----------===//
//
// Part of Sextant. See WaitStatesText.h.
//
//===----------------------------------------------------------------------===//

#include "format/job/WaitStatesText.h"

#include "format/profile/TextLayout.h"
#include "format/schema/JsonWriter.h"

#include <algorithm>

namespace sextant {
namespace format {

namespace {

std::string seconds(double Value) { return formatFixed(Value, 6); }

/// Text left-aligned in a field of Width characters (never cut).
std::string padRight(const std::string &Text, size_t Width) {
  return Text.size() >= Width ? Text + " "
                              : Text + std::string(Width - Text.size(), ' ');
}

/// Widths of the kind and the columns of the rows.
constexpr size_t KindWidth = 17;
constexpr size_t SecondsWidth = 10;
constexpr size_t CallsWidth = 8;
constexpr size_t RankWidth = 4;

/// A row of the table of call paths.
std::string row(const std::string &Seconds, const std::string &Calls,
                const std::string &Rank, const std::string &Kind,
                const std::string &Path) {
  return "  " + padLeft(Seconds, SecondsWidth) + "  " +
         padLeft(Calls, CallsWidth) + "  " + padLeft(Rank, RankWidth) + "  " +
         padRight(Kind, KindWidth) + Path + "\n";
}

/// "N thing(s)".
std::string counted(uint64_t N, const char *Thing) {
  return std::to_string(N) + " " + Thing + (N == 1 ? "" : "s");
}

/// The lines on what the analysis could not match, each starting with
/// "  ".
std::string gapLines(const WaitStates &W) {
  const WaitStateGaps &G = W.Gaps;
  std::string S;
  if (G.UnmatchedSends != 0 || G.UnmatchedReceives != 0)
    S += "  " + counted(G.UnmatchedSends, "send") + " and " +
         counted(G.UnmatchedReceives, "receive") +
         " without a matching partner in the traces\n";
  if (G.IncompleteCollectives != 0)
    S += "  " + counted(G.IncompleteCollectives, "collective operation") +
         " without every member's record (or with members calling "
         "different functions)\n";
  if (G.LostChunks != 0) {
    std::string Ranks;
    for (size_t I = 0; I < G.RanksWithLostChunks.size(); ++I)
      Ranks += (I == 0 ? "" : ", ") + std::to_string(G.RanksWithLostChunks[I]);
    S += "  " + counted(G.LostChunks, "trace chunk") + " lost on rank(s) " +
         Ranks + ": " + counted(G.RecordsAfterLostChunks, "record") +
         " after the first loss left out\n";
  }
  if (G.RecordsOutsideCalls != 0)
    S += "  " + counted(G.RecordsOutsideCalls, "record") +
         " outside any traced MPI call (its region filtered or "
         "throttled)\n";
  if (G.ReceivesWithoutPost != 0)
    S += "  late receiver not evaluated for " +
         counted(G.ReceivesWithoutPost, "blocking send") +
         " received by a Wait/Test (the receive's posting is not "
         "recorded)\n";
  return S;
}

} // namespace

std::string waitCallPathText(const std::vector<std::string> &Path) {
  std::string Text;
  for (size_t I = 0; I < Path.size(); ++I)
    Text += (I == 0 ? "" : " > ") + shownRegionName(Path[I]);
  return Text;
}

std::string waitStatesText(const WaitStates &W, uint64_t Top) {
  std::string S =
      "Wait states (seconds in MPI waiting for another rank; " +
      counted(W.Ranks.size(), "rank") + ", " + counted(W.Messages, "message") +
      " and " + counted(W.Collectives, "collective operation") + " matched)\n";
  S += "  " + padRight("kind", KindWidth) + padLeft("seconds", SecondsWidth) +
       "\n";
  for (unsigned K = 0; K < WaitStateKinds; ++K) {
    WaitStateKind Kind = static_cast<WaitStateKind>(K);
    S += "  " + padRight(waitStateKindTitle(Kind), KindWidth) +
         padLeft(seconds(W.total(Kind)), SecondsWidth) + "\n";
  }
  std::vector<const WaitStateEntry *> Rows;
  for (const WaitStateEntry &E : W.Entries)
    Rows.push_back(&E);
  // Largest first; ties in the analysis' order (kind, rank, path).
  std::stable_sort(Rows.begin(), Rows.end(),
                   [](const WaitStateEntry *A, const WaitStateEntry *B) {
                     return A->Seconds > B->Seconds;
                   });
  if (Rows.empty()) {
    S += "\n  (no call waited)\n";
  } else {
    S += "\n" + row("seconds", "calls", "rank", "kind", "call path");
    size_t Shown = Top != 0 && Top < Rows.size() ? Top : Rows.size();
    for (size_t I = 0; I < Shown; ++I) {
      const WaitStateEntry &E = *Rows[I];
      S += row(seconds(E.Seconds), std::to_string(E.Calls),
               std::to_string(E.Rank), waitStateKindTitle(E.Kind),
               waitCallPathText(E.Path));
    }
    if (Shown < Rows.size())
      S += "  (" + counted(Rows.size() - Shown, "more row") + ")\n";
  }
  std::string Gaps = gapLines(W);
  if (!Gaps.empty())
    S += "\nNot matched:\n" + Gaps;
  return S;
}

} // namespace format
} // namespace sextant
