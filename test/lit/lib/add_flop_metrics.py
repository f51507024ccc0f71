#!/usr/bin/env python3
"""Add FLOP metrics to a copy of an experiment directory, as a run with
SEXTANT_METRICS=PAPI_DP_OPS,PAPI_L3_TCM on a machine with hardware counters
would have written them.

Usage: add_flop_metrics.py SOURCE_DIR TARGET_DIR

Every node of profile.json gets "PAPI_DP_OPS", "PAPI_L3_TCM" (exclusive and
" (inc)") and the derived "FLOP/s" and "arithmetic intensity": region
"foo_kernel;v2" performs 4e9 operations per second of its exclusive time at
8 FLOP/byte, "solve(int)" 1e9 per second at 0.05 FLOP/byte, the others none.
experiment.json lists both events as measured.
"""
import json
import shutil
import sys

from sextant_experiment import EXPERIMENT, PROFILE, Experiment, run, walk_events

RATES = {"foo_kernel;v2": (4e9, 8.0), "solve(int)": (1e9, 0.05)}


def fill(node, children_totals):
    """Adds the metrics to NODE, whose children's inclusive (operations,
    misses) are CHILDREN_TOTALS; returns NODE's."""
    metrics = node["metrics"]
    rate, intensity = RATES.get(node["frame"]["name"], (0.0, 1.0))
    ops = round(rate * metrics["time"])
    misses = round(ops / (intensity * 64))
    inc_ops, inc_misses = ops, misses
    for child_ops, child_misses in children_totals:
        inc_ops += child_ops
        inc_misses += child_misses
    metrics["PAPI_DP_OPS (inc)"] = inc_ops
    metrics["PAPI_DP_OPS"] = ops
    metrics["PAPI_L3_TCM (inc)"] = inc_misses
    metrics["PAPI_L3_TCM"] = misses
    for suffix, o, m, t in ((" (inc)", inc_ops, inc_misses, metrics["time (inc)"]),
                            ("", ops, misses, metrics["time"])):
        metrics["FLOP/s" + suffix] = o / t if t > 0 else None
        metrics["arithmetic intensity" + suffix] = o / (m * 64) if m > 0 else None
    return inc_ops, inc_misses


def main():
    source, target = sys.argv[1], sys.argv[2]
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(source, target)
    copy = Experiment(target)
    roots = copy.profile
    totals = {}  # id(node) -> its inclusive (operations, misses)
    for step in walk_events(roots):
        if step.event == "exit":
            totals[id(step.node)] = fill(
                step.node, [totals.pop(id(child)) for child in step.children])
    with open(copy.path(PROFILE), "w") as f:
        json.dump(roots, f, indent=1)
    experiment = copy.experiment
    experiment["metrics"] = {
        "requested": ["PAPI_DP_OPS", "PAPI_L3_TCM"],
        "measured": [{"name": n, "unit": "count", "accumulation": "sum"}
                     for n in ("PAPI_DP_OPS", "PAPI_L3_TCM")],
        "derived": [{"name": "FLOP/s", "unit": "FLOP/s"},
                    {"name": "arithmetic intensity", "unit": "FLOP/byte"}],
        "unavailable": [], "multiplexed": False, "events_lost": 0,
        "threads_without_every_source": 0, "trace_samples_written": 0,
        "trace_samples_dropped": 0}
    with open(copy.path(EXPERIMENT), "w") as f:
        json.dump(experiment, f, indent=2)


if __name__ == "__main__":
    run(main)
