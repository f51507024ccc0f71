//===- wrap/generator/WrapperEmitter.cpp - Generated wrapper source -------===//
//
// Part of Sextant. See WrapperEmitter.h. The per-function code is small and
// the same for both forms: what differs (the symbol a wrapper defines and
// how it reaches the original) is in the preamble's SEXTANT_WRAP_* macros.
//
//===----------------------------------------------------------------------===//

#include "wrap/generator/WrapperEmitter.h"

#include <sstream>

namespace sextant {
namespace wrap {

namespace {

// Every form: the region of a wrapped call and its descriptor.
const char CommonPreamble[] = R"(#include "sextant/instrumentation_abi.h"

#include <cstdarg>
#include <cstdint>
#include <cstdio>

// Wrapping a deprecated function is not using it.
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

namespace {

// Wrapped calls in progress on this thread: a wrapped call made from inside
// one (by the library itself, or by the runtime) is forwarded unmeasured.
thread_local int sextant_wrap_depth __attribute__((tls_model("initial-exec")));

// The region of one wrapped call (instrumentation_abi.h).
struct sextant_wrap_scope {
  uint32_t Handle;
  explicit sextant_wrap_scope(const sextant_region_descriptor &Descriptor) {
    ++sextant_wrap_depth;
    Handle = __atomic_load_n(Descriptor.handle, __ATOMIC_RELAXED);
    if (Handle == SEXTANT_INVALID)
      Handle = __sextant_region_register(&Descriptor);
    if (Handle != SEXTANT_FILTERED)
      __sextant_region_enter(Handle);
  }
  ~sextant_wrap_scope() {
    if (Handle != SEXTANT_FILTERED)
      __sextant_region_exit(Handle);
    --sextant_wrap_depth;
  }
  sextant_wrap_scope(const sextant_wrap_scope &) = delete;
  sextant_wrap_scope &operator=(const sextant_wrap_scope &) = delete;
};

} // namespace

#define SEXTANT_WRAP_DESCRIPTOR(I, DISPLAY, SYMBOL, FILE, LINE)                \
  static uint32_t SextantHandle_##I = SEXTANT_INVALID;                         \
  static const sextant_region_descriptor SextantDescriptor_##I = {             \
      &SextantHandle_##I, DISPLAY, SYMBOL, FILE, LINE, 0,                      \
      (SEXTANT_ABI_VERSION << SEXTANT_ABI_VERSION_SHIFT) |                     \
          SEXTANT_WRAP_REGION_KIND};

)";

// The link-time and run-time forms: reentrancy, finding the original.
const char InterposingPreamble[] = R"(#if SEXTANT_WRAP_PRELOAD
#include <dlfcn.h>
#include <unistd.h>
#endif

namespace {

#if SEXTANT_WRAP_PRELOAD
// The original of Symbol, looked up once; never the wrapper itself.
[[noreturn]] void sextant_wrap_missing(const char *Symbol) {
  char Line[1024];
  int Length = std::snprintf(Line, sizeof(Line),
                             "sextant: error: wrapper %s: symbol %s not found "
                             "in %s\n",
                             SEXTANT_WRAP_NAME, Symbol, SEXTANT_WRAP_LIBRARIES);
  if (Length > 0)
    (void)!::write(2, Line, Length < (int)sizeof(Line) ? Length
                                                       : (int)sizeof(Line) - 1);
  ::_exit(127);
}
void *sextant_wrap_find(void **Slot, const char *Symbol, void *Self) {
  void *Found = __atomic_load_n(Slot, __ATOMIC_RELAXED);
  if (Found)
    return Found;
  Found = ::dlsym(RTLD_NEXT, Symbol);
  if (!Found || Found == Self)
    sextant_wrap_missing(Symbol);
  __atomic_store_n(Slot, Found, __ATOMIC_RELAXED);
  return Found;
}
#endif

} // namespace

// The wrappers and originals are declared with C language linkage, which
// their symbols have anyway (set by __asm__): a C++ declaration of a
// function whose type has no linkage (shmem_ctx_t is a pointer to an
// unnamed struct) could not be defined in another translation unit.
#if SEXTANT_WRAP_PRELOAD
#define SEXTANT_WRAP_DECLARE(I, SYMBOL)                                        \
  extern "C" SextantType_##I sextant_wrap_##I __asm__(SYMBOL);                 \
  static void *SextantOriginal_##I;
#define SEXTANT_WRAP_REAL(I, SYMBOL)                                           \
  reinterpret_cast<SextantType_##I *>(sextant_wrap_find(                       \
      &SextantOriginal_##I, SYMBOL,                                            \
      reinterpret_cast<void *>(&sextant_wrap_##I)))
#else
#define SEXTANT_WRAP_DECLARE(I, SYMBOL)                                        \
  extern "C" SextantType_##I sextant_wrap_##I __asm__("__wrap_" SYMBOL);       \
  extern "C" SextantType_##I sextant_real_##I __asm__("__real_" SYMBOL);
#define SEXTANT_WRAP_REAL(I, SYMBOL) (&sextant_real_##I)
#endif
// A variadic function forwarded to its va_list sibling defines the symbol
// only.
#if SEXTANT_WRAP_PRELOAD
#define SEXTANT_WRAP_DECLARE_VARIADIC(I, SYMBOL)                               \
  extern "C" SextantType_##I sextant_wrap_##I __asm__(SYMBOL);
#else
#define SEXTANT_WRAP_DECLARE_VARIADIC(I, SYMBOL)                               \
  extern "C" SextantType_##I sextant_wrap_##I __asm__("__wrap_" SYMBOL);
#endif

)";

const char LibraryPreamble[] = R"(namespace {
// The wrapped library, registered at the first call that needs it.
int sextant_wrap_library() {
  static int Id = -2;
  int Known = __atomic_load_n(&Id, __ATOMIC_RELAXED);
  if (Known == -2) {
    Known = __sextant_wrapped_library_register(&SextantLibrary);
    __atomic_store_n(&Id, Known, __ATOMIC_RELAXED);
  }
  return Known;
}
} // namespace

)";

const char *transferKind(const std::string &Kind) {
  if (Kind == "get")
    return "SEXTANT_TRANSFER_GET";
  if (Kind == "atomic")
    return "SEXTANT_TRANSFER_ATOMIC";
  if (Kind == "fetching-atomic")
    return "SEXTANT_TRANSFER_FETCHING_ATOMIC";
  return "SEXTANT_TRANSFER_PUT";
}

std::string joinParameters(const WrappedFunction &F, bool Declarations) {
  std::string Text;
  for (const WrappedParameter &P : F.Parameters) {
    if (!Text.empty())
      Text += ", ";
    Text += Declarations ? P.Declaration : P.Name;
  }
  return Text;
}

/// The parameter list of F's wrapper.
std::string parameterList(const WrappedFunction &F) {
  std::string Parameters = joinParameters(F, true);
  if (F.Variadic)
    Parameters += Parameters.empty() ? "..." : ", ...";
  return Parameters.empty() ? "void" : Parameters;
}

/// The call of the original (Callee, or for a variadic function forwarded
/// to its va_list sibling, Sibling) with the wrapper's arguments; writes
/// the va_list set-up such a call needs.
std::string forwardCall(std::ostream &Out, const EmittedFunction &E,
                        const std::string &Callee, const std::string &Sibling) {
  const WrappedFunction &F = *E.Function;
  std::string Arguments = joinParameters(F, false);
  if (!F.Variadic || E.VariadicSibling.empty())
    return Callee + "(" + Arguments + ")"; // fixed arguments only
  // Forwarded to the va_list sibling, called by its name: when it is
  // wrapped too, its wrapper sees the depth and forwards.
  Out << "  va_list sextant_arguments;\n";
  Out << "  va_start(sextant_arguments, " << F.Parameters.back().Name << ");\n";
  Out << "  struct sextant_va_end {\n    va_list &List;\n"
      << "    ~sextant_va_end() { va_end(List); }\n"
      << "  } sextant_end{sextant_arguments};\n";
  return Sibling + "(" + Arguments + (Arguments.empty() ? "" : ", ") +
         "sextant_arguments)";
}

/// The source comment of a wrapper.
void emitComment(std::ostream &Out, const WrappedFunction &F) {
  Out << "// " << F.DisplayName << "  (" << F.File << ":" << F.Line << ")\n";
}

/// The region descriptor of wrapper Index; its source location is the
/// declaration's unless the interface says none.
void emitDescriptor(std::ostream &Out, const WrappedFunction &F,
                    const std::string &Index, const std::string &Symbol,
                    const InterfaceDescription &Interface) {
  bool Located = Interface.RegionLocation != "none";
  Out << "SEXTANT_WRAP_DESCRIPTOR(" << Index << ", \""
      << escapeCString(F.DisplayName) << "\", " << Symbol << ", \""
      << (Located ? escapeCString(F.File) : std::string()) << "\", "
      << (Located ? F.Line : 0) << ")\n";
}

/// A wrapper of the link-time and run-time forms.
void emitInterposingFunction(std::ostream &Out, const EmittedFunction &E,
                             unsigned I,
                             const InterfaceDescription &Interface) {
  const WrappedFunction &F = *E.Function;
  const FunctionAnnotations &A = E.Annotations;
  std::string Index = std::to_string(I);
  std::string Symbol = "\"" + escapeCString(F.Symbol) + "\"";
  std::string Parameters = parameterList(F);
  bool ToSibling = F.Variadic && !E.VariadicSibling.empty();
  emitComment(Out, F);
  Out << "using SextantType_" << Index << " = auto(" << Parameters << ") -> "
      << F.ResultType << ";\n";
  Out << (ToSibling ? "SEXTANT_WRAP_DECLARE_VARIADIC("
                    : "SEXTANT_WRAP_DECLARE(")
      << Index << ", " << Symbol << ")\n";
  emitDescriptor(Out, F, Index, Symbol, Interface);
  Out << "auto sextant_wrap_" << Index << "(" << Parameters << ") -> "
      << F.ResultType << " {\n";
  if (!ToSibling)
    Out << "  SextantType_" << Index << " *sextant_real = SEXTANT_WRAP_REAL("
        << Index << ", " << Symbol << ");\n";
  std::string Call =
      forwardCall(Out, E, "sextant_real", "::" + E.VariadicSibling);
  Out << "  if (sextant_wrap_depth)\n    return " << Call << ";\n";
  Out << "  sextant_wrap_scope sextant_scope(SextantDescriptor_" << Index
      << ");\n";
  if (A.needsLibrary()) {
    Out << "  int sextant_library = sextant_wrap_library();\n";
    bool Records = A.Transfer.present() || A.Bytes.present() ||
                   A.Peer.present() || A.Collective.present();
    if (Records) {
      Out << "  if (sextant_library >= 0) {\n";
      Out << "    unsigned long long sextant_bytes = "
          << (A.Bytes.present() ? "(unsigned long long)(" + A.Bytes.Text + ")"
                                : std::string("0"))
          << ";\n";
      if (A.Transfer.present())
        Out << "    __sextant_wrapped_transfer(sextant_library, " << Index
            << "u, " << transferKind(A.Transfer.Text) << ", (int)("
            << A.Peer.Text << "), sextant_bytes);\n";
      Out << "    __sextant_wrapped_call(sextant_library, " << Index
          << "u, sextant_bytes, "
          << (A.Collective.present() ? "SEXTANT_WRAPPED_COLLECTIVE" : "0u")
          << ");\n";
      Out << "  }\n";
    }
    if (A.SetsRank.present()) {
      bool Void = F.ResultType == "void";
      Out << "  " << (Void ? "" : "auto sextant_result = ") << Call << ";\n";
      Out << "  if (sextant_library >= 0)\n"
          << "    __sextant_wrapped_set_rank(sextant_library, (int)("
          << A.RankExpression << "), (int)(" << A.SizeExpression << "));\n";
      if (!Void)
        Out << "  return sextant_result;\n";
      Out << "}\n\n";
      return;
    }
  }
  Out << "  return " << Call << ";\n}\n\n";
}

/// A namespace name as written after `namespace`: without leading "::".
std::string namespaceName(const std::string &Name) {
  return Name.compare(0, 2, "::") == 0 ? Name.substr(2) : Name;
}

/// A wrapper of the profiling-interface form: defines the symbol, calls
/// PREFIX+SYMBOL; no reentrancy guard (the library calls its own PREFIX
/// functions; a wrapped call from a callback the library runs is a call of
/// the program).
void emitProfilingFunction(std::ostream &Out, const EmittedFunction &E,
                           unsigned I, const InterfaceDescription &Interface) {
  const WrappedFunction &F = *E.Function;
  const std::string &Prefix = Interface.ProfilingPrefix;
  std::string Index = std::to_string(I);
  std::string Symbol = "\"" + escapeCString(F.Symbol) + "\"";
  emitComment(Out, F);
  emitDescriptor(Out, F, Index, Symbol, Interface);
  Out << "extern \"C\" __attribute__((visibility(\"default\"))) "
      << F.ResultType << " " << F.Symbol << "(" << parameterList(F) << ") {\n";
  std::string Id = Interface.CallTableNamespace + "::FunctionId::" + F.Symbol;
  auto EmitScope = [&](const char *Indent, bool Counted) {
    if (Interface.CallTableNamespace.empty())
      Out << Indent << "sextant_wrap_scope sextant_scope(SextantDescriptor_"
          << Index << ");\n";
    else
      Out << Indent << Interface.CallTableNamespace
          << "::CallRegion sextant_scope(SextantDescriptor_" << Index << ", "
          << Id << (Counted ? ", true" : "") << ");\n";
  };
  const AnnotationValue &Hook = E.Annotations.Hook;
  bool Outside = Hook.present() && E.Annotations.HookOutsideRegion.present();
  if (!Outside)
    EmitScope("  ", false);
  std::string Call =
      forwardCall(Out, E, Prefix + F.Symbol, Prefix + E.VariadicSibling);
  if (!Hook.present()) {
    Out << "  return " << Call << ";\n}\n\n";
    return;
  }
  std::string Arguments = joinParameters(F, false);
  std::string Comma = Arguments.empty() ? "" : ", ";
  std::string Struct = Interface.HooksNamespace + "::" + Hook.Text;
  bool Void = F.ResultType == "void";
  // hook-outside-region: the call is counted before the hook runs.
  if (Outside && !Interface.CallTableNamespace.empty())
    Out << "  " << Interface.CallTableNamespace << "::CallRegion::count(" << Id
        << ");\n";
  Out << "  " << Struct << "::State sextant_pending;\n";
  Out << "  " << Struct << "::before(sextant_pending" << Comma << Arguments
      << ");\n";
  if (Outside) {
    // hook-outside-region: the region spans the library's call alone.
    if (!Void)
      Out << "  " << F.ResultType << " sextant_result;\n";
    Out << "  {\n";
    EmitScope("    ", true);
    Out << "    " << (Void ? "" : "sextant_result = ") << Call << ";\n";
    Out << "  }\n";
  } else {
    Out << "  " << (Void ? "" : F.ResultType + " sextant_result = ") << Call
        << ";\n";
  }
  Out << "  " << Struct << "::after(sextant_pending, "
      << (Void ? "0" : "sextant_result") << Comma << Arguments << ");\n";
  if (!Void)
    Out << "  return sextant_result;\n";
  Out << "}\n\n";
}

/// The call table of the profiling-interface form: one entry per wrapper,
/// its name and whether it calls a hook.
void emitCallTable(std::ostream &Out, const WrapperSpec &Spec) {
  Out << "namespace " << namespaceName(Spec.Interface.CallTableNamespace)
      << " {\nconst WrapperInfo Wrappers[] = {\n";
  for (const EmittedFunction &E : Spec.Functions)
    Out << "    {\"" << escapeCString(E.Function->Symbol) << "\", "
        << (E.Annotations.Hook.present() ? "true" : "false") << "},\n";
  Out << "};\nconst unsigned WrapperCount = " << Spec.Functions.size()
      << ";\n} // namespace "
      << namespaceName(Spec.Interface.CallTableNamespace) << "\n\n";
}

} // namespace

std::string escapeCString(const std::string &Text) {
  std::string Result;
  for (char C : Text) {
    if (C == '"' || C == '\\')
      Result += '\\';
    Result += C;
  }
  return Result;
}

std::string emitWrapperSource(const WrapperSpec &Spec) {
  const InterfaceDescription &Interface = Spec.Interface;
  bool Profiling = !Interface.ProfilingPrefix.empty();
  std::ostringstream Out;
  Out << "// Generated by `sextant wrap generate` for the wrapper '"
      << Spec.Name << "' (" << Spec.Functions.size()
      << " functions). Do not edit.\n";
  if (Profiling)
    Out << "// The profiling-interface form: each wrapper defines its symbol "
           "and calls\n// the library's "
        << Interface.ProfilingPrefix << "-prefixed one (docs/wrapping.md).\n\n";
  else
    Out << "// Compile with -DSEXTANT_WRAP_PRELOAD=1 for the run-time "
           "(LD_PRELOAD) form,\n// without it for the link-time (ld --wrap) "
           "form (docs/wrapping.md).\n\n";
  for (const std::string &Header : Spec.Headers)
    Out << (Header.find('/') != std::string::npos
                ? "#include \"" + Header + "\"\n"
                : "#include <" + Header + ">\n");
  for (const std::string &Header : Interface.Includes)
    Out << "#include \"" << Header << "\"\n";
  Out << "\n#ifndef SEXTANT_WRAP_PRELOAD\n#define SEXTANT_WRAP_PRELOAD 0\n"
      << "#endif\n#define SEXTANT_WRAP_NAME \"" << escapeCString(Spec.Name)
      << "\"\n#define SEXTANT_WRAP_LIBRARIES \""
      << escapeCString(Spec.Libraries) << "\"\n"
      << "#define SEXTANT_WRAP_REGION_KIND "
      << (Interface.RegionKind == "mpi" ? "SEXTANT_REGION_MPI"
                                        : "SEXTANT_REGION_LIBRARY")
      << "\n\n";
  Out << CommonPreamble;
  if (Profiling) {
    if (!Interface.CallTableNamespace.empty())
      emitCallTable(Out, Spec);
    for (size_t I = 0; I < Spec.Functions.size(); ++I)
      emitProfilingFunction(Out, Spec.Functions[I], static_cast<unsigned>(I),
                            Interface);
    return Out.str();
  }
  Out << InterposingPreamble;
  bool NeedsLibrary = false;
  for (const EmittedFunction &E : Spec.Functions)
    NeedsLibrary |= E.Annotations.needsLibrary();
  if (NeedsLibrary) {
    Out << "#include \"sextant/wrapper_abi.h\"\n\n";
    Out << "static const char *const SextantFunctionNames[] = {\n";
    for (const EmittedFunction &E : Spec.Functions)
      Out << "    \"" << escapeCString(E.Function->DisplayName) << "\",\n";
    Out << "};\nstatic const sextant_wrapped_library SextantLibrary = {\n"
        << "    SEXTANT_WRAPPER_ABI_VERSION, SEXTANT_WRAP_NAME, "
        << Spec.Functions.size() << "u, SextantFunctionNames};\n";
    Out << LibraryPreamble;
  }
  for (size_t I = 0; I < Spec.Functions.size(); ++I)
    emitInterposingFunction(Out, Spec.Functions[I], static_cast<unsigned>(I),
                            Interface);
  return Out.str();
}

std::string emitFunctionIds(const WrapperSpec &Spec) {
  std::string Text =
      "// Generated by `sextant wrap generate` for the wrapper '" + Spec.Name +
      "'. Do not edit.\n// The index of each "
      "wrapper in Wrappers[] and the call counters.\n"
      "enum class FunctionId : unsigned {\n";
  for (const EmittedFunction &E : Spec.Functions)
    Text += "  " + E.Function->Symbol + ",\n";
  Text += "};\nconstexpr unsigned FunctionCount = " +
          std::to_string(Spec.Functions.size()) + ";\n";
  return Text;
}

std::string emitLinkerArguments(const WrapperSpec &Spec) {
  std::string Text;
  for (const EmittedFunction &E : Spec.Functions)
    Text += "--wrap=" + E.Function->Symbol + "\n";
  return Text;
}

} // namespace wrap
} // namespace sextant
