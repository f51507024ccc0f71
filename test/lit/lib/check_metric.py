#!/usr/bin/env python3
"""Compare one metric of one region of profile.json with a bound.

Usage: check_metric.py EXPERIMENT_DIR REGION METRIC OP VALUE

METRIC is a profile.json key ("perf::PAGE-FAULTS", "cpu-time (inc)");
REGION's values are summed over its call paths. OP is one of >= <= > < ==.
VALUE is a number or another "REGION:METRIC[*FACTOR]". Prints
"REGION METRIC OP VALUE: ok" or an error naming both values (exit 1).
"""
import json
import operator
import os
import sys

OPS = {">=": operator.ge, "<=": operator.le, ">": operator.gt,
       "<": operator.lt, "==": operator.eq}


def value_of(profile, region, metric):
    total, found = 0, False
    stack = list(profile)
    while stack:
        node = stack.pop()
        stack.extend(node["children"])
        if node["frame"]["name"] == region:
            value = node["metrics"].get(metric)
            if value is None:
                sys.exit("check_metric: error: %s has no metric %r (it has %s)"
                         % (region, metric, ", ".join(sorted(node["metrics"]))))
            total += value
            found = True
    if not found:
        sys.exit("check_metric: error: no region %r in the profile" % region)
    return total


def main():
    directory, region, metric, op, bound = sys.argv[1:6]
    with open(os.path.join(directory, "profile.json")) as f:
        profile = json.load(f)
    value = value_of(profile, region, metric)
    if ":" in bound:
        other, _, rest = bound.partition(":")
        other_metric, _, factor = rest.partition("*")
        limit = value_of(profile, other, other_metric) * float(factor or 1)
    else:
        limit = float(bound)
    if not OPS[op](value, limit):
        sys.exit("check_metric: error: %s %s = %s, expected %s %s (%s)"
                 % (region, metric, value, op, limit, bound))
    print("%s %s %s %s: ok" % (region, metric, op, bound))


if __name__ == "__main__":
    main()
