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
import json
import os
import sys

TOLERANCE = 1e-6  # seconds; times are printed with limited precision
# Frame types of profile.json (docs/output-formats.md).
FRAME_TYPES = ("function", "openmp", "mpi")


def fail(message):
    print("profile_paths: error: " + message, file=sys.stderr)
    sys.exit(1)


def walk(node, prefix, lines):
    for key in ("frame", "metrics", "children"):
        if key not in node:
            fail("node under '%s' has no '%s'" % (prefix or "<root>", key))
    name = node["frame"].get("name")
    if not isinstance(name, str) or node["frame"].get("type") not in FRAME_TYPES:
        fail("bad frame %r under '%s'" % (node["frame"], prefix or "<root>"))
    path = prefix + ";" + name if prefix else name
    metrics = node["metrics"]
    visits, exclusive, inclusive = (metrics.get("visits"), metrics.get("time"),
                                    metrics.get("time (inc)"))
    if not isinstance(visits, int) or visits < 1:
        fail("%s: visits %r is not a positive integer" % (path, visits))
    if not (isinstance(exclusive, (int, float)) and isinstance(inclusive, (int, float))):
        fail("%s: time or time (inc) missing" % path)
    if exclusive < -TOLERANCE or exclusive > inclusive + TOLERANCE:
        fail("%s: exclusive %g not within [0, inclusive %g]" % (path, exclusive, inclusive))
    children_inclusive = 0.0
    for child in node["children"]:
        children_inclusive += child["metrics"].get("time (inc)", 0.0)
        walk(child, path, lines)
    if children_inclusive > inclusive + TOLERANCE * (1 + len(node["children"])):
        fail("%s: children's inclusive time %g exceeds the node's %g"
             % (path, children_inclusive, inclusive))
    lines.append((path, visits, exclusive, inclusive))


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        return 2
    show_times = "--times" in sys.argv[2:]
    profile = os.path.join(sys.argv[1], "profile.json")
    try:
        with open(profile) as f:
            roots = json.load(f)
    except (OSError, ValueError) as e:
        fail("cannot read %s: %s" % (profile, e))
    if not isinstance(roots, list):
        fail("%s: the top level is not a list of root nodes" % profile)
    lines = []
    for root in roots:
        walk(root, "", lines)
    for path, visits, exclusive, inclusive in sorted(lines):
        if show_times:
            print("%s visits=%d time=%.6f inc=%.6f" % (path, visits, exclusive, inclusive))
        else:
            print("%s visits=%d" % (path, visits))
    return 0


if __name__ == "__main__":
    sys.exit(main())
