//===- wrap/generator/AnnotationFile.h - Annotation files -------*- C++ -*-===//
//
// Part of Sextant. NAME.annotations tells the generator what the library's
// functions mean, so that the wrappers record bytes and peers
// (docs/wrapping.md, "Annotation file"):
//
//   # comment                          blank lines are ignored
//   function PATTERN [PATTERN ...]     a block; llvm::GlobPattern globs over
//     transfer put|get|atomic|fetching-atomic      function names (symbols)
//     bytes EXPRESSION                 C expressions over the parameters,
//     peer EXPRESSION                  evaluated before the call
//     collective
//     sets-rank RANK-EXPRESSION SIZE-EXPRESSION    evaluated after the call
//     skip                             never wrap these
//     hook [NAME]                      call NAME::before/after (see hooks;
//                                      default: the function's own name,
//                                      a variant's that of its base)
//     hook-outside-region              the hook runs outside the call's
//                                      region, which spans the call alone
//     forward-fixed-arguments          a variadic function without va_list
//                                      sibling forwards its fixed arguments
//     optional                         the patterns may match nothing
//   variadic FUNCTION VFUNCTION        printf is forwarded to vprintf
//
// and the lines that describe the interface as a whole (InterfaceDescription,
// at most once each):
//
//   parse-as c|c++                     the headers' language (default c++)
//   profiling-interface PREFIX         the profiling-interface form: the
//                                      wrapper defines SYMBOL and calls
//                                      PREFIX+SYMBOL (MPI's P)
//   region-kind library|mpi            the regions' descriptor flag
//   region-location header|none        the regions' source location: the
//                                      declaration (default) or none
//   include HEADER                     the generated source includes it
//   hooks NAMESPACE                    where the `hook` structs live
//   call-table NAMESPACE               per-function call counts: the
//                                      wrappers open NAMESPACE::CallRegion
//                                      with their NAMESPACE::FunctionId
//   variant-suffix SUFFIX              SYMBOL+SUFFIX is annotated as SYMBOL
//                                      (MPI 4's large-count MPI_Send_c)
//
// Attribute lines are indented. When several blocks match a function their
// attributes merge, a later block winning per key. A block with a `hook`
// whose pattern matches no function is an error, other unmatched patterns
// are warnings (neither with `optional`). Errors are reported as
// "file:line: error: ...". Expressions are checked as AnnotationExpression.h
// says.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_WRAP_GENERATOR_ANNOTATIONFILE_H
#define SEXTANT_WRAP_GENERATOR_ANNOTATIONFILE_H

#include "wrap/generator/WrappedFunction.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace sextant {
namespace wrap {

/// One attribute's value and where it was written.
struct AnnotationValue {
  std::string Text; ///< the expression(s) or keyword; "" for flags
  unsigned Line = 0;
  bool present() const { return Line != 0; }
};

/// The merged attributes of one function.
struct FunctionAnnotations {
  AnnotationValue Transfer, Bytes, Peer, Collective, SetsRank, Skip, Hook,
      HookOutsideRegion, ForwardFixedArguments;
  std::string RankExpression, SizeExpression; ///< of SetsRank
  /// True when the wrapper calls the __sextant_wrapped_* functions.
  bool needsLibrary() const {
    return Transfer.present() || Bytes.present() || Peer.present() ||
           Collective.present() || SetsRank.present();
  }
};

/// The lines that describe the wrapped interface as a whole.
struct InterfaceDescription {
  bool ParseAsC = false;
  /// Non-empty: the profiling-interface form (WrapperEmitter.h).
  std::string ProfilingPrefix;
  std::string RegionKind = "library";    ///< or "mpi"
  std::string RegionLocation = "header"; ///< or "none"
  std::vector<std::string> Includes;
  std::string HooksNamespace;     ///< "::sextant::mpi::hooks"
  std::string CallTableNamespace; ///< "::sextant::mpi"; "" : no table
  std::string VariantSuffix;      ///< "_c"
};

class AnnotationFile {
public:
  AnnotationFile();
  ~AnnotationFile();
  AnnotationFile(AnnotationFile &&) noexcept;
  AnnotationFile &operator=(AnnotationFile &&) noexcept;

  /// Reads Path; false with "file:line: error: ..." lines in Errors.
  bool load(const std::string &Path, std::vector<std::string> &Errors);
  /// As load, for Text named Name.
  bool parse(const std::string &Text, const std::string &Name,
             std::vector<std::string> &Errors);

  /// The merged attributes of the function with symbol Symbol; marks the
  /// blocks that match as used.
  FunctionAnnotations lookup(const std::string &Symbol);
  /// Checks that the expressions of A name only parameters of F; false with
  /// an error naming the file, line, function and F's parameters.
  bool check(const FunctionAnnotations &A, const WrappedFunction &F,
             std::string &Error) const;
  /// "file:line: error: ..." for each `variadic FUNCTION VFUNCTION` line
  /// whose FUNCTION is not a variadic function of Declared (the headers'
  /// functions by symbol) or whose VFUNCTION is not one of them taking a
  /// va_list last.
  std::vector<std::string> checkVariadicLines(
      const std::map<std::string, const WrappedFunction *> &Declared) const;
  /// "file:line: " of line Line of the file.
  std::string where(unsigned Line) const;
  /// "file:line: warning: ..." for each pattern that matched no function
  /// looked up (not those of `optional` blocks or of blocks with a hook).
  std::vector<std::string> unusedPatterns() const;
  /// "file:line: error: ..." for each pattern of a block with a `hook`
  /// (not `optional`) that matched no function looked up.
  std::vector<std::string> unmatchedHooks() const;
  const InterfaceDescription &interface() const;
  /// The va_list sibling configured for Function, or "".
  std::string variadicSibling(const std::string &Function) const;
  const std::string &name() const;

private:
  struct Impl;
  std::unique_ptr<Impl> Self;
};

/// One expression of a function's annotations and the type the wrapper
/// converts it to.
struct AnnotatedExpression {
  std::string Key; ///< "bytes", "peer", "sets-rank"
  std::string Expression;
  std::string Type; ///< "unsigned long long" or "int"
  unsigned Line = 0;
};

/// The expressions of A: bytes, peer, the rank and the size of sets-rank.
std::vector<AnnotatedExpression> expressionsOf(const FunctionAnnotations &A);

/// The identifiers of Expression that must be parameters: not keywords,
/// not followed by '(' (calls), not after '.' or '->' (members).
std::vector<std::string> expressionParameters(const std::string &Expression);

} // namespace wrap
} // namespace sextant

#endif // SEXTANT_WRAP_GENERATOR_ANNOTATIONFILE_H
