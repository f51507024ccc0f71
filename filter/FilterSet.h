//===- filter/FilterSet.h - Score-P and TAU filter rules ---------*- C++ -*-===//
//
// Part of Sextant. The one filter engine shared by the compiler plugin (which
// functions get instrumented), the runtime (which registered regions stay
// armed) and the `sextant` tool (`filter check`, `filter explain`).
//
// It reads Score-P filter files (SCOREP_REGION_NAMES_BEGIN/END and
// SCOREP_FILE_NAMES_BEGIN/END blocks, INCLUDE/EXCLUDE, MANGLED, fnmatch
// wildcards, last matching rule wins, a file exclusion is final) and TAU
// selective-instrumentation files (BEGIN_EXCLUDE_LIST ... with '#' as the
// routine-name wildcard, and file include/exclude lists). Every decision can
// be explained: which rule, in which file, at which line, decided.
//
// This library has no LLVM types and no dependencies beyond the C++17
// standard library and POSIX fnmatch(3).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FILTER_FILTERSET_H
#define SEXTANT_FILTER_FILTERSET_H

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace sextant {
namespace filter {

/// The names of one function, as the plugin or the runtime knows them.
struct FunctionIdentity {
  /// Demangled display name, e.g. "ns::f<int>(double)"; for C the plain name.
  std::string_view DisplayName;
  /// Linkage name, e.g. "_ZN2ns1fIiEEvd"; equals DisplayName for C.
  std::string_view MangledName;
  /// Source file of the definition (absolute when known); may be empty.
  std::string_view SourceFile;
};

/// A problem found while reading a filter file. Errors make addFile/addText
/// fail; warnings (e.g. a TAU section that does not apply to function-level
/// instrumentation) do not.
struct Diagnostic {
  enum class Severity { Error, Warning };
  Severity Level = Severity::Error;
  std::string File;     ///< path or name given to addFile/addText
  unsigned Line = 0;    ///< 1-based; 0 when not about a line (e.g. unreadable)
  unsigned Column = 0;  ///< 1-based; 0 when not about a column
  std::string Message;  ///< says what was found and what was expected

  /// "file:line:column: error: message" (line/column omitted when 0).
  std::string str() const;
  bool isError() const { return Level == Severity::Error; }
};

/// Where a rule was written.
struct RuleOrigin {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
};

/// The outcome of applying a FilterSet to one function.
struct Decision {
  bool Included = true;
  /// False when no rule matched and the default (include) applied, or when
  /// a TAU include list left the function out (then Rule is empty but
  /// Reason says so).
  bool Matched = false;
  RuleOrigin Rule;          ///< the deciding rule, valid when Matched
  std::string RuleText;     ///< e.g. "EXCLUDE MANGLED _Z*" or "BEGIN_EXCLUDE_LIST"
  std::string Pattern;      ///< the pattern that matched, e.g. "_Z*"
  /// One line a user can read, e.g.
  ///   "excluded by app.filt:3:11 (EXCLUDE foo*)"
  ///   "included: no rule matched"
  std::string Reason;
};

/// An ordered set of filter rules read from one or more files.
class FilterSet {
public:
  FilterSet();
  ~FilterSet();
  FilterSet(FilterSet &&) noexcept;
  FilterSet &operator=(FilterSet &&) noexcept;
  FilterSet(const FilterSet &) = delete;
  FilterSet &operator=(const FilterSet &) = delete;

  /// Reads the file at Path, detects its format (Score-P or TAU) and appends
  /// its rules after those already present. Returns false, and leaves the
  /// set unchanged, if the file cannot be read or has any error. Warnings
  /// and errors are appended to Diags.
  bool addFile(const std::string &Path, std::vector<Diagnostic> &Diags);

  /// As addFile, for text already in memory; Name is used in diagnostics
  /// and rule origins.
  bool addText(std::string_view Text, const std::string &Name,
               std::vector<Diagnostic> &Diags);

  /// True when no rule has been added: everything is included.
  bool empty() const;

  /// Applies every rule to F and says which one decided.
  Decision decide(const FunctionIdentity &F) const;

  /// Shorthand for decide(F).Included, without building the reason text.
  bool includes(const FunctionIdentity &F) const;

private:
  struct Impl;
  std::unique_ptr<Impl> Rules;
};

} // namespace filter
} // namespace sextant

#endif // SEXTANT_FILTER_FILTERSET_H
