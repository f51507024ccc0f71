#!/usr/bin/env python3
"""Check that the time of the shadow stack's repairs after longjmps is
charged to no region (test/apps/repair_cost.c).

Usage: repair_cost.py EXPERIMENT_DIR

In main;jumps, each round longjmps out of five frames and then enters
empty(), whose enter repairs the stack; main;calls calls the same empty()
without a longjmp. The repair's time (an unwinder walk) must be in no
region's exclusive time: jumps's inclusive time then exceeds its exclusive
time plus its children's inclusive time by it (the uncharged time), and a
visit of empty() after a repair costs about as much as a plain one.

Prints the visits of both call paths of empty(), then 'repair charged to no
region' when a visit after a repair costs less than a plain visit plus half
the uncharged time per repair, else the three costs. Both sides grow alike
on a loaded machine; had empty() been charged the repair, the uncharged time
would be 0. Violations of the experiment's shape go to stderr with exit
status 1.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "lib"))
from sextant_experiment import Experiment, fail, metric, run, walk  # noqa: E402

JUMPS = "main;jumps"
AFTER_JUMP = "main;jumps;empty"
PLAIN = "main;calls;empty"


def main():
    if len(sys.argv) != 2:
        fail(__doc__)
    nodes = {}
    for step in walk(Experiment(sys.argv[1]).profile):
        if step.path in (JUMPS, AFTER_JUMP, PLAIN):
            for name in ("visits", "time", "time (inc)"):
                if not isinstance(metric(step.node, name), (int, float)):
                    fail("%s: no %s" % (step.path, name))
            nodes[step.path] = step.node
    for path in (JUMPS, AFTER_JUMP, PLAIN):
        if path not in nodes:
            fail("no call path %s" % path)
    jumps = nodes[JUMPS]
    children = sum(metric(child, "time (inc)") for child in jumps["children"])
    uncharged = metric(jumps, "time (inc)") - metric(jumps, "time") - children
    for path in (AFTER_JUMP, PLAIN):
        print("%s visits=%d" % (path, metric(nodes[path], "visits")))
    repairs = metric(nodes[AFTER_JUMP], "visits")
    after = metric(nodes[AFTER_JUMP], "time") / repairs
    plain = metric(nodes[PLAIN], "time") / metric(nodes[PLAIN], "visits")
    if after < plain + uncharged / repairs / 2:
        print("repair charged to no region")
    else:
        print("a visit after a repair costs %.3g s, a plain visit %.3g s, "
              "uncharged time per repair %.3g s"
              % (after, plain, uncharged / repairs))


run(main)
