#!/usr/bin/env python3
"""Kill one rank of a measured MPI job with SIGKILL once every rank has
written a snapshot (SEXTANT_SNAPSHOT=1).

Usage: snapshot_kill.py DIRECTORY RANKS LAUNCHER... PROGRAM [ARGUMENTS...]

Runs LAUNCHER... PROGRAM ARGUMENTS with SEXTANT_SNAPSHOT=1 and
SEXTANT_OUTPUT_DIR=DIRECTORY, waits (60 s at most) until every
DIRECTORY/rank-<r>/experiment.json of the RANKS ranks is a snapshot's, then
sends SIGKILL to the process of the last rank (its pid from its
experiment.json) and waits for the launcher to end (60 s at most; then it
is killed). Prints one fact a line, for FileCheck.
"""
import json
import os
import signal
import subprocess
import sys
import time


def snapshot(directory, rank):
    """The rank's experiment.json when it is a snapshot's, else None."""
    path = os.path.join(directory, "rank-%d" % rank, "experiment.json")
    try:
        with open(path) as f:
            experiment = json.load(f)
    except (FileNotFoundError, ValueError):
        return None
    return experiment if experiment.get("snapshot_seconds") else None


def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    directory, ranks, command = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    env = dict(os.environ, SEXTANT_SNAPSHOT="1", SEXTANT_OUTPUT_DIR=directory)
    launcher = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    snapshots = {}
    while time.monotonic() < deadline and len(snapshots) < ranks:
        for rank in range(ranks):
            if rank not in snapshots:
                found = snapshot(directory, rank)
                if found:
                    snapshots[rank] = found
        time.sleep(0.05)
    print("ranks with a snapshot:", len(snapshots), "of", ranks)
    victim = ranks - 1
    if victim in snapshots:
        os.kill(int(snapshots[victim]["pid"]), signal.SIGKILL)
        print("rank %d: sent SIGKILL" % victim)
    try:
        launcher.wait(60)
        print("launcher ended")
    except subprocess.TimeoutExpired:
        launcher.kill()
        launcher.wait()
        print("launcher did not end within 60 s: killed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
