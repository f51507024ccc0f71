//===- wrap/generator/WrapperEmitter.h - Wrapper source ---------*- C++ -*-===//
//
// Part of Sextant. Writes the one C++17 source from which all four forms of
// a library wrapper are compiled (docs/wrapping.md):
//
//   link time  (default)          defines __wrap_SYMBOL, calls __real_SYMBOL;
//                                 linked with the --wrap=SYMBOL lines of
//                                 linkerArguments() (ld -Wl,@FILE)
//   run time   -DSEXTANT_WRAP_PRELOAD=1
//                                 defines SYMBOL, finds the original once
//                                 with dlsym(RTLD_NEXT, "SYMBOL"); when it
//                                 is missing: one "sextant: error: wrapper
//                                 NAME: symbol S not found in LIBS" line and
//                                 exit status 127, never a call to itself
//
// each compiled into a shared and a static library. Every wrapper is a
// region (descriptor flag SEXTANT_REGION_LIBRARY, instrumentation_abi.h) and
// forwards, unmeasured, a wrapped call made from inside a wrapped call (a
// thread-local initial-exec depth counter). Annotated functions also call
// the __sextant_wrapped_* functions of wrapper_abi.h; a variadic function
// is forwarded to its va_list sibling (or, annotated
// forward-fixed-arguments, with its fixed arguments only).
//
// An interface whose annotation file says `profiling-interface P` (MPI)
// gets the third form instead, compiled into the interface's adapter:
//
//   profiling interface           defines SYMBOL, calls P+SYMBOL
//
// whose regions have the interface's region-kind flag, whose wrappers call
// the `hook` structs' before/after around the call and, with a call-table
// namespace NS, open NS::CallRegion with NS::FunctionId::SYMBOL instead of
// a plain region; the source then defines NS::Wrappers[] (name, hooked)
// and NS::WrapperCount, and emitFunctionIds() writes the FunctionId enum.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_WRAP_GENERATOR_WRAPPEREMITTER_H
#define SEXTANT_WRAP_GENERATOR_WRAPPEREMITTER_H

#include "wrap/generator/AnnotationFile.h"
#include "wrap/generator/WrappedFunction.h"

#include <string>
#include <vector>

namespace sextant {
namespace wrap {

/// One function the wrapper intercepts.
struct EmittedFunction {
  const WrappedFunction *Function = nullptr;
  FunctionAnnotations Annotations;
  std::string VariadicSibling; ///< for a variadic function: the v function
};

struct WrapperSpec {
  std::string Name;                 ///< the wrapper's name (fftw3)
  std::vector<std::string> Headers; ///< as given: paths or <names>
  std::string Libraries;            ///< for messages: "libfftw3.so"
  std::vector<EmittedFunction> Functions;
  InterfaceDescription Interface; ///< of the annotation file
};

/// The generated C++ source.
std::string emitWrapperSource(const WrapperSpec &Spec);
/// The enum FunctionId of a call-table interface: one enumerator per
/// function (its symbol), in the order of Spec.Functions, and FunctionCount.
std::string emitFunctionIds(const WrapperSpec &Spec);
/// The linker argument file: one --wrap=SYMBOL line per function.
std::string emitLinkerArguments(const WrapperSpec &Spec);
/// Text as the contents of a C string literal.
std::string escapeCString(const std::string &Text);

} // namespace wrap
} // namespace sextant

#endif // SEXTANT_WRAP_GENERATOR_WRAPPEREMITTER_H
