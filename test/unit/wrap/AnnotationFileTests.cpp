//===- test/unit/wrap/AnnotationFileTests.cpp - Annotation files ----------===//
//
// Part of Sextant. The grammar of NAME.annotations (docs/wrapping.md):
// blocks and their merging, errors with file:line, the parameter check.
//
//===----------------------------------------------------------------------===//

#include "wrap/generator/AnnotationFile.h"

#include <catch2/catch.hpp>

using namespace sextant::wrap;

namespace {
WrappedFunction function(const char *Name,
                         std::vector<const char *> Parameters) {
  WrappedFunction F;
  F.Symbol = F.DisplayName = Name;
  for (const char *P : Parameters)
    F.Parameters.push_back({P, std::string("int ") + P});
  return F;
}
} // namespace

TEST_CASE("blocks merge, a later block wins per key", "[wrap]") {
  AnnotationFile File;
  std::vector<std::string> Errors;
  REQUIRE(File.parse("# puts\n"
                     "function shmem_*_put shmem_putmem\n"
                     "  transfer put\n"
                     "  bytes nelems * 8\n"
                     "  peer pe\n"
                     "\n"
                     "function shmem_putmem\n"
                     "\tbytes nelems   # bytes, not elements\n"
                     "function shmem_barrier_all\n"
                     "  collective\n"
                     "function shmem_init\n"
                     "  sets-rank shmem_my_pe() shmem_n_pes()\n"
                     "variadic shmem_printf shmem_vprintf\n",
                     "shmem.annotations", Errors));
  CHECK(Errors.empty());
  FunctionAnnotations Put = File.lookup("shmem_putmem");
  CHECK(Put.Transfer.Text == "put");
  CHECK(Put.Bytes.Text == "nelems");
  CHECK(Put.Bytes.Line == 8);
  CHECK(Put.Peer.Text == "pe");
  CHECK(Put.needsLibrary());
  FunctionAnnotations Int = File.lookup("shmem_int_put");
  CHECK(Int.Bytes.Text == "nelems * 8");
  FunctionAnnotations Init = File.lookup("shmem_init");
  CHECK(Init.RankExpression == "shmem_my_pe()");
  CHECK(Init.SizeExpression == "shmem_n_pes()");
  CHECK(File.lookup("shmem_barrier_all").Collective.present());
  CHECK_FALSE(File.lookup("shmem_quiet").needsLibrary());
  CHECK(File.variadicSibling("shmem_printf") == "shmem_vprintf");
  CHECK(File.unusedPatterns().empty());
}

TEST_CASE("a pattern that matched nothing is a warning", "[wrap]") {
  AnnotationFile File;
  std::vector<std::string> Errors;
  REQUIRE(File.parse("function foo bar*\n  collective\n", "a.ann", Errors));
  File.lookup("foo");
  std::vector<std::string> Warnings = File.unusedPatterns();
  REQUIRE(Warnings.size() == 1);
  CHECK(Warnings[0] ==
        "a.ann:1: warning: pattern 'bar*' matches no wrapped function");
}

TEST_CASE("errors name the file and line", "[wrap]") {
  AnnotationFile File;
  std::vector<std::string> Errors;
  CHECK_FALSE(File.parse("  bytes n\n"
                         "function f\n"
                         "  transfer sideways\n"
                         "  colective\n"
                         "  sets-rank me\n"
                         "  bytes\n"
                         "function g\n"
                         "  transfer get\n"
                         "varargs printf\n",
                         "bad.ann", Errors));
  REQUIRE(Errors.size() == 7);
  CHECK(Errors[0] == "bad.ann:1: error: attribute 'bytes' outside a "
                     "'function' block");
  CHECK(Errors[1].rfind("bad.ann:3: error: expected 'transfer put'", 0) == 0);
  CHECK(Errors[2].rfind("bad.ann:4: error: unknown attribute 'colective'", 0) ==
        0);
  CHECK(Errors[3].rfind("bad.ann:5: error: expected 'sets-rank RANK SIZE'",
                        0) == 0);
  CHECK(Errors[4] == "bad.ann:6: error: 'bytes' needs an expression");
  CHECK(Errors[5].rfind("bad.ann:9: error: unknown line 'varargs'", 0) == 0);
  CHECK(Errors[6] == "bad.ann:7: error: 'transfer' and 'peer' go together: a "
                     "transfer is to or from a peer");
}

TEST_CASE("expressions may name only the function's parameters", "[wrap]") {
  CHECK(expressionParameters("nelems * sizeof(long)") ==
        std::vector<std::string>{"nelems"});
  CHECK(expressionParameters("team->size + f(x) + s.count + 0x10") ==
        std::vector<std::string>{"team", "x", "s"});
  CHECK(expressionParameters("(unsigned long)count * 2u").size() == 1);

  AnnotationFile File;
  std::vector<std::string> Errors;
  REQUIRE(File.parse("function shmem_putmem\n"
                     "  transfer put\n"
                     "  bytes nbytes\n"
                     "  peer pe\n",
                     "x.ann", Errors));
  FunctionAnnotations A = File.lookup("shmem_putmem");
  std::string Error;
  CHECK(File.check(A, function("shmem_putmem", {"dest", "nelems", "pe"}),
                   Error) == false);
  CHECK(Error == "x.ann:3: error: function shmem_putmem: 'bytes nbytes' names "
                 "'nbytes', which is not one of its parameters (dest, "
                 "nelems, pe)");
  CHECK(File.check(A, function("shmem_putmem", {"nbytes", "pe"}), Error));
}

TEST_CASE("interface lines describe the profiling-interface form", "[wrap]") {
  AnnotationFile File;
  std::vector<std::string> Errors;
  REQUIRE(File.parse("parse-as c\n"
                     "profiling-interface P\n"
                     "region-kind mpi\n"
                     "region-location none\n"
                     "include mpi/CallRegion.h\n"
                     "include mpi/MpiHooks.h\n"
                     "call-table ::sextant::mpi\n"
                     "hooks ::sextant::mpi::hooks\n"
                     "variant-suffix _c\n",
                     "mpi.annotations", Errors));
  const InterfaceDescription &I = File.interface();
  CHECK(I.ParseAsC);
  CHECK(I.ProfilingPrefix == "P");
  CHECK(I.RegionKind == "mpi");
  CHECK(I.RegionLocation == "none");
  CHECK(I.Includes ==
        std::vector<std::string>{"mpi/CallRegion.h", "mpi/MpiHooks.h"});
  CHECK(I.CallTableNamespace == "::sextant::mpi");
  CHECK(I.HooksNamespace == "::sextant::mpi::hooks");
  CHECK(I.VariantSuffix == "_c");
  // Without interface lines: the interposing forms, C++ headers.
  AnnotationFile Plain;
  REQUIRE(Plain.parse("function f\n  collective\n", "f.annotations", Errors));
  CHECK_FALSE(Plain.interface().ParseAsC);
  CHECK(Plain.interface().ProfilingPrefix.empty());
  CHECK(Plain.interface().RegionKind == "library");
  CHECK(Plain.interface().RegionLocation == "header");
}

TEST_CASE("hooks apply to variants, name their struct, must match", "[wrap]") {
  AnnotationFile File;
  std::vector<std::string> Errors;
  REQUIRE(File.parse("profiling-interface P\n"
                     "hooks ::h\n"
                     "variant-suffix _c\n"
                     "function MPI_Send MPI_Nothing\n"
                     "  hook\n"
                     "function MPI_Isendrecv\n"
                     "  hook\n"
                     "  optional\n"
                     "function MPI_Ssend\n"
                     "  hook Blocking\n"
                     "function MPI_Pcontrol\n"
                     "  forward-fixed-arguments\n"
                     "function MPI_Unused\n"
                     "  optional\n",
                     "mpi.annotations", Errors));
  CHECK(File.lookup("MPI_Send").Hook.Text == "MPI_Send");
  CHECK(File.lookup("MPI_Send_c").Hook.Text == "MPI_Send");
  CHECK(File.lookup("MPI_Ssend_c").Hook.Text == "Blocking");
  CHECK_FALSE(File.lookup("MPI_Recv").Hook.present());
  CHECK(File.lookup("MPI_Pcontrol").ForwardFixedArguments.present());
  // MPI_Nothing matched nothing: an error with file:line; the optional
  // blocks' patterns are neither errors nor warnings.
  CHECK(File.unmatchedHooks() ==
        std::vector<std::string>{
            "mpi.annotations:4: error: the hook of 'MPI_Nothing' matches no "
            "function of the headers (a function of a newer standard: mark "
            "its block 'optional')"});
  CHECK(File.unusedPatterns().empty());
}

TEST_CASE("interface lines are checked", "[wrap]") {
  struct Case {
    const char *Text;
    const char *Error;
  };
  const Case Cases[] = {
      {"parse-as fortran\n",
       "x:1: error: expected 'parse-as' c or c++, got 'fortran'"},
      {"region-kind mpi io\n",
       "x:1: error: 'region-kind' takes one word, got 'mpi io'"},
      {"profiling-interface P\nprofiling-interface Q\n",
       "x:2: error: 'profiling-interface' given twice"},
      {"hooks ::h\n", "x: error: 'hooks' needs 'profiling-interface': only "
                      "the wrappers of that form call hooks and count calls "
                      "per function"},
      {"function f\n  hook\n",
       "x:2: error: 'hook' needs the 'hooks NAMESPACE' line"},
      {"function f\n  hook a b\n",
       "x:2: error: 'hook' takes at most one name, got 'a b'"},
  };
  for (const Case &C : Cases) {
    AnnotationFile File;
    std::vector<std::string> Errors;
    CHECK_FALSE(File.parse(C.Text, "x", Errors));
    REQUIRE(Errors.size() == 1);
    CHECK(Errors[0] == C.Error);
  }
}

TEST_CASE("hook-outside-region is a flag that needs a hook", "[wrap]") {
  AnnotationFile File;
  std::vector<std::string> Errors;
  REQUIRE(File.parse("profiling-interface P\n"
                     "hooks ::hooks\n"
                     "function MPI_Init\n"
                     "  hook\n"
                     "  hook-outside-region\n"
                     "function MPI_Abort\n"
                     "  hook-outside-region\n",
                     "x.ann", Errors));
  std::string Error;
  FunctionAnnotations Init = File.lookup("MPI_Init");
  CHECK(Init.HookOutsideRegion.present());
  CHECK(File.check(Init, function("MPI_Init", {"argc", "argv"}), Error));
  FunctionAnnotations Abort = File.lookup("MPI_Abort");
  CHECK_FALSE(File.check(Abort, function("MPI_Abort", {"comm", "code"}),
                         Error));
  CHECK(Error == "x.ann:7: error: function MPI_Abort: 'hook-outside-region' "
                 "without a 'hook'");
  Errors.clear();
  CHECK_FALSE(File.parse("function MPI_Init\n  hook-outside-region yes\n",
                         "y.ann", Errors));
  REQUIRE(Errors.size() == 1);
  CHECK(Errors[0].find("y.ann:2: error:") == 0);
}
