//===- test/unit/filter/TauRoutinePatternTests.cpp - TAU names --*- C++ -*-===//
//
// Part of Sextant. Canonical spelling of routine names, the split into
// return type / name / parameters, and the matching of TAU routine entries
// against demangled display names.
//
//===----------------------------------------------------------------------===//

#include "filter/TauRoutinePattern.h"

#include <catch2/catch.hpp>

using namespace sextant::filter;

namespace {

bool entryMatches(const char *Entry, const char *DisplayName) {
  return TauRoutinePattern(Entry).matches(TauRoutineName(DisplayName));
}

} // namespace

TEST_CASE("routine names get one canonical spelling", "[filter][tau-names]") {
  CHECK(normalizeRoutineName("void quicksort(int *, int, int)") ==
        "void quicksort(int*,int,int)");
  CHECK(normalizeRoutineName("quicksort(int*, int, int)") ==
        "quicksort(int*,int,int)");
  CHECK(normalizeRoutineName(
            "const char *foo(const char *, std::vector<int> &)") ==
        "char const*foo(char const*,std::vector<int>&)");
  CHECK(normalizeRoutineName("std::vector<int, std::allocator<int> > const& "
                             "ns::f<int>(double)") ==
        "std::vector<int,std::allocator<int>> const&ns::f<int>(double)");
  CHECK(normalizeRoutineName("  unsigned   long\tf( const unsigned int * ) ") ==
        "unsigned long f(unsigned int const*)");
  CHECK(normalizeRoutineName("g(volatile int&, const std::map<int, int>&)") ==
        "g(int volatile&,std::map<int,int> const&)");
  CHECK(normalizeRoutineName("A::operator new(unsigned long)") ==
        "A::operator new(unsigned long)");
  CHECK(normalizeRoutineName("ns::A::get() const") == "ns::A::get()const");
  CHECK(normalizeRoutineName("void #(int *)") == "void #(int*)");
}

TEST_CASE("routine names split into return type, name and parameters",
          "[filter][tau-names]") {
  struct Case {
    const char *Name;
    size_t NameBegin;
    size_t ParamBegin;
  };
  const size_t None = std::string::npos;
  const Case Cases[] = {
      {"char const*ns::f<int>(double)", 11, 21},
      {"void A::operator()(int)", 5, 18},
      {"bool operator<(A const&,A const&)", 5, 14},
      {"void*A::operator new[](unsigned long)", 5, 22},
      {"(anonymous namespace)::helper(int)", 0, 29},
      {"std::vector<int> ns::f(int)", 17, 22},
      {"A::operator int()const", 0, 15},
      {"quicksort", 0, None},
      {"void sort#", 5, None},
  };
  for (const Case &C : Cases) {
    INFO(C.Name);
    RoutineNameParts Parts = splitRoutineName(C.Name);
    CHECK(Parts.NameBegin == C.NameBegin);
    CHECK(Parts.ParamBegin == C.ParamBegin);
  }
}

TEST_CASE("TAU signatures match display names without return type",
          "[filter][tau-names]") {
  CHECK(entryMatches("void quicksort(int *, int, int)",
                     "quicksort(int*, int, int)"));
  CHECK_FALSE(
      entryMatches("void quicksort(int *, int, int)", "quicksort(int*, int)"));
  CHECK_FALSE(entryMatches("void quicksort(int *, int, int)",
                           "quicksort_v2(int*, int, int)"));
  CHECK(entryMatches("int main(int, char **)", "main(int, char**)"));
  CHECK(entryMatches("int main(int, char **) C", "main"));
  CHECK(entryMatches("const char *name(const std::string &)",
                     "name(std::string const&)"));
  CHECK(entryMatches("std::vector<int> make_vec(int)", "make_vec(int)"));
  CHECK(entryMatches("int ns::A::get() const", "ns::A::get() const"));
  CHECK_FALSE(entryMatches("int ns::A::get() const", "ns::A::get()"));
  CHECK(entryMatches("void foo(int) [{foo.c} {10,1}-{20,1}]", "foo(int)"));
  // The demangler prints a return type for function templates.
  CHECK(entryMatches("ns::f<int>(double)", "void ns::f<int>(double)"));
  CHECK(entryMatches("void ns::f<int>(double)", "void ns::f<int>(double)"));
  CHECK(entryMatches("bool operator<(const A &, const A &)",
                     "operator<(A const&, A const&)"));
}

TEST_CASE("TAU entries without parameters match any parameters",
          "[filter][tau-names]") {
  CHECK(entryMatches("quicksort", "quicksort(int*, int, int)"));
  CHECK(entryMatches("quicksort", "quicksort"));
  CHECK_FALSE(entryMatches("quicksort", "quicksort2(int)"));
  CHECK(entryMatches("ns::A::get", "ns::A::get() const"));
  CHECK(entryMatches("void quicksort(int *, int, int)", "quicksort"));
}

TEST_CASE("TAU '#' and '?' wildcards, other characters literal",
          "[filter][tau-names]") {
  CHECK(entryMatches("#::compute(#)", "ns::compute(double*, int)"));
  CHECK(entryMatches("void sort#", "sort_all(double*)"));
  CHECK(entryMatches("void sort#", "sort_all"));
  CHECK_FALSE(entryMatches("void sort#", "qsort(int)"));
  CHECK(entryMatches("void f?(int)", "f1(int)"));
  CHECK_FALSE(entryMatches("void f?(int)", "f12(int)"));
  CHECK_FALSE(entryMatches("void g(int *)", "g(intX)"));
  CHECK_FALSE(entryMatches("h[1]", "h1(int)"));
  CHECK(entryMatches("h[1]", "h[1]"));
}

TEST_CASE("TAU routine pattern keeps the entry text", "[filter][tau-names]") {
  TauRoutinePattern Pattern("  void  x(int)");
  CHECK(Pattern.text() == "  void  x(int)");
}
