#!/usr/bin/env python3
"""Run test/apps/concurrent_exit RUNS times and check every run's experiment.

Usage: concurrent_exit_runs.py PROGRAM MODE THREADS RUNS WORK_DIR [STDERR]

Each run writes WORK_DIR/run-<i>. A run is good when the program's exit
status is 3, its stderr has no 'sextant: error' and no sanitizer report, and
its experiment is whole: experiment.json parses and counts THREADS + 1
threads with none missing (threads_not_merged 0), and profile.json holds
main once and worker THREADS times (every worker entered it before the
barrier), with worker;leave at most THREADS times; with STDERR, the run's
stderr holds exactly one line containing STDERR. Prints one line,
'MODE THREADS: RUNS of RUNS runs complete, status 3', or one line per bad
run and exit status 1.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..",
                                "lib"))
from sextant_experiment import Experiment, ExperimentError, walk  # noqa: E402


def problems(program, mode, threads, directory, expected_line):
    env = dict(os.environ, SEXTANT_OUTPUT_DIR=directory)
    done = subprocess.run([program, mode, str(threads)], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=120)
    stderr = done.stderr.decode(errors="replace")
    found = []
    if done.returncode != 3:
        found.append("exit status %d, not 3" % done.returncode)
    for line in stderr.splitlines():
        if "sextant: error" in line or "Sanitizer" in line:
            found.append("stderr: " + line)
    if expected_line is not None:
        count = sum(expected_line in line for line in stderr.splitlines())
        if count != 1:
            found.append("stderr has %d lines with '%s', not 1" %
                         (count, expected_line))
    try:
        experiment = Experiment(directory)
        info = experiment.experiment
        if info.get("threads") != threads + 1:
            found.append("experiment.json: threads %r, not %d" %
                         (info.get("threads"), threads + 1))
        if info.get("threads_not_merged") != 0:
            found.append("experiment.json: threads_not_merged %r" %
                         info.get("threads_not_merged"))
        visits = {}
        for step in walk(experiment.profile):
            visits[step.path] = (visits.get(step.path, 0) +
                                 step.node["metrics"]["visits"])
        expected = {"main": 1, "worker": threads}
        for path, count in expected.items():
            if visits.get(path) != count:
                found.append("profile.json: %s visits %r, not %d" %
                             (path, visits.get(path), count))
        if visits.get("worker;leave", 0) > threads:
            found.append("profile.json: worker;leave visits %d" %
                         visits["worker;leave"])
    except ExperimentError as e:
        found.append(str(e))
    return found


def main():
    program, mode, threads, runs, work = sys.argv[1:6]
    threads, runs = int(threads), int(runs)
    expected_line = sys.argv[6] if len(sys.argv) > 6 else None
    bad = 0
    for run in range(runs):
        directory = os.path.join(work, "run-%d" % run)
        found = problems(program, mode, threads, directory, expected_line)
        if found:
            bad += 1
            print("run %d (%s): %s" % (run, directory, "; ".join(found)))
    if bad:
        print("%s %d: %d of %d runs lost or incomplete" %
              (mode, threads, bad, runs))
        return 1
    print("%s %d: %d of %d runs complete, status 3" %
          (mode, threads, runs, runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
