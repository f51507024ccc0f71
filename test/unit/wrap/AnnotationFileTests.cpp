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
