#!/usr/bin/env python3
"""Run test/apps/snapshot_workers with SEXTANT_SNAPSHOT=1 and watch its snapshots.

Usage: snapshot_runs.py PROGRAM DIRECTORY kill|finish

kill:   runs 'PROGRAM forever' into DIRECTORY, waits (60 s at most each)
        for a first snapshot and for a later one that replaced it, then
        kills the program with SIGKILL;
finish: runs 'PROGRAM count' to its end, reading DIRECTORY's
        experiment.json meanwhile.
Prints what it saw, one fact a line, for FileCheck. Every wait is bounded:
a runtime that never writes a snapshot fails the test, it does not hang it.
"""
import json
import os
import signal
import subprocess
import sys
import time


def snapshot_seconds(directory):
    """snapshot_seconds of DIRECTORY/experiment.json, or None (no file, no
    snapshot); the runtime replaces the file whole, so it parses."""
    try:
        with open(os.path.join(directory, "experiment.json")) as f:
            return json.load(f).get("snapshot_seconds")
    except FileNotFoundError:
        return None


def wait_for(predicate, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    return None


def main():
    if len(sys.argv) != 4 or sys.argv[3] not in ("kill", "finish"):
        print(__doc__, file=sys.stderr)
        return 2
    program, directory, mode = sys.argv[1:]
    env = dict(os.environ, SEXTANT_SNAPSHOT="1", SEXTANT_OUTPUT_DIR=directory)
    if mode == "kill":
        child = subprocess.Popen([program, "forever"], env=env,
                                 stdout=subprocess.DEVNULL)
        first = wait_for(lambda: snapshot_seconds(directory), 60)
        print("first snapshot:", "yes" if first else "none within 60 s")
        later = wait_for(lambda: (snapshot_seconds(directory) or 0) > (first or 0)
                         and snapshot_seconds(directory), 60)
        print("a later snapshot replaced it:",
              "yes" if later and first and later > first else "no")
        child.send_signal(signal.SIGKILL)
        status = child.wait(60)
        print("status:", "SIGKILL" if status == -signal.SIGKILL else status)
        return 0
    child = subprocess.Popen([program, "count"], env=env,
                             stdout=subprocess.DEVNULL)
    seen = set()
    while child.poll() is None:
        value = snapshot_seconds(directory)
        if value:
            seen.add(value)
        time.sleep(0.05)
    print("status:", child.returncode)
    print("snapshots seen while running:", "two or more" if len(seen) >= 2
          else len(seen))
    print("final snapshot_seconds:", snapshot_seconds(directory))
    return 0


if __name__ == "__main__":
    sys.exit(main())
