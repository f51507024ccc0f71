//===- filter/DiagnosticCollector.h - Diagnostics of one file ---*- C++ -*-===//
//
// Part of Sextant. Both filter parsers (Score-P and TAU) report problems the
// same way: a Diagnostic naming the file, line and column is appended to the
// caller's list, and an error makes the whole file invalid. This class is
// that one way. The file name and the message are made safe to print
// (common/MessageText.h): text quoted from the file cannot break the line or
// send escape sequences to a terminal, and a huge token is cut.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FILTER_DIAGNOSTICCOLLECTOR_H
#define SEXTANT_FILTER_DIAGNOSTICCOLLECTOR_H

#include "common/MessageText.h"
#include "filter/FilterSet.h"

#include <string>
#include <vector>

namespace sextant {
namespace filter {

class DiagnosticCollector {
public:
  DiagnosticCollector(const std::string &File, std::vector<Diagnostic> &Diags)
      : File(File), Diags(Diags) {}

  void report(unsigned Line, unsigned Column, const std::string &Message,
              Diagnostic::Severity Level = Diagnostic::Severity::Error) {
    Diagnostic D;
    D.Level = Level;
    D.File = messageText(File);
    D.Line = Line;
    D.Column = Column;
    D.Message = messageText(Message);
    Diags.push_back(std::move(D));
    if (Level == Diagnostic::Severity::Error)
      HadError = true;
  }

  /// True once any error was reported: the file is invalid.
  bool hadError() const { return HadError; }

private:
  const std::string &File;
  std::vector<Diagnostic> &Diags;
  bool HadError = false;
};

} // namespace filter
} // namespace sextant

#endif // SEXTANT_FILTER_DIAGNOSTICCOLLECTOR_H
