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

const char Preamble[] = R"(#include "sextant/instrumentation_abi.h"

#include <cstdarg>
#include <cstdint>
#include <cstdio>

#if SEXTANT_WRAP_PRELOAD
#include <dlfcn.h>
#include <unistd.h>
#endif

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

#if SEXTANT_WRAP_PRELOAD
#define SEXTANT_WRAP_DECLARE(I, SYMBOL)                                        \
  SextantType_##I sextant_wrap_##I __asm__(SYMBOL);                            \
  static void *SextantOriginal_##I;
#define SEXTANT_WRAP_REAL(I, SYMBOL)                                           \
  reinterpret_cast<SextantType_##I *>(sextant_wrap_find(                       \
      &SextantOriginal_##I, SYMBOL,                                            \
      reinterpret_cast<void *>(&sextant_wrap_##I)))
#else
#define SEXTANT_WRAP_DECLARE(I, SYMBOL)                                        \
  SextantType_##I sextant_wrap_##I __asm__("__wrap_" SYMBOL);                  \
  SextantType_##I sextant_real_##I __asm__("__real_" SYMBOL);
#define SEXTANT_WRAP_REAL(I, SYMBOL) (&sextant_real_##I)
#endif
// A variadic function's wrapper defines the symbol only.
#if SEXTANT_WRAP_PRELOAD
#define SEXTANT_WRAP_DECLARE_VARIADIC(I, SYMBOL)                               \
  SextantType_##I sextant_wrap_##I __asm__(SYMBOL);
#else
#define SEXTANT_WRAP_DECLARE_VARIADIC(I, SYMBOL)                               \
  SextantType_##I sextant_wrap_##I __asm__("__wrap_" SYMBOL);
#endif

#define SEXTANT_WRAP_DESCRIPTOR(I, DISPLAY, SYMBOL, FILE, LINE)                \
  static uint32_t SextantHandle_##I = SEXTANT_INVALID;                         \
  static const sextant_region_descriptor SextantDescriptor_##I = {             \
      &SextantHandle_##I, DISPLAY, SYMBOL, FILE, LINE, 0,                      \
      (SEXTANT_ABI_VERSION << SEXTANT_ABI_VERSION_SHIFT) |                     \
          SEXTANT_REGION_LIBRARY};

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

void emitFunction(std::ostream &Out, const EmittedFunction &E, unsigned I) {
  const WrappedFunction &F = *E.Function;
  const FunctionAnnotations &A = E.Annotations;
  std::string Index = std::to_string(I);
  std::string Symbol = "\"" + escapeCString(F.Symbol) + "\"";
  std::string Parameters = joinParameters(F, true);
  std::string Arguments = joinParameters(F, false);
  if (F.Variadic)
    Parameters += Parameters.empty() ? "..." : ", ...";
  Out << "// " << F.DisplayName << "  (" << F.File << ":" << F.Line << ")\n";
  Out << "using SextantType_" << Index << " = auto("
      << (Parameters.empty() ? "void" : Parameters) << ") -> " << F.ResultType
      << ";\n";
  Out << (F.Variadic ? "SEXTANT_WRAP_DECLARE_VARIADIC("
                     : "SEXTANT_WRAP_DECLARE(")
      << Index << ", " << Symbol << ")\n";
  Out << "SEXTANT_WRAP_DESCRIPTOR(" << Index << ", \""
      << escapeCString(F.DisplayName) << "\", " << Symbol << ", \""
      << escapeCString(F.File) << "\", " << F.Line << ")\n";
  Out << "auto sextant_wrap_" << Index << "("
      << (Parameters.empty() ? "void" : Parameters) << ") -> " << F.ResultType
      << " {\n";
  std::string Call;
  if (F.Variadic) {
    // Forwarded to the va_list sibling, called by its name: when it is
    // wrapped too, its wrapper sees the depth and forwards.
    Out << "  va_list sextant_arguments;\n";
    Out << "  va_start(sextant_arguments, " << F.Parameters.back().Name
        << ");\n";
    Out << "  struct sextant_va_end {\n    va_list &List;\n"
        << "    ~sextant_va_end() { va_end(List); }\n"
        << "  } sextant_end{sextant_arguments};\n";
    Call = "::" + E.VariadicSibling + "(" + Arguments +
           (Arguments.empty() ? "" : ", ") + "sextant_arguments)";
  } else {
    Out << "  SextantType_" << Index << " *sextant_real = SEXTANT_WRAP_REAL("
        << Index << ", " << Symbol << ");\n";
    Call = "sextant_real(" + Arguments + ")";
  }
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
  std::ostringstream Out;
  Out << "// Generated by `sextant wrap generate` for the wrapper '"
      << Spec.Name << "' (" << Spec.Functions.size()
      << " functions). Do not edit.\n"
      << "// Compile with -DSEXTANT_WRAP_PRELOAD=1 for the run-time "
         "(LD_PRELOAD) form,\n// without it for the link-time (ld --wrap) "
         "form (docs/wrapping.md).\n\n";
  for (const std::string &Header : Spec.Headers)
    Out << (Header.find('/') != std::string::npos
                ? "#include \"" + Header + "\"\n"
                : "#include <" + Header + ">\n");
  Out << "\n#ifndef SEXTANT_WRAP_PRELOAD\n#define SEXTANT_WRAP_PRELOAD 0\n"
      << "#endif\n#define SEXTANT_WRAP_NAME \"" << escapeCString(Spec.Name)
      << "\"\n#define SEXTANT_WRAP_LIBRARIES \""
      << escapeCString(Spec.Libraries) << "\"\n\n";
  Out << Preamble;
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
    emitFunction(Out, Spec.Functions[I], static_cast<unsigned>(I));
  return Out.str();
}

std::string emitLinkerArguments(const WrapperSpec &Spec) {
  std::string Text;
  for (const EmittedFunction &E : Spec.Functions)
    Text += "--wrap=" + E.Function->Symbol + "\n";
  return Text;
}

} // namespace wrap
} // namespace sextant
