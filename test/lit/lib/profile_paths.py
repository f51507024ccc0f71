#!/usr/bin/env python3
"""Print a Sextant profile.json as sorted call paths, for FileCheck.

Usage: profile_paths.py EXPERIMENT_DIR [--times]

Each line is 'PATH visits=N' where PATH joins the frame names from the root
with ';'. Before printing, the profile's invariants are checked, and any
violation is printed to stderr with exit status 1:
  - the file parses and has LLNL Hatchet's literal shape (a list of nodes
    with 'frame' {'name', 'type'}, 'metrics' and 'children'; the type is
    'function', 'openmp' or 'mpi');
  - every node has integer visits >= 1 and 0 <= time <= time (inc);
  - the children's inclusive times add up to no more than the parent's.
"""
import sys

from sextant_experiment import FRAME_TYPES, Experiment, fail, run, walk_events

TOLERANCE = 1e-6  # seconds; times are printed with limited precision


def check_node(step):
    """The node's shape and metrics, when the walk enters it."""
    node, prefix = step.node, step.parent_path
    for key in ("frame", "metrics", "children"):
        if key not in node:
            fail("node under '%s' has no '%s'" % (prefix or "<root>", key))
    name = node["frame"].get("name")
    if not isinstance(name, str) or node["frame"].get("type") not in FRAME_TYPES:
        fail("bad frame %r under '%s'" % (node["frame"], prefix or "<root>"))
    metrics = node["metrics"]
    visits, exclusive, inclusive = (metrics.get("visits"), metrics.get("time"),
                                    metrics.get("time (inc)"))
    if not isinstance(visits, int) or visits < 1:
        fail("%s: visits %r is not a positive integer" % (step.path, visits))
    if not (isinstance(exclusive, (int, float)) and isinstance(inclusive, (int, float))):
        fail("%s: time or time (inc) missing" % step.path)
    if exclusive < -TOLERANCE or exclusive > inclusive + TOLERANCE:
        fail("%s: exclusive %g not within [0, inclusive %g]"
             % (step.path, exclusive, inclusive))


def check_children(step):
    """The children's inclusive times, when the walk leaves the node."""
    node = step.node
    inclusive = node["metrics"]["time (inc)"]
    children_inclusive = 0.0
    for child in node["children"]:
        children_inclusive += child["metrics"].get("time (inc)", 0.0)
    if children_inclusive > inclusive + TOLERANCE * (1 + len(node["children"])):
        fail("%s: children's inclusive time %g exceeds the node's %g"
             % (step.path, children_inclusive, inclusive))


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        return 2
    show_times = "--times" in sys.argv[2:]
    lines = []
    for step in walk_events(Experiment(sys.argv[1]).profile):
        if step.event == "enter":
            check_node(step)
            continue
        check_children(step)
        metrics = step.metrics
        lines.append((step.path, metrics["visits"], metrics["time"],
                      metrics["time (inc)"]))
    for path, visits, exclusive, inclusive in sorted(lines):
        if show_times:
            print("%s visits=%d time=%.6f inc=%.6f" % (path, visits, exclusive, inclusive))
        else:
            print("%s visits=%d" % (path, visits))
    return 0


if __name__ == "__main__":
    run(main)
