//===- wrap/generator/WrappedFunction.h - A function to wrap ----*- C++ -*-===//
//
// Part of Sextant. What the header parser found about one function that a
// library wrapper may intercept: its symbol (the linkage name the library
// exports, one per constructor/destructor variant), its display name, its
// type spelled so that generated C++ can declare it, and where it was
// declared. The emitter and `sextant wrap` work on lists of these.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_WRAP_GENERATOR_WRAPPEDFUNCTION_H
#define SEXTANT_WRAP_GENERATOR_WRAPPEDFUNCTION_H

#include <string>
#include <vector>

namespace sextant {
namespace wrap {

struct WrappedParameter {
  std::string Name;        ///< as declared, or sextant_argument_N
  std::string Declaration; ///< "T Name", "int Name[][3]", "int (*Name)(int)"
};

struct WrappedFunction {
  enum class Kind { Free, Member, Constructor, Destructor };
  Kind FunctionKind = Kind::Free;
  std::string Symbol;      ///< linkage name: "fftw_execute", "_ZN3Foo3barEi"
  std::string DisplayName; ///< "fftw_execute", "Foo::bar(int)"
  std::string ResultType;  ///< "void", "fftw_plan", "void (*)(int)"
  /// The parameters the symbol takes: for members, constructors and
  /// destructors the first is the typed `this` ("Foo *sextant_this").
  std::vector<WrappedParameter> Parameters;
  bool Variadic = false;
  std::string File; ///< header that declares it (absolute)
  unsigned Line = 0;
  /// Why it is not wrapped ("inline", "not exported by libfoo.so", ...);
  /// empty when it is.
  std::string SkipReason;
  /// The skip is worth a warning (the user may want the function measured).
  bool SkipWarns = false;

  bool wrapped() const { return SkipReason.empty(); }
  void skip(std::string Reason, bool Warn = false) {
    SkipReason = std::move(Reason);
    SkipWarns = Warn;
  }
};

} // namespace wrap
} // namespace sextant

#endif // SEXTANT_WRAP_GENERATOR_WRAPPEDFUNCTION_H
