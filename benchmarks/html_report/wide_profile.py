#!/usr/bin/env python3
"""Write a profile.json of N call paths for the HTML report's benchmark.

Usage: wide_profile.py PROFILE_JSON N

One root, main, and below it levels of ten children per call path
(kernel_<i>_<k>) until N call paths are made: 100,000 gives 1 + 10 + 100 +
1,000 + 10,000 + 88,889. Exclusive times of 1 to 7 us and 1 to 13 visits
vary with the call path's number; inclusive times are the sums below.
Region ids 1 to 9 are those of test/lit/e2e/tool/Inputs/experiment-fixed,
whose experiment.json and regions.json go with it.
"""
import json
import sys


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    path, total = sys.argv[1], int(sys.argv[2])
    made = []

    def node(name, region):
        n = len(made)
        made.append({"frame": {"name": name, "type": "function"},
                     "metrics": {"time (inc)": 0.0, "time": 1e-6 * (1 + n % 7),
                                 "visits": 1 + n % 13},
                     "attributes": {"region_id": region}, "children": []})
        return made[-1]

    root = node("main", 1)
    level = [root]
    while len(made) < total:
        below = []
        for parent in level:
            for k in range(10):
                if len(made) >= total:
                    break
                child = node("kernel_%d_%d" % (len(below), k), 2 + k % 8)
                parent["children"].append(child)
                below.append(child)
        level = below
    # Children come after their parents: the inclusive times from the end.
    for n in reversed(made):
        n["metrics"]["time (inc)"] = n["metrics"]["time"] + sum(
            c["metrics"]["time (inc)"] for c in n["children"])
    with open(path, "w") as out:
        json.dump([root], out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
