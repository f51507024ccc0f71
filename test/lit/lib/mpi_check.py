#!/usr/bin/env python3
"""Reads the output of a measured MPI job for the lit tests.

  mpi_check.py show DIR
      prints, from the combined view in DIR (experiment.json, mpi.json,
      profile.json) and the rank directories, one line per fact:
        ranks: N
        rank R: directory mpi_rank=R ended_by=...
        function NAME calls C0 C1 ... sent S0 S1 ... received R0 R1 ...
        region NAME type=T ranks=K visits V0 V1 ...   (summed over call paths)
        p2p bytes_sent R: B0 B1 ...      (and messages_sent)
        symmetric: yes|no
  mpi_check.py ranks DIR N
      prints one line per rank directory of a job without combined view:
        rank R: mpi_rank=R ended_by=E signal=S regions=NAME,NAME...
  mpi_check.py halo DIR --message-bytes B --messages M
      checks that the point-to-point matrix is the halo exchange of a row
      decomposition: every rank sends M messages of B bytes to each
      neighbour rank (rank - 1 and rank + 1) and nothing else, and receives
      the same; prints "halo matrix ok: ..." or fails.
"""
import argparse
import sys

from sextant_experiment import Experiment, ExperimentError, run, walk


def region_visits(job, profile, ranks):
    """Per region of the job's profile: its type, the most ranks a call
    path of it ran on, and its visits per rank, read from each rank's own
    rank-<r>/profile.json (0 for a rank without one)."""
    regions = {}
    for step in walk(profile):
        node = step.node
        entry = regions.setdefault(
            node["frame"]["name"], {"type": node["frame"]["type"], "ranks": 0,
                                    "visits": [0] * ranks})
        entry["ranks"] = max(entry["ranks"], node["attributes"].get("ranks", 0))
    for r in range(ranks):
        try:
            rank_profile = job.rank(r).profile
        except ExperimentError:
            continue
        for step in walk(rank_profile):
            entry = regions.get(step.node["frame"]["name"])
            if entry is not None:
                entry["visits"][r] += step.node["metrics"]["visits"]
    return regions


def show(directory):
    job = Experiment(directory)
    experiment = job.experiment
    mpi = job.mpi
    profile = job.profile
    ranks = mpi["ranks"]
    print("ranks: %d" % ranks)
    for r in range(ranks):
        rank = job.rank(r)
        print("rank %d: directory mpi_rank=%s ended_by=%s" %
              (r, rank.experiment["mpi_rank"], rank.mpi["ended_by"]))
    for f in mpi["functions"]:
        print("function %s calls %s sent %s received %s" % (
            f["name"],
            " ".join("%d" % v for v in f["calls"]["per_rank"]),
            " ".join("%d" % v for v in f["bytes_sent"]["per_rank"]),
            " ".join("%d" % v for v in f["bytes_received"]["per_rank"])))
    for name, entry in sorted(region_visits(job, profile, ranks).items()):
        print("region %s type=%s ranks=%d visits %s" % (
            name, entry["type"], entry["ranks"],
            " ".join("%d" % v for v in entry["visits"])))
    for field in ("bytes_sent", "messages_sent"):
        for r, row in enumerate(mpi["point_to_point"][field]):
            print("p2p %s %d: %s" % (field, r, " ".join(str(v) for v in row)))
    print("symmetric: %s" % ("yes" if mpi["point_to_point_symmetric"] else "no"))
    print("experiment: mpi_ranks=%s threads=%s combined=%s" % (
        experiment["mpi_ranks"], experiment["threads"], experiment.get("combined")))


def show_ranks(directory, count):
    for r in range(count):
        rank = Experiment(directory, r)
        experiment, mpi = rank.experiment, rank.mpi
        regions = sorted(x["name"] for x in rank.regions)
        print("rank %d: mpi_rank=%s ended_by=%s signal=%s regions=%s" % (
            r, experiment["mpi_rank"], mpi["ended_by"],
            experiment["ended_by_signal"], ",".join(regions)))


def halo(directory, message_bytes, messages):
    mpi = Experiment(directory).mpi
    p2p = mpi["point_to_point"]
    ranks = mpi["ranks"]
    problems = []
    for i in range(ranks):
        for j in range(ranks):
            neighbours = abs(i - j) == 1
            want_messages = messages if neighbours else 0
            want_bytes = messages * message_bytes if neighbours else 0
            for field, want in (("messages_sent", want_messages),
                                ("bytes_sent", want_bytes),
                                ("messages_received", want_messages),
                                ("bytes_received", want_bytes)):
                got = p2p[field][i][j]
                if got != want:
                    problems.append("%s[%d][%d] = %d, expected %d" %
                                    (field, i, j, got, want))
    if problems:
        for p in problems:
            print("error: " + p)
        sys.exit(1)
    print("halo matrix ok: %d ranks, %d messages of %d bytes to each "
          "neighbour" % (ranks, messages, message_bytes))


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("show")
    s.add_argument("directory")
    r = sub.add_parser("ranks")
    r.add_argument("directory")
    r.add_argument("count", type=int)
    h = sub.add_parser("halo")
    h.add_argument("directory")
    h.add_argument("--message-bytes", type=int, required=True)
    h.add_argument("--messages", type=int, required=True)
    args = parser.parse_args()
    if args.command == "show":
        show(args.directory)
    elif args.command == "ranks":
        show_ranks(args.directory, args.count)
    else:
        halo(args.directory, args.message_bytes, args.messages)


if __name__ == "__main__":
    run(main)
