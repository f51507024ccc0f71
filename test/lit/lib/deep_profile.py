#!/usr/bin/env python3
"""Write a profile.json whose call path is DEPTH levels deep.

Usage: deep_profile.py PROFILE_JSON DEPTH [--bad-leaf]

Every level is a call of region 6 (fib(int) in e2e/tool/Inputs/experiment-fixed)
with one visit, 1 s inclusive and 10 us exclusive time. With --bad-leaf the
innermost node has the string "x" as its visits. Used to check that the
sextant tool reads (and rejects) deeply nested files without recursion.
"""
import sys


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    path, depth = sys.argv[1], int(sys.argv[2])
    bad_leaf = "--bad-leaf" in sys.argv[3:]
    head = ('{"frame":{"name":"fib(int)","type":"function"},'
            '"metrics":{"time (inc)":1.0,"time":0.00001,"visits":%s},'
            '"attributes":{"region_id":6},"children":[')
    with open(path, "w") as out:
        out.write("[")
        out.write((head % "1") * depth)
        if bad_leaf:
            out.write((head % '"x"') + "]}")
        out.write("]}" * depth)
        out.write("]\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
