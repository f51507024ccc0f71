//===- test/unit/wrap/WrapperEmitterTests.cpp - Generated wrapper source --===//
//
// Part of Sextant. The text the emitter writes: both forms' declarations,
// the reentrancy guard, the region, the annotation calls of
// wrapper_abi.h, variadic forwarding, parameter declarators.
//
//===----------------------------------------------------------------------===//

#include "wrap/generator/HeaderParser.h"
#include "wrap/generator/WrapperEmitter.h"

#include <catch2/catch.hpp>

using namespace sextant::wrap;

namespace {
bool contains(const std::string &Text, const std::string &Part) {
  if (Text.find(Part) != std::string::npos)
    return true;
  UNSCOPED_INFO("missing: " << Part);
  return false;
}

WrappedFunction putmem() {
  WrappedFunction F;
  F.Symbol = F.DisplayName = "shmem_putmem";
  F.ResultType = "void";
  F.File = "/usr/include/shmem.h";
  F.Line = 12;
  for (const char *P : {"dest", "source", "nelems", "pe"})
    F.Parameters.push_back({P, std::string("long ") + P});
  return F;
}
} // namespace

TEST_CASE("parameter declarators keep arrays and function pointers", "[wrap]") {
  CHECK(declareParameter("int (*)(int)", "f") == "int (*f)(int)");
  CHECK(declareParameter("const int (*)[3]", "rows") == "const int (*rows)[3]");
  CHECK(declareParameter("int[]", "values") == "int values[]");
  CHECK(declareParameter("int[][3]", "r") == "int r[][3]");
  CHECK(declareParameter("fftw_complex *", "in") == "fftw_complex * in");
}

TEST_CASE("a function without annotations needs only the region ABI",
          "[wrap]") {
  WrappedFunction F = putmem();
  WrapperSpec Spec;
  Spec.Name = "demo";
  Spec.Headers = {"shmem.h"};
  Spec.Libraries = "liboshmem.so";
  Spec.Functions.push_back({&F, {}, ""});
  std::string Text = emitWrapperSource(Spec);
  CHECK(contains(Text, "#include <shmem.h>"));
  CHECK(contains(Text, "using SextantType_0 = auto(long dest, long source, "
                       "long nelems, long pe) -> void;"));
  CHECK(contains(Text, "SEXTANT_WRAP_DECLARE(0, \"shmem_putmem\")"));
  CHECK(contains(Text, "__asm__(\"__wrap_\" SYMBOL)"));
  // C language linkage, also for parameter types without linkage in C++.
  CHECK(contains(Text, "extern \"C\" SextantType_##I sextant_wrap_##I "
                       "__asm__(\"__wrap_\" SYMBOL);"));
  CHECK(contains(Text, "extern \"C\" SextantType_##I sextant_real_##I "
                       "__asm__(\"__real_\" SYMBOL);"));
  CHECK(contains(Text, "extern \"C\" SextantType_##I sextant_wrap_##I "
                       "__asm__(SYMBOL);"));
  CHECK(contains(Text, "dlsym(RTLD_NEXT, Symbol)"));
  CHECK(contains(Text, "tls_model(\"initial-exec\")"));
  CHECK(contains(Text, "  if (sextant_wrap_depth)\n"
                       "    return sextant_real(dest, source, nelems, pe);"));
  CHECK(contains(Text, "SEXTANT_REGION_LIBRARY"));
  CHECK(contains(Text, "#define SEXTANT_WRAP_LIBRARIES \"liboshmem.so\""));
  CHECK(Text.find("wrapper_abi.h") == std::string::npos);
  CHECK(Text.find("__sextant_wrapped_") == std::string::npos);
  CHECK(emitLinkerArguments(Spec) == "--wrap=shmem_putmem\n");
}

TEST_CASE("annotations become calls of wrapper_abi.h", "[wrap]") {
  WrappedFunction Put = putmem(), Barrier, Init;
  Barrier.Symbol = Barrier.DisplayName = "shmem_barrier_all";
  Barrier.ResultType = "void";
  Init.Symbol = Init.DisplayName = "shmem_init_thread";
  Init.ResultType = "int";
  Init.Parameters.push_back({"requested", "int requested"});
  FunctionAnnotations PutA, BarrierA, InitA;
  PutA.Transfer = {"put", 2};
  PutA.Bytes = {"nelems * 8", 3};
  PutA.Peer = {"pe", 4};
  BarrierA.Collective = {"", 6};
  InitA.SetsRank = {"shmem_my_pe() shmem_n_pes()", 8};
  InitA.RankExpression = "shmem_my_pe()";
  InitA.SizeExpression = "shmem_n_pes()";
  WrapperSpec Spec;
  Spec.Name = "oshmem";
  Spec.Headers = {"/opt/include/shmem.h"};
  Spec.Functions = {
      {&Put, PutA, ""}, {&Barrier, BarrierA, ""}, {&Init, InitA, ""}};
  std::string Text = emitWrapperSource(Spec);
  CHECK(contains(Text, "#include \"/opt/include/shmem.h\""));
  CHECK(contains(Text, "#include \"sextant/wrapper_abi.h\""));
  CHECK(contains(Text, "SEXTANT_WRAPPER_ABI_VERSION, SEXTANT_WRAP_NAME, 3u, "
                       "SextantFunctionNames"));
  CHECK(contains(Text, "unsigned long long sextant_bytes = (unsigned long "
                       "long)(nelems * 8);"));
  CHECK(contains(Text, "__sextant_wrapped_transfer(sextant_library, 0u, "
                       "SEXTANT_TRANSFER_PUT, (int)(pe), sextant_bytes);"));
  CHECK(contains(Text, "__sextant_wrapped_call(sextant_library, 0u, "
                       "sextant_bytes, 0u);"));
  CHECK(contains(Text, "__sextant_wrapped_call(sextant_library, 1u, "
                       "sextant_bytes, SEXTANT_WRAPPED_COLLECTIVE);"));
  CHECK(contains(Text, "  auto sextant_result = sextant_real(requested);\n"
                       "  if (sextant_library >= 0)\n"
                       "    __sextant_wrapped_set_rank(sextant_library, "
                       "(int)(shmem_my_pe()), (int)(shmem_n_pes()));\n"
                       "  return sextant_result;"));
}

TEST_CASE("a variadic function is forwarded to its va_list sibling", "[wrap]") {
  WrappedFunction F;
  F.Symbol = F.DisplayName = "printf";
  F.ResultType = "int";
  F.Variadic = true;
  F.Parameters.push_back({"format", "const char * format"});
  WrapperSpec Spec;
  Spec.Name = "stdio";
  Spec.Headers = {"stdio.h"};
  Spec.Functions.push_back({&F, {}, "vprintf"});
  std::string Text = emitWrapperSource(Spec);
  CHECK(contains(Text, "using SextantType_0 = auto(const char * format, ...) "
                       "-> int;"));
  CHECK(contains(Text, "SEXTANT_WRAP_DECLARE_VARIADIC(0, \"printf\")"));
  CHECK(contains(Text, "va_start(sextant_arguments, format);"));
  CHECK(contains(Text, "return ::vprintf(format, sextant_arguments);"));
}

namespace {
WrappedFunction mpiFunction(const char *Name, bool Variadic = false) {
  WrappedFunction F;
  F.Symbol = F.DisplayName = Name;
  F.ResultType = "int";
  F.File = "/usr/include/mpi.h";
  F.Line = 7;
  F.Variadic = Variadic;
  F.Parameters.push_back({"count", "int count"});
  return F;
}

InterfaceDescription mpiInterface() {
  InterfaceDescription I;
  I.ProfilingPrefix = "P";
  I.RegionKind = "mpi";
  I.RegionLocation = "none";
  I.Includes = {"mpi/CallRegion.h"};
  I.CallTableNamespace = "::sextant::mpi";
  I.HooksNamespace = "::sextant::mpi::hooks";
  return I;
}
} // namespace

TEST_CASE("the profiling-interface form calls the P function", "[wrap]") {
  WrappedFunction Send = mpiFunction("MPI_Send"),
                  Pcontrol = mpiFunction("MPI_Pcontrol", true);
  FunctionAnnotations SendA, PcontrolA;
  SendA.Hook = {"MPI_Send", 3};
  PcontrolA.ForwardFixedArguments = {"", 5};
  WrapperSpec Spec;
  Spec.Name = "MpiWrappers";
  Spec.Headers = {"/usr/include/mpi.h"};
  Spec.Interface = mpiInterface();
  Spec.Functions = {{&Pcontrol, PcontrolA, ""}, {&Send, SendA, ""}};
  std::string Text = emitWrapperSource(Spec);
  CHECK(contains(Text, "#include \"mpi/CallRegion.h\""));
  CHECK(contains(Text, "#define SEXTANT_WRAP_REGION_KIND SEXTANT_REGION_MPI"));
  CHECK(contains(Text, "SEXTANT_WRAP_DESCRIPTOR(1, \"MPI_Send\", "
                       "\"MPI_Send\", \"\", 0)"));
  CHECK(contains(Text, "namespace sextant::mpi {\n"
                       "const WrapperInfo Wrappers[] = {\n"
                       "    {\"MPI_Pcontrol\", false},\n"
                       "    {\"MPI_Send\", true},\n"
                       "};\nconst unsigned WrapperCount = 2;\n"));
  CHECK(contains(Text, "extern \"C\" __attribute__((visibility(\"default\"))) "
                       "int MPI_Pcontrol(int count, ...) {\n"
                       "  ::sextant::mpi::CallRegion sextant_scope("
                       "SextantDescriptor_0, "
                       "::sextant::mpi::FunctionId::MPI_Pcontrol);\n"
                       "  return PMPI_Pcontrol(count);\n}"));
  CHECK(contains(Text,
                 "int MPI_Send(int count) {\n"
                 "  ::sextant::mpi::CallRegion sextant_scope("
                 "SextantDescriptor_1, ::sextant::mpi::FunctionId::MPI_Send);\n"
                 "  ::sextant::mpi::hooks::MPI_Send::State sextant_pending;\n"
                 "  ::sextant::mpi::hooks::MPI_Send::before(sextant_pending, "
                 "count);\n"
                 "  int sextant_result = PMPI_Send(count);\n"
                 "  ::sextant::mpi::hooks::MPI_Send::after(sextant_pending, "
                 "sextant_result, count);\n"
                 "  return sextant_result;\n}"));
  // Neither --wrap nor dlsym, no reentrancy guard.
  CHECK(Text.find("__wrap_") == std::string::npos);
  CHECK(Text.find("dlsym") == std::string::npos);
  CHECK(Text.find("if (sextant_wrap_depth)") == std::string::npos);
  CHECK(emitFunctionIds(Spec) ==
        "// Generated by `sextant wrap generate` for the wrapper "
        "'MpiWrappers'. Do not edit.\n// The index of each wrapper in "
        "Wrappers[] and the call counters.\n"
        "enum class FunctionId : unsigned {\n  MPI_Pcontrol,\n  MPI_Send,\n"
        "};\nconstexpr unsigned FunctionCount = 2;\n");
}

TEST_CASE("the profiling-interface form without a call table", "[wrap]") {
  WrappedFunction Put = mpiFunction("shmem_put");
  WrapperSpec Spec;
  Spec.Name = "pshmem";
  Spec.Headers = {"shmem.h"};
  Spec.Interface.ProfilingPrefix = "p";
  Spec.Functions = {{&Put, {}, ""}};
  std::string Text = emitWrapperSource(Spec);
  CHECK(contains(Text, "SEXTANT_REGION_LIBRARY"));
  CHECK(contains(Text, "SEXTANT_WRAP_DESCRIPTOR(0, \"shmem_put\", "
                       "\"shmem_put\", \"/usr/include/mpi.h\", 7)"));
  CHECK(contains(Text, "  sextant_wrap_scope sextant_scope("
                       "SextantDescriptor_0);\n"
                       "  return pshmem_put(count);\n}"));
  CHECK(Text.find("Wrappers[]") == std::string::npos);
}

TEST_CASE("hook-outside-region: the region spans the library's call alone",
          "[wrap]") {
  WrappedFunction Finalize = mpiFunction("MPI_Finalize");
  FunctionAnnotations A;
  A.Hook = {"MPI_Finalize", 3};
  A.HookOutsideRegion = {"", 4};
  WrapperSpec Spec;
  Spec.Name = "MpiWrappers";
  Spec.Interface = mpiInterface();
  Spec.Functions = {{&Finalize, A, ""}};
  std::string Text = emitWrapperSource(Spec);
  CHECK(contains(
      Text, "int MPI_Finalize(int count) {\n"
            "  ::sextant::mpi::CallRegion::count("
            "::sextant::mpi::FunctionId::MPI_Finalize);\n"
            "  ::sextant::mpi::hooks::MPI_Finalize::State sextant_pending;\n"
            "  ::sextant::mpi::hooks::MPI_Finalize::before(sextant_pending, "
            "count);\n"
            "  int sextant_result;\n"
            "  {\n"
            "    ::sextant::mpi::CallRegion sextant_scope("
            "SextantDescriptor_0, ::sextant::mpi::FunctionId::MPI_Finalize, "
            "true);\n"
            "    sextant_result = PMPI_Finalize(count);\n"
            "  }\n"
            "  ::sextant::mpi::hooks::MPI_Finalize::after(sextant_pending, "
            "sextant_result, count);\n"
            "  return sextant_result;\n}"));
}
