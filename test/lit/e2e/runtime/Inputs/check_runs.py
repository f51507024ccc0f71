#!/usr/bin/env python3
"""Check that a shared output directory holds whole, unmixed experiments.

Usage: check_runs.py DIRECTORY

DIRECTORY is the experiment of the process that claimed it, and each of its
sub-directories with an experiment.json is another process's. For each
experiment: its experiment.json, its claim file (.sextant-run) and its
profile (the user region "pid-<pid>" that test/lit/e2e/runtime/Inputs/
pid_region.c records) must name the same pid, and its trace/ must hold
exactly one thread's trace. Prints 'experiments: N' and, sorted, one line
'<where> ok' per experiment ('.' for DIRECTORY itself, 'sub' for a
sub-directory); exit status 1 with a message on any mismatch.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..",
                                "lib"))
from sextant_experiment import Experiment, fail, walk  # noqa: E402


def check(directory):
    experiment = Experiment(directory)
    pid = experiment.experiment["pid"]
    with open(experiment.path(".sextant-run")) as claim:
        claimed = claim.read().split("\n")[0]
    if claimed != "pid %d" % pid:
        fail("%s: claim '%s' but experiment.json pid %d" %
             (directory, claimed, pid))
    names = {step.node["frame"]["name"] for step in walk(experiment.profile)}
    regions = sorted(name for name in names if name.startswith("pid-"))
    if regions != ["pid-%d" % pid]:
        fail("%s: pid %d but the profile has %s" % (directory, pid, regions))
    traces = sorted(os.listdir(experiment.path("trace")))
    if traces != ["thread-0.sxt"]:
        fail("%s: trace files %s" % (directory, traces))


def main():
    top = sys.argv[1]
    found = []
    if os.path.exists(os.path.join(top, "experiment.json")):
        check(top)
        found.append(".")
    for name in sorted(os.listdir(top)):
        sub = os.path.join(top, name)
        if os.path.isdir(sub) and os.path.exists(
                os.path.join(sub, "experiment.json")):
            check(sub)
            found.append("sub")
    print("experiments: %d" % len(found))
    for where in sorted(found):
        print("%s ok" % where)


if __name__ == "__main__":
    main()
