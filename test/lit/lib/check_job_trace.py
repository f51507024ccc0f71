#!/usr/bin/env python3
"""Check the job-level parts of `sextant export --format=chrome JOBDIR`.

Usage: check_job_trace.py TRACE_JSON JOBDIR

Checks, printing every violation to stderr and exiting with status 1:
  - one process per rank of the job (pid = rank, JOBDIR/mpi.json "ranks"),
    named "rank <r> (<host>)" with the host of rank-<r>/mpi.json;
  - no process or thread name repeats "(pid" or "(tid";
  - one flow ("s"/"f" pair) per point-to-point message of the job's
    matrix (JOBDIR/mpi.json), each from the sender's pid to the
    receiver's, with the bytes the matrix counts in total;
  - every send of rank 0 starts before the end of the MPI call in which
    its receive completed, on the common time base, within the clock
    synchronisation's error bound (half the larger round trip of the
    receiving rank's two synchronisations, from its mpi.json clock_sync,
    in rank 0's ticks; the alignment is at least that precise between
    them).
Then prints, for FileCheck:
  ranks=N
  flows=N bytes=B
  clock sync: RANKS rank(s) with POINTS point(s)   (one line per count)
  rank 0 sends before their receives end: ok (N)
"""
import collections
import json
import os
import sys

from sextant_experiment import run, traffic_matrix

errors = []


def error(message):
    errors.append(message)


def load(path):
    with open(path) as f:
        return json.load(f)


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    events = load(sys.argv[1])["traceEvents"]
    job = sys.argv[2]
    job_mpi = load(os.path.join(job, "mpi.json"))
    ranks = job_mpi["ranks"]
    messages = sum(map(sum, traffic_matrix(job_mpi, "messages_sent")))
    total_bytes = sum(map(sum, traffic_matrix(job_mpi, "bytes_sent")))

    names = {}
    slices = collections.defaultdict(list)   # (pid, tid) -> open B events
    flow_ends = collections.defaultdict(dict)
    for event in events:
        phase, key = event["ph"], (event.get("pid"), event.get("tid"))
        if phase == "M" and event["name"] in ("process_name", "thread_name"):
            name = event["args"]["name"]
            if "(pid" in name or "(tid" in name:
                error("name %r repeats the pid or tid" % name)
            if event["name"] == "process_name":
                names[event["pid"]] = name
        elif phase == "B":
            slices[key].append(event)
        elif phase == "E":
            begin = slices[key].pop()
            for end in begin.get("_flows", []):
                end["_slice_end"] = event["ts"]
        elif phase in ("s", "f"):
            flow_ends[event["id"]][phase] = event
            if phase == "f":
                slices[key][-1].setdefault("_flows", []).append(event)

    if sorted(names) != list(range(ranks)):
        error("processes %r, expected ranks 0 to %d" % (sorted(names), ranks - 1))
    tolerance = {}
    sync_points = collections.Counter()
    ticks_per_second = load(os.path.join(job, "rank-0", "experiment.json"))[
        "clock_ticks_per_second"]
    for rank in range(ranks):
        mpi = load(os.path.join(job, "rank-%d" % rank, "mpi.json"))
        expected = "rank %d (%s)" % (rank, mpi["hostname"])
        if names.get(rank) != expected:
            error("process %d is named %r, expected %r" % (rank, names.get(rank), expected))
        points = (mpi.get("clock_sync") or {}).get("points", [])
        sync_points[len(points)] += 1
        trips = [p["round_trip_ticks"] for p in points] or [0]
        tolerance[rank] = max(trips) / 2 / ticks_per_second * 1e6  # us

    sent_bytes = 0
    ordered = 0
    for flow, ends in flow_ends.items():
        if set(ends) != {"s", "f"}:
            error("flow %r has only %r" % (flow, sorted(ends)))
            continue
        send, receive = ends["s"], ends["f"]
        sent_bytes += send["args"]["bytes"]
        if send["args"]["to"] != receive["pid"]:
            error("flow %r: sent to %r, received by %r"
                  % (flow, send["args"]["to"], receive["pid"]))
        if send["pid"] == 0:
            end = receive.get("_slice_end")
            if end is None or send["ts"] > end + tolerance[receive["pid"]]:
                error("flow %r: rank 0 sends at %r us, the receive's call ends at "
                      "%r us (tolerance %.3f us)"
                      % (flow, send["ts"], end, tolerance[receive["pid"]]))
            else:
                ordered += 1
    if len(flow_ends) != messages:
        error("%d flows, but the job's matrix has %d messages" % (len(flow_ends), messages))
    if sent_bytes != total_bytes:
        error("the flows carry %d bytes, the matrix %d" % (sent_bytes, total_bytes))

    print("ranks=%d" % len(names))
    print("flows=%d bytes=%d" % (len(flow_ends), sent_bytes))
    for count, rank_count in sorted(sync_points.items()):
        print("clock sync: %d rank(s) with %d point(s)" % (rank_count, count))
    if not errors and ordered:
        print("rank 0 sends before their receives end: ok (%d)" % ordered)
    for message in errors:
        print("check_job_trace: error: " + message, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    run(main)
