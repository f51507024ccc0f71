#!/usr/bin/env python3
"""Compare one metric of one region of profile.json with a bound.

Usage: check_metric.py EXPERIMENT_DIR REGION METRIC OP VALUE

METRIC is a profile.json key ("perf::PAGE-FAULTS", "cpu-time (inc)");
REGION's values are summed over its call paths. OP is one of >= <= > < ==.
VALUE is a number or another "REGION:METRIC[*FACTOR]". Prints
"REGION METRIC OP VALUE: ok" or an error naming both values (exit 1).
"""
import operator
import sys

from sextant_experiment import Experiment, fail, frame_name, iter_nodes, metric, run

OPS = {">=": operator.ge, "<=": operator.le, ">": operator.gt,
       "<": operator.lt, "==": operator.eq}


def value_of(profile, region, name):
    total, found = 0, False
    for node in iter_nodes(profile):
        if frame_name(node) == region:
            value = metric(node, name)
            if value is None:
                fail("%s has no metric %r (it has %s)"
                     % (region, name, ", ".join(sorted(node["metrics"]))))
            total += value
            found = True
    if not found:
        fail("no region %r in the profile" % region)
    return total


def main():
    directory, region, name, op, bound = sys.argv[1:6]
    profile = Experiment(directory).profile
    value = value_of(profile, region, name)
    if ":" in bound:
        other, _, rest = bound.partition(":")
        other_metric, _, factor = rest.partition("*")
        limit = value_of(profile, other, other_metric) * float(factor or 1)
    else:
        limit = float(bound)
    if not OPS[op](value, limit):
        fail("%s %s = %s, expected %s %s (%s)"
             % (region, name, value, op, limit, bound))
    print("%s %s %s %s: ok" % (region, name, op, bound))


if __name__ == "__main__":
    run(main)
