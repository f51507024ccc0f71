#!/usr/bin/env python3
"""Check the part of a trace that `sextant export --format=chrome` selected.

Usage:
  check_trace_selection.py window FULL_JSON [us|ms|s]
      prints "--from=Aus --to=Bus": the middle third of the span of the
      trace's region events, in whole microseconds (ms: "--from=A.Bms
      --to=C.Dms", tenths of milliseconds; s: "--from=A.BCDE --to=...",
      seconds without a unit).
  check_trace_selection.py check SELECTED_JSON FULL_JSON [--from=TIME]
      [--to=TIME] [--min-duration=TIME] [--tids=T,T] [--pids=P,P]
      (TIME as sextant takes it: seconds, or with a unit ns, us, ms, s)
      computes, from the complete export FULL_JSON, the frames the selection
      keeps (frames that overlap [from, to], clipped to it, at least
      min-duration long over their whole duration, on the threads and
      processes listed)
      and compares them with the "B"/"E" frames of SELECTED_JSON; checks
      that every event with a timestamp lies in the window. Frames whose
      fate depends on less than 2 ns (the exports round to nanoseconds) may
      be either way. Prints
        frames: expected N, written N
        same frames: ok
        events in window: ok
      and, with --pids, compares the flows (MPI messages) with those of
      FULL_JSON between the processes listed:
        flows: expected N, written N
        same flows: ok
      and exits with status 1 (violations on stderr) when anything differs.
  check_trace_selection.py estimate STDERR_FILE JSON
      reads "writing about SIZE UNIT of Chrome JSON (N events)" from
      STDERR_FILE and prints
        estimate within 1.5x: ok
        events: ok
      when SIZE is within a factor 1.5 of JSON's size and N is the number
      of JSON's events other than metadata ("M").
"""
import json
import os
import re
import sys

errors = []
SLACK = 0.002  # microseconds


def load(path):
    with open(path) as f:
        return json.load(f)["traceEvents"]


def frames(events, tids=None, pids=None):
    """(pid, tid, name, start, end) of every B/E pair, in file order."""
    stacks = {}
    result = []
    for e in events:
        if e.get("ph") not in ("B", "E"):
            continue
        key = (e["pid"], e["tid"])
        if tids is not None and e["tid"] not in tids:
            continue
        if pids is not None and e["pid"] not in pids:
            continue
        stack = stacks.setdefault(key, [])
        if e["ph"] == "B":
            stack.append((e["name"], float(e["ts"])))
        else:
            name, start = stack.pop()
            result.append((e["pid"], e["tid"], name, start, float(e["ts"])))
    return result


def window(full, unit):
    spans = [(f[3], f[4]) for f in frames(load(full))]
    first = min(s for s, _ in spans)
    last = max(e for _, e in spans)
    third = (last - first) / 3
    low, high = first + third, first + 2 * third
    if unit == "us":
        print("--from=%dus --to=%dus" % (int(low), int(high)))
    elif unit == "ms":
        print("--from=%.1fms --to=%.1fms" % (low / 1e3, high / 1e3))
    else:
        print("--from=%.4f --to=%.4f" % (low / 1e6, high / 1e6))


def microseconds(text):
    """A time of sextant's options (seconds, or with a unit) in us."""
    for suffix, scale in (("ns", 1e-3), ("us", 1.0), ("ms", 1e3), ("s", 1e6)):
        if text.endswith(suffix):
            return float(text[:-len(suffix)]) * scale
    return float(text) * 1e6


def check(selected, full, options):
    low = microseconds(options["from"]) if "from" in options else float("-inf")
    high = microseconds(options["to"]) if "to" in options else float("inf")
    minimum = microseconds(options.get("min-duration", "0"))
    tids = pids = None
    if "tids" in options:
        tids = {int(t) for t in options["tids"].split(",")}
    if "pids" in options:
        pids = {int(p) for p in options["pids"].split(",")}
    sure, maybe = [], []
    for pid, tid, name, start, end in frames(load(full), tids, pids):
        clipped = (pid, tid, name, round(max(start, low), 3), round(min(end, high), 3))
        duration = end - start
        keep = end > low and start < high and duration >= minimum
        borderline = (abs(end - low) < SLACK or abs(start - high) < SLACK
                      or abs(duration - minimum) < SLACK)
        if borderline:
            maybe.append(clipped)
        elif keep:
            sure.append(clipped)
    written = [(p, t, n, round(s, 3), round(e, 3))
               for p, t, n, s, e in frames(load(selected))]
    print("frames: expected %d, written %d" % (len(sure), len(written)))
    remaining = list(written)
    for f in sure:
        if f in remaining:
            remaining.remove(f)
        else:
            errors.append("missing frame %r" % (f,))
    for f in remaining:
        if f in maybe:
            maybe.remove(f)
        else:
            errors.append("unexpected frame %r" % (f,))
    if not any(e.startswith("missing") or e.startswith("unexpected") for e in errors):
        print("same frames: ok")
    for e in load(selected):
        if "ts" in e and not (low - SLACK <= float(e["ts"]) <= high + SLACK):
            errors.append("event outside the window: %r" % (e,))
            break
    else:
        print("events in window: ok")
    if pids is not None:
        check_flows(selected, full, pids)


def flow_ends(path):
    """{id: {"s": event, "f": event}} of the flow events of path."""
    ends = {}
    for e in load(path):
        if e.get("ph") in ("s", "f"):
            ends.setdefault(e["id"], {})[e["ph"]] = e
    return ends


def check_flows(selected, full, pids):
    """The flows of selected are those of full between processes of pids."""
    def key(pair):
        return (pair["s"]["pid"], pair["s"]["ts"], pair["f"]["pid"], pair["f"]["ts"])
    expected = sorted(key(p) for p in flow_ends(full).values()
                      if p["s"]["pid"] in pids and p["f"]["pid"] in pids)
    written = sorted(key(p) for p in flow_ends(selected).values())
    print("flows: expected %d, written %d" % (len(expected), len(written)))
    if expected == written:
        print("same flows: ok")
    else:
        errors.append("the flows differ: expected %r, written %r" % (expected, written))


UNITS = {"bytes": 1, "KiB": 1024, "MiB": 1024 ** 2, "GiB": 1024 ** 3}


def estimate(stderr_file, path):
    with open(stderr_file) as f:
        text = f.read()
    m = re.search(r"writing about ([0-9.]+) (bytes|KiB|MiB|GiB) of Chrome JSON "
                  r"\(([0-9.]+)( [kMG])? events\)", text)
    if not m:
        errors.append("no estimate in %s" % stderr_file)
        return
    estimated = float(m.group(1)) * UNITS[m.group(2)]
    actual = os.path.getsize(path)
    ratio = estimated / actual
    if 1 / 1.5 <= ratio <= 1.5:
        print("estimate within 1.5x: ok")
    else:
        errors.append("estimate %d bytes, file %d bytes (ratio %.2f)"
                      % (estimated, actual, ratio))
    count = sum(1 for e in load(path) if e.get("ph") != "M")
    if m.group(4) is None:
        if int(m.group(3)) == count:
            print("events: ok")
        else:
            errors.append("estimate says %s events, the file has %d"
                          % (m.group(3), count))
    else:
        scale = {" k": 1e3, " M": 1e6, " G": 1e9}[m.group(4)]
        if abs(float(m.group(3)) * scale - count) <= 0.05 * scale:
            print("events: ok")
        else:
            errors.append("estimate says %s%s events, the file has %d"
                          % (m.group(3), m.group(4), count))


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    command = sys.argv[1]
    if command == "window":
        window(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else "us")
    elif command == "check":
        options = {}
        for arg in sys.argv[4:]:
            name, _, value = arg.lstrip("-").partition("=")
            options[name] = value
        check(sys.argv[2], sys.argv[3], options)
    elif command == "estimate":
        estimate(sys.argv[2], sys.argv[3])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    for message in errors:
        print("check_trace_selection: error: " + message, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
