//===- test/unit/wrap/AnnotationExpressionTests.cpp - Expressions ---------===//
//
// Part of Sextant. The checks of annotation expressions
// (wrap/generator/AnnotationExpression.h): text that is not one expression
// is refused when the file is read, with file:line (issue 31 #10);
// expressions that do not compile against the headers and the parameters
// are refused by libclang; `variadic` lines must name functions of the
// headers.
//
//===----------------------------------------------------------------------===//

#include "wrap/generator/AnnotationExpression.h"
#include "wrap/generator/AnnotationFile.h"

#include "test/unit/support/ScratchDirectory.h"

#include <catch2/catch.hpp>

using namespace sextant::wrap;
using sextant::test::ScratchDirectory;

TEST_CASE("an annotation expression is one balanced expression", "[wrap]") {
  for (const char *Good :
       {"n", "len * sizeof(*target)", "sizeof(value)", "f(a, b) + x[i]",
        "n ? a : b", "(int)(n / 2)", "\"a;b{}/*\" [0] + ';'", "p->n"})
    CHECK(expressionSyntaxError(Good) == "");
  CHECK(expressionSyntaxError("(n") ==
        "unbalanced parentheses: a '(' is not closed");
  CHECK(expressionSyntaxError("n)") ==
        "unbalanced parentheses: a ')' at column 2 closes nothing");
  CHECK(expressionSyntaxError("a[(n])") ==
        "unbalanced parentheses: a ']' at column 5 closes nothing");
  CHECK(expressionSyntaxError("n /*") ==
        "a comment ('/*'): an expression holds none");
  CHECK(expressionSyntaxError("n // x") ==
        "a comment ('//'): an expression holds none");
  CHECK(expressionSyntaxError("n; abort()") ==
        "a ';': an annotation is one expression, not statements");
  CHECK(expressionSyntaxError("n }") == "a '}', which no expression needs");
  CHECK(expressionSyntaxError("a, abort()") ==
        "a ',' outside parentheses: an annotation is one expression");
  CHECK(expressionSyntaxError("\"n") == "an unterminated string literal");
  CHECK(expressionSyntaxError("n\x01") ==
        "a control or non-ASCII byte at column 2");
  // 200,000 nested parentheses: refused by the bound on length; 65 by the
  // bound on nesting, 64 pass.
  std::string Deep = std::string(200000, '(') + "n" + std::string(200000, ')');
  CHECK(expressionSyntaxError(Deep) == "longer than 4096 bytes");
  CHECK(expressionSyntaxError(std::string(65, '(') + "n" +
                              std::string(65, ')')) ==
        "parentheses and brackets nested deeper than 64 levels");
  CHECK(expressionSyntaxError(std::string(64, '(') + "n" +
                              std::string(64, ')')) == "");
}

TEST_CASE("expressions that are not one expression are errors at their line",
          "[wrap]") {
  AnnotationFile File;
  std::vector<std::string> Errors;
  CHECK_FALSE(File.parse("function f\n"
                         "  bytes (n\n"
                         "  bytes n /*\n"
                         "  peer n; abort()\n"
                         "  sets-rank (r r\n"
                         "  sets-rank r s;\n"
                         "  bytes " +
                             std::string(100000, '(') + "\n",
                         "bad.ann", Errors));
  REQUIRE(Errors.size() == 6);
  CHECK(Errors[0] == "bad.ann:2: error: 'bytes (n' is not one C expression: "
                     "unbalanced parentheses: a '(' is not closed");
  CHECK(Errors[1] == "bad.ann:3: error: 'bytes n /*' is not one C expression: "
                     "a comment ('/*'): an expression holds none");
  CHECK(Errors[2] == "bad.ann:4: error: 'peer n; abort()' is not one C "
                     "expression: a ';': an annotation is one expression, "
                     "not statements");
  CHECK(Errors[3].rfind("bad.ann:5: error: expected 'sets-rank RANK SIZE'",
                        0) == 0);
  CHECK(Errors[4] == "bad.ann:6: error: 'sets-rank s;' is not one C "
                     "expression: a ';': an annotation is one expression, "
                     "not statements");
  CHECK(Errors[5] == "bad.ann:7: error: 'bytes " + std::string(200, '(') +
                         "...' is not one C expression: longer than 4096 "
                         "bytes");
}

namespace {
WrappedFunction function(const char *Name,
                         std::vector<std::string> Declarations,
                         std::vector<std::string> Names) {
  WrappedFunction F;
  F.Symbol = F.DisplayName = Name;
  for (size_t I = 0; I < Names.size(); ++I)
    F.Parameters.push_back({Names[I], Declarations[I]});
  return F;
}
} // namespace

TEST_CASE("expressions are compiled against the headers", "[wrap]") {
  ScratchDirectory Dir("annotation-expressions");
  Dir.create();
  Dir.write("lib.h", "struct pair { int a, b; };\n"
                     "int lib_size(int n);\n"
                     "void lib_send(const void *buf, int n, struct pair p);\n");
  WrappedFunction Send =
      function("lib_send", {"const void *buf", "int n", "struct pair p"},
               {"buf", "n", "p"});
  for (bool AsC : {true, false}) {
    std::vector<std::string> Errors;
    CHECK(compileExpressions({Dir.file("lib.h")}, {}, AsC,
                             {{&Send, "bytes", "lib_size(n) * 2 + p.a",
                               "unsigned long long", "x.ann:3: "},
                              {&Send, "peer", "n", "int", "x.ann:4: "}},
                             Errors));
    CHECK(Errors.empty());
    CHECK_FALSE(compileExpressions(
        {Dir.file("lib.h")}, {}, AsC,
        {{&Send, "bytes", "undeclared_size(n)", "unsigned long long",
          "x.ann:3: "},
         {&Send, "peer", "n", "int", "x.ann:4: "},
         {&Send, "bytes", "p", "unsigned long long", "x.ann:5: "}},
        Errors));
    REQUIRE(Errors.size() == 2);
    CHECK(Errors[0].rfind("x.ann:3: error: function lib_send: 'bytes "
                          "undeclared_size(n)' does not compile: ",
                          0) == 0);
    CHECK(Errors[0].find("undeclared") != std::string::npos);
    CHECK(Errors[1].rfind("x.ann:5: error: function lib_send: 'bytes p' does "
                          "not compile: ",
                          0) == 0);
  }
}

TEST_CASE("variadic lines name variadic functions and va_list siblings",
          "[wrap]") {
  WrappedFunction Log = function("lib_log", {"const char *f"}, {"f"});
  Log.Variadic = true;
  WrappedFunction LogV =
      function("lib_vlog", {"const char *f", "va_list a"}, {"f", "a"});
  WrappedFunction Plain = function("lib_plain", {"int n"}, {"n"});
  std::map<std::string, const WrappedFunction *> Declared = {
      {"lib_log", &Log}, {"lib_vlog", &LogV}, {"lib_plain", &Plain}};
  AnnotationFile File;
  std::vector<std::string> Errors;
  REQUIRE(File.parse("variadic lib_log lib_vlog\n"
                     "variadic lib_log2 lib_vlog\n"
                     "variadic lib_plain lib_vlog\n",
                     "v.ann", Errors));
  CHECK(File.checkVariadicLines(Declared) ==
        std::vector<std::string>{
            "v.ann:2: error: 'variadic lib_log2 lib_vlog': 'lib_log2' is not "
            "a function of the headers",
            "v.ann:3: error: 'variadic lib_plain lib_vlog': 'lib_plain' is not "
            "variadic"});
  AnnotationFile Missing;
  REQUIRE(Missing.parse("variadic lib_log nonexistent\n", "m.ann", Errors));
  CHECK(Missing.checkVariadicLines(Declared) ==
        std::vector<std::string>{
            "m.ann:1: error: 'variadic lib_log nonexistent': 'nonexistent' is "
            "not a function of the headers"});
  AnnotationFile NotVaList;
  REQUIRE(NotVaList.parse("variadic lib_log lib_plain\n", "n.ann", Errors));
  CHECK(NotVaList.checkVariadicLines(Declared) ==
        std::vector<std::string>{"n.ann:1: error: 'variadic lib_log "
                                 "lib_plain': 'lib_plain' does not take a "
                                 "va_list last"});
}
