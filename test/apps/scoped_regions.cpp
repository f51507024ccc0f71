// scoped_regions.cpp - the C++ RAII scope of the public API.
//
// Part of Sextant's test applications. Works with or without the plugin.
// Usage: scoped_regions. SEXTANT_SCOPE regions (visits):
//   "request" 4: three normal returns and one left by an exception;
//   "request" > "parsing" 4; "request" > "parsing" > "validating" 1 (the one
//   that throws; its scope ends during unwinding).
// With the plugin, handle() and parse() are instrumented functions around
// them.
#include <sextant/sextant.h>

#include <cstdio>
#include <stdexcept>

#define NOINLINE __attribute__((noinline))

NOINLINE int parse(int Value) {
  SEXTANT_SCOPE("parsing");
  if (Value == 3) {
    SEXTANT_SCOPE("validating");
    throw std::runtime_error("bad request");
  }
  return Value * 2;
}

NOINLINE int handle(int Value) {
  SEXTANT_SCOPE("request");
  return parse(Value) + 1;
}

int main() {
  int Sum = 0, Failures = 0;
  for (int Value = 0; Value < 4; ++Value) {
    try {
      Sum += handle(Value);
    } catch (const std::exception &Error) {
      ++Failures;
    }
  }
  std::printf("scoped_regions: sum %d, failures %d\n", Sum, Failures);
  return 0;
}
