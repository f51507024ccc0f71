#!/usr/bin/env python3
"""Print the per-thread trees of a Sextant profile-threads.json, for FileCheck.

Usage: thread_paths.py EXPERIMENT_DIR

For each thread entry, in index order, prints 'thread INDEX: NAME' and then
its call paths, sorted, as '  PATH visits=N' (PATH joins the frame names from
the root with ';'). Checks on the way, exiting with status 1 on a violation:
every entry has a positive integer tid, and in every tree each node's
children's inclusive times add up to no more than its own (context frames
of OpenMP workers have 0 visits but the worker's time as inclusive time).
"""
import sys

from sextant_experiment import Experiment, fail, run, walk

TOLERANCE = 1e-6


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    document = Experiment(sys.argv[1]).thread_profiles
    for thread in sorted(document["threads"], key=lambda t: t["index"]):
        if not isinstance(thread.get("tid"), int) or thread["tid"] <= 0:
            fail("thread %r has no OS thread id" % thread.get("index"))
        print("thread %d: %s" % (thread["index"], thread["name"]))
        lines = []
        for step in walk(thread["roots"]):
            metrics = step.metrics
            inclusive = metrics["time (inc)"]
            children = sum(child["metrics"]["time (inc)"] for child in step.children)
            if children > inclusive + TOLERANCE * (1 + len(step.children)):
                fail("%s: children's inclusive time %g exceeds the node's %g"
                     % (step.path, children, inclusive))
            if metrics["time"] > inclusive + TOLERANCE:
                fail("%s: exclusive time exceeds inclusive time" % step.path)
            lines.append("  %s visits=%d" % (step.path, metrics["visits"]))
        for line in sorted(lines):
            print(line)
    return 0


if __name__ == "__main__":
    run(main)
