#!/usr/bin/env python3
"""Compare two folded-stack files written from the same profile.

Usage: compare_folded.py A B

Both must list the same call paths in the same order with values that
differ by at most 1: one file may come from the runtime's clock ticks and
the other from profile.json's seconds (9 decimals), so a value at a
rounding boundary may round differently, and a path whose value is 1 in one
file may be left out (value 0) in the other. Prints 'same' or the first
difference (exit status 1).
"""
import sys

from sextant_experiment import read_folded, run


def read(path):
    entries = []
    for number, line, entry in read_folded(path):
        if entry is None:
            print("%s:%d: not a folded-stack line: %r" % (path, number, line))
            sys.exit(1)
        entries.append(entry)
    return entries


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    a, b = read(sys.argv[1]), read(sys.argv[2])
    i = j = 0
    while i < len(a) or j < len(b):
        if i < len(a) and j < len(b) and a[i][0] == b[j][0]:
            if abs(a[i][1] - b[j][1]) > 1:
                print("different values for %s: %d and %d" % (a[i][0], a[i][1], b[j][1]))
                return 1
            i, j = i + 1, j + 1
        elif i < len(a) and a[i][1] <= 1 and (j >= len(b) or a[i][0] != b[j][0]):
            i += 1
        elif j < len(b) and b[j][1] <= 1:
            j += 1
        else:
            print("different paths: %r and %r" % (a[i] if i < len(a) else None,
                                                  b[j] if j < len(b) else None))
            return 1
    print("same")
    return 0


if __name__ == "__main__":
    run(main)
