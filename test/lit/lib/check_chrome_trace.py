#!/usr/bin/env python3
"""Check a Chrome Trace Event JSON file written by `sextant export --format=chrome`.

Usage: check_chrome_trace.py TRACE_JSON [EXPERIMENT_DIR]

Checks, printing every violation to stderr and exiting with status 1:
  - the file parses as JSON: an object with a "traceEvents" list;
  - a "process_name" metadata event ("ph": "M") names every process, and a
    "thread_name" metadata event every thread that has events;
  - per thread, "B" and "E" events nest: each "E" closes the innermost open
    "B" of the same name, timestamps never decrease, nothing is left open;
  - with EXPERIMENT_DIR: the enters ("B") per region name equal the visits
    of that name in its profile.json (summed over all call paths);
  - counter events ("ph": "C", SEXTANT_METRICS) have a numeric args.value
    that never decreases along its track (the readings are cumulative) and
    timestamps that never decrease;
  - flow events (MPI messages of a job's trace): every id has one "s" and
    one "f", each inside an open MPI_* region of its thread, and the "s"
    names the "f"'s process as its destination (args.to).
Then prints, for FileCheck:
  process PID: NAME
  thread TID: NAME enters=N
  nesting: ok
  enters match visits: ok (N names)       (with EXPERIMENT_DIR)
  enters=N
  counter TRACK: samples=N last=VALUE     (one line per counter track)
  flows=N                                 (when there are flow events)
"""
import collections
import json
import sys

from sextant_experiment import Experiment, run, sum_by_name

errors = []


def error(message):
    errors.append(message)


def profile_visits(directory):
    return sum_by_name(Experiment(directory).profile, "visits")


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[1]) as f:
        try:
            document = json.load(f)
        except ValueError as e:
            print("check_chrome_trace: error: %s: not JSON: %s" % (sys.argv[1], e),
                  file=sys.stderr)
            return 1
    events = document.get("traceEvents") if isinstance(document, dict) else None
    if not isinstance(events, list):
        print("check_chrome_trace: error: no traceEvents list", file=sys.stderr)
        return 1

    process_names = {}
    thread_names = {}
    stacks = collections.defaultdict(list)
    last_ts = {}
    enters = collections.Counter()
    enters_per_thread = collections.Counter()
    counters = {}
    flows = collections.defaultdict(dict)
    for index, event in enumerate(events):
        phase = event.get("ph")
        key = (event.get("pid"), event.get("tid"))
        if phase == "M":
            name = event.get("args", {}).get("name")
            if event.get("name") == "process_name":
                process_names[event.get("pid")] = name
            elif event.get("name") == "thread_name":
                thread_names[key] = name
            continue
        if phase == "C":
            track = (event.get("pid"), event.get("name"))
            value = event.get("args", {}).get("value")
            ts = event.get("ts")
            if not isinstance(value, (int, float)) or not isinstance(ts, (int, float)):
                error("event %d: counter without a numeric value and ts" % index)
                continue
            if track in counters:
                last_value, last_time, _ = counters[track]
                if value < last_value:
                    error("event %d: counter %r decreases" % (index, track[1]))
                if ts < last_time:
                    error("event %d: counter %r goes back in time" % (index, track[1]))
            counters[track] = (value, ts, counters.get(track, (0, 0, 0))[2] + 1)
            continue
        if phase in ("s", "f"):
            ends = flows[event.get("id")]
            if phase in ends:
                error("event %d: a second %r of flow %r" % (index, phase, event.get("id")))
            ends[phase] = event
            inside = stacks[key][-1] if stacks[key] else None
            if not (inside or "").startswith("MPI_"):
                error("event %d: flow %r end %r is inside %r, not an MPI call"
                      % (index, event.get("id"), phase, inside))
            continue
        if phase not in ("B", "E"):
            error("event %d: unexpected phase %r" % (index, phase))
            continue
        ts = event.get("ts")
        if not isinstance(ts, (int, float)):
            error("event %d: ts %r is not a number" % (index, ts))
            continue
        if ts < last_ts.get(key, ts):
            error("event %d: ts %r goes back in time on thread %r" % (index, ts, key))
        last_ts[key] = ts
        name = event.get("name")
        if phase == "B":
            stacks[key].append(name)
            enters[name] += 1
            enters_per_thread[key] += 1
        else:
            if not stacks[key]:
                error("event %d: E of %r with nothing open on thread %r" % (index, name, key))
            elif stacks[key][-1] != name:
                error("event %d: E of %r closes B of %r on thread %r"
                      % (index, name, stacks[key][-1], key))
                stacks[key].pop()
            else:
                stacks[key].pop()
    for key, stack in stacks.items():
        if stack:
            error("thread %r: %d region(s) left open: %r" % (key, len(stack), stack))
    for key in enters_per_thread:
        if key[0] not in process_names:
            error("process %r has no process_name metadata" % key[0])
        if key not in thread_names:
            error("thread %r has no thread_name metadata" % (key,))

    for flow, ends in flows.items():
        if set(ends) != {"s", "f"}:
            error("flow %r has only %r" % (flow, sorted(ends)))
        elif ends["s"].get("args", {}).get("to") != ends["f"].get("pid"):
            error("flow %r goes to process %r, but its send names %r"
                  % (flow, ends["f"].get("pid"), ends["s"].get("args", {}).get("to")))

    lines = []
    for pid, name in sorted(process_names.items()):
        lines.append("process %s: %s" % (pid, name))
    for key in sorted(thread_names):
        lines.append("thread %s: %s enters=%d" % (key[1], thread_names[key],
                                                  enters_per_thread[key]))
    if not errors:
        lines.append("nesting: ok")
    if len(sys.argv) == 3 and not errors:
        visits = profile_visits(sys.argv[2])
        if visits != enters:
            for name in sorted(set(visits) | set(enters)):
                if visits[name] != enters[name]:
                    error("%r: %d enters in the trace, %d visits in the profile"
                          % (name, enters[name], visits[name]))
        else:
            lines.append("enters match visits: ok (%d names)" % len(visits))
    lines.append("enters=%d" % sum(enters.values()))
    for (pid, name), (value, _, samples) in sorted(counters.items()):
        lines.append("counter %s: samples=%d last=%s" % (name, samples, value))
    if flows:
        lines.append("flows=%d" % len(flows))
    for message in errors:
        print("check_chrome_trace: error: " + message, file=sys.stderr)
    print("\n".join(lines))
    return 1 if errors else 0


if __name__ == "__main__":
    run(main)
