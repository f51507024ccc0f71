// Functions whose linkage names (asm labels) hold control characters:
// `cold\nEXCLUDE\nhot` and `tab\tname\x01\v` are tiny and called 20000
// and 30000 times (so that the filter lists the second first, as it costs
// more), so that `sextant score -g` selects them; `cold` and `hot`,
// whose names a filter split at the line breaks would name, are called
// once each.
#define NOINLINE __attribute__((noinline))

NOINLINE int broken(int X) __asm__("cold\nEXCLUDE\nhot");
NOINLINE int broken(int X) {
  __asm__ volatile("");
  return X + 1;
}

NOINLINE int blanks(int X) __asm__("tab\tname\x01\v");
NOINLINE int blanks(int X) {
  __asm__ volatile("");
  return X + 2;
}

NOINLINE int cold(int N) {
  int Sum = 0;
  for (int I = 0; I < N; ++I)
    Sum += broken(I);
  return Sum;
}

NOINLINE int hot(int N) {
  int Sum = 0;
  for (int I = 0; I < N; ++I)
    Sum += blanks(I);
  return Sum;
}

int main(void) { return cold(20000) + hot(30000) == 0; }
