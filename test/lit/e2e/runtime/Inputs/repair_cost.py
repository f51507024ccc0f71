#!/usr/bin/env python3
"""Check that the time of the shadow stack's repairs after longjmps is
charged to no region (test/apps/repair_cost.c).

Usage: repair_cost.py EXPERIMENT_DIR

In main;jumps, each round longjmps out of five frames and then enters
empty(), whose enter repairs the stack; main;calls calls the same empty()
without a longjmp. The repair's time (closing the frames, and with an
estimated frame address an unwinder walk) must be in no region's exclusive
time: jumps's inclusive time then exceeds its exclusive time plus its
children's inclusive time by it (the uncharged time). Had empty() or jumps
been charged the repair, the uncharged time would be 0.

Prints the visits of both call paths of empty(), then 'repair charged to no
region' when the uncharged time per repair is at least a nanosecond (a
repair closes five frames and reads the clock), else the costs of a visit
after a repair and of a plain one and the uncharged time per repair.
Violations of the experiment's shape go to stderr with exit status 1.
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
    if uncharged / repairs >= 1e-9:
        print("repair charged to no region")
    else:
        print("a visit after a repair costs %.3g s, a plain visit %.3g s, "
              "uncharged time per repair %.3g s"
              % (after, plain, uncharged / repairs))


run(main)
