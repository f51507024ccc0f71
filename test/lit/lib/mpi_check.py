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
      the same (the dense matrix and python/sextant_reader's load_traffic
      records); prints "halo matrix ok: ..." or fails.
  mpi_check.py widen SRC DST N
      writes DST, a job directory of N ranks (rank-<r>/ only, no combined
      view) made from the rank directories of SRC, a job of a halo exchange
      between neighbours of 3 or more ranks: the first and last ranks are
      SRC's, every other rank a copy of SRC's rank 1 with its rank number
      and partners moved (r - 1, r + 1); for the matrices of jobs larger
      than the machine runs.
  mpi_check.py clock DIR N
      prints one line per rank of the job in DIR, from its mpi.json's
      "clock_sync": "rank R: none", or
        rank R: points=AT,AT hops=H,H shared=S,S round_trip=zero|positive
                bound=zero|positive
      (S is the rank whose clock it shares, or "-"); fails when a point's
      error bound is not half its round trip in the reference's ticks.
"""
import argparse
import json
import os
import shutil
import sys

from sextant_experiment import (Experiment, ExperimentError, load_traffic,
                                run, traffic_matrix, walk)


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
        for r, row in enumerate(traffic_matrix(mpi, field)):
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
    p2p = {field: traffic_matrix(mpi, field) for field in
           ("messages_sent", "bytes_sent", "messages_received",
            "bytes_received")}
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
    # The same pairs as records (python/sextant_reader.load_traffic): one
    # per rank and neighbour.
    pairs = [(r["rank"], r["partner"], r["messages_sent"], r["bytes_sent"])
             for r in load_traffic(directory) if r["kind"] == "point_to_point"]
    want_pairs = sorted((i, j, messages, messages * message_bytes)
                        for i in range(ranks) for j in (i - 1, i + 1)
                        if 0 <= j < ranks)
    if sorted(pairs) != want_pairs:
        problems.append("load_traffic: %s, expected %s" % (pairs, want_pairs))
    if problems:
        for p in problems:
            print("error: " + p)
        sys.exit(1)
    print("halo matrix ok: %d ranks, %d messages of %d bytes to each "
          "neighbour" % (ranks, messages, message_bytes))


def widen(source, target, count):
    source_ranks = Experiment(source).load("experiment.json")["mpi_ranks"]
    for rank in range(count):
        if rank == 0:
            original = 0
        elif rank == count - 1:
            original = source_ranks - 1
        else:
            original = 1
        directory = os.path.join(target, "rank-%d" % rank)
        shutil.copytree(os.path.join(source, "rank-%d" % original), directory)
        shift = rank - original
        for name, fields in (("experiment.json", ("mpi_rank", "mpi_ranks")),
                             ("mpi.json", ("rank", "ranks"))):
            path = os.path.join(directory, name)
            with open(path) as f:
                document = json.load(f)
            document[fields[0]] = rank
            document[fields[1]] = count
            for kind in ("point_to_point", "one_sided"):
                for entry in document.get(kind, []):
                    entry["partner"] += shift
            with open(path, "w") as f:
                json.dump(document, f, indent=2, sort_keys=True)


def clock(directory, count):
    for rank in range(count):
        path = os.path.join(directory, "rank-%d" % rank, "mpi.json")
        with open(path) as f:
            sync = json.load(f).get("clock_sync")
        if sync is None:
            print("rank %d: none" % rank)
            continue
        points = sync["points"]
        if any((p["round_trip_ticks"] == 0) != (p["error_bound_seconds"] == 0)
               for p in points):
            sys.exit("rank %d: error bound and round trip disagree" % rank)
        print("rank %d: points=%s hops=%s shared=%s round_trip=%s bound=%s" % (
            rank, ",".join(p["at"] for p in points),
            ",".join(str(p["hops"]) for p in points),
            ",".join("-" if p["shared_clock_of"] is None
                     else str(p["shared_clock_of"]) for p in points),
            "positive" if all(p["round_trip_ticks"] > 0 for p in points)
            else "zero" if all(p["round_trip_ticks"] == 0 for p in points)
            else "mixed",
            "positive" if all(p["error_bound_seconds"] > 0 for p in points)
            else "zero" if all(p["error_bound_seconds"] == 0 for p in points)
            else "mixed"))


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
    w = sub.add_parser("widen")
    w.add_argument("source")
    w.add_argument("target")
    w.add_argument("count", type=int)
    c = sub.add_parser("clock")
    c.add_argument("directory")
    c.add_argument("count", type=int)
    args = parser.parse_args()
    if args.command == "show":
        show(args.directory)
    elif args.command == "ranks":
        show_ranks(args.directory, args.count)
    elif args.command == "clock":
        clock(args.directory, args.count)
    elif args.command == "widen":
        widen(args.source, args.target, args.count)
    else:
        halo(args.directory, args.message_bytes, args.messages)


if __name__ == "__main__":
    run(main)
