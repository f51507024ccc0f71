#!/usr/bin/env python3
"""Check and print parts of a Sextant experiment directory, for FileCheck.

Usage: experiment_check.py EXPERIMENT_DIR WHAT [options]

WHAT is one of:
  threads   profile-threads.json: checks its shape, that every thread's nodes
            have profile.json's shape, and that the threads add up to
            profile.json path by path (visits exactly); prints one line per
            thread ('thread index=I name=N merged=M tid=T') followed by its
            call paths ('  PATH visits=V'), threads in file order. Worker
            names vary with the program's name: use --hide-names to print
            'name=*' for every thread except main and the entry of the
            threads beyond the bound.
  folded    profile.folded: checks that every line is 'PATH VALUE' with an
            integer VALUE > 0, that every PATH is a call path of
            profile.json, and that VALUE is that path's exclusive time in
            microseconds, rounded; prints the paths, sorted.
  clock     experiment.json: prints the clock, whether its frequency is
            plausible (or exactly 1e9 for CLOCK_MONOTONIC), the calibration
            method with numbers replaced by N, and whether the measured cost
            of an event pair is plausible. With --requested-tsc STDERR_FILE:
            checks that SEXTANT_CLOCK=tsc was honoured when /proc/cpuinfo
            reports an invariant TSC (constant_tsc and nonstop_tsc), and
            that otherwise STDERR_FILE has the fallback warning; prints
            'SEXTANT_CLOCK=tsc handled'.
  times     profile.json and experiment.json: checks that the inclusive time
            of every call path of one visit or more is more than 0 and at
            most the run's wall time (wall_time_seconds, plus 10 ms), i.e.
            that enters and exits were timed by the same clock; prints
            'times within the wall time'.
Any violation is printed to stderr with exit status 1.
"""
import re
import sys

from sextant_experiment import Experiment, fail, run, walk


def paths(roots):
    """{path: (visits, exclusive seconds)} of a list of profile.json nodes."""
    result = {}
    for step in walk(roots):
        node, prefix = step.node, step.parent_path
        for key in ("frame", "metrics", "attributes", "children"):
            if key not in node:
                fail("node under '%s' has no '%s'" % (prefix or "<root>", key))
        path = step.path
        metrics = node["metrics"]
        if not isinstance(metrics.get("visits"), int) or metrics["visits"] < 1:
            fail("%s: bad visits %r" % (path, metrics.get("visits")))
        for metric in ("time", "time (inc)"):
            if not isinstance(metrics.get(metric), (int, float)):
                fail("%s: no %s" % (path, metric))
        visits, exclusive = result.get(path, (0, 0.0))
        result[path] = (visits + metrics["visits"], exclusive + metrics["time"])
    return result


def check_threads(experiment, hide_names):
    data = experiment.thread_profiles
    if data.get("format") != "sextant-thread-profiles" or \
            data.get("format_version") != 1:
        fail("profile-threads.json: wrong format %r/%r"
             % (data.get("format"), data.get("format_version")))
    for key in ("max_separate_threads", "threads_beyond_bound", "threads"):
        if key not in data:
            fail("profile-threads.json: no '%s'" % key)
    total = {}
    merged_threads = 0
    for thread in data["threads"]:
        for key in ("index", "tid", "name", "merged_threads", "roots"):
            if key not in thread:
                fail("profile-threads.json: a thread has no '%s'" % key)
        name = thread["name"]
        if hide_names and name != "main" and not name.startswith("<"):
            name = "*"
        print("thread index=%d name=%s merged=%d tid=%s" %
              (thread["index"], name, thread["merged_threads"],
               "0" if thread["tid"] == 0 else "T"))
        merged_threads += thread["merged_threads"]
        thread_paths = paths(thread["roots"])
        for path in sorted(thread_paths):
            print("  %s visits=%d" % (path, thread_paths[path][0]))
            visits, _ = total.get(path, (0, 0.0))
            total[path] = (visits + thread_paths[path][0], 0.0)
    merged = paths(experiment.profile)
    if {p: v[0] for p, v in total.items()} != {p: v[0] for p, v in merged.items()}:
        fail("the threads do not add up to profile.json")
    if merged_threads != experiment.experiment["threads"]:
        fail("%d threads in profile-threads.json, %d in experiment.json"
             % (merged_threads, experiment.experiment["threads"]))
    print("threads add up to profile.json")


def check_folded(experiment):
    merged = paths(experiment.profile)
    seen = []
    for number, line, entry in experiment.folded(require_newline=True):
        if entry is None:
            fail("profile.folded:%d: not 'PATH VALUE': %r" % (number, line))
        path, value = entry
        if value <= 0:
            fail("profile.folded:%d: value %d is not positive" % (number, value))
        if path not in merged:
            fail("profile.folded:%d: %s is not a path of profile.json"
                 % (number, path))
        expected = round(merged[path][1] * 1e6)
        if abs(value - expected) > 1:
            fail("profile.folded:%d: %s has %d us, profile.json %g s"
                 % (number, path, value, merged[path][1]))
        seen.append(path)
    if len(seen) != len(set(seen)):
        fail("profile.folded has a path twice")
    for path in sorted(seen):
        print(path)


def check_times(experiment):
    wall = experiment.experiment["wall_time_seconds"]
    for step in walk(experiment.profile):
        metrics = step.node["metrics"]
        inclusive = metrics["time (inc)"]
        if metrics["visits"] > 0 and not 0 < inclusive <= wall + 0.01:
            fail("%s: inclusive time %g s, but the run took %g s"
                 % (step.path, inclusive, wall))
    print("times within the wall time")


def check_clock(experiment, requested_tsc_stderr):
    info = experiment.experiment
    clock = info["clock"]
    rate = info["clock_ticks_per_second"]
    print("clock: %s" % clock)
    if clock == "CLOCK_MONOTONIC":
        print("ticks per second: %s" % ("1e9" if rate == 1e9 else rate))
    else:
        print("ticks per second: %s" %
              ("plausible" if 1e6 <= rate <= 1e11 else rate))
    print("calibration: %s" %
          re.sub(r"[0-9]+(\.[0-9]+)?", "N", info["clock_calibration"]))
    cost = info["event_pair_cost_seconds"]
    print("event pair cost: %s" %
          ("plausible" if 0 < cost < 1e-5 else repr(cost)))
    if requested_tsc_stderr is None:
        return
    with open("/proc/cpuinfo") as f:
        flags = set()
        for line in f:
            if line.startswith("flags"):
                flags = set(line.split(":", 1)[1].split())
                break
    with open(requested_tsc_stderr) as f:
        stderr = f.read()
    warning = ("sextant: warning: SEXTANT_CLOCK=tsc, but this CPU does not "
               "report an invariant TSC")
    if {"constant_tsc", "nonstop_tsc"} <= flags:
        if clock != "TSC" or warning in stderr:
            fail("invariant TSC, but clock %s" % clock)
    elif clock != "CLOCK_MONOTONIC" or warning not in stderr:
        fail("no invariant TSC, but clock %s without the warning" % clock)
    print("SEXTANT_CLOCK=tsc handled")


def main():
    if len(sys.argv) < 3 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        return 2
    experiment, what, options = Experiment(sys.argv[1]), sys.argv[2], sys.argv[3:]
    if what == "threads":
        check_threads(experiment, "--hide-names" in options)
    elif what == "folded":
        check_folded(experiment)
    elif what == "times":
        check_times(experiment)
    elif what == "clock":
        stderr = None
        if "--requested-tsc" in options:
            stderr = options[options.index("--requested-tsc") + 1]
        check_clock(experiment, stderr)
    else:
        fail("unknown check '%s'" % what)
    return 0


if __name__ == "__main__":
    run(main)
