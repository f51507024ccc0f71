#!/usr/bin/env python3
"""Checks an MPI job's profile.json and profile-ranks.json against the
ranks' own files (docs/output-formats.md, "The job's profile.json").

  check_job_profile.py JOBDIR
      profile.json: every node's metrics are exactly the additive metrics
      (time (inc), time, visits and the "<m> (inc)"/"<m>" pairs of the
      summed SEXTANT_METRICS), with no statistics or per-rank columns, and
      each equals the sum over rank-<r>/profile.json of the same call path;
      attributes.node_id numbers the nodes depth first.
      profile-ranks.json: one entry per node, joined by node_id, whose min,
      mean, max, imbalance, min_rank and max_rank of every metric are those
      of the ranks' values (0 for a rank without the call path or without
      files).
      Prints "job profile ok: N nodes, M metrics, R ranks" or fails.
"""
import sys

from sextant_experiment import Experiment, ExperimentError, fail, run, walk

FORBIDDEN = ("(min)", "(mean)", "(max)", "[rank")


def close(a, b):
    return abs(a - b) <= 1e-6 * max(1.0, abs(a), abs(b))


def summed_metrics(experiment):
    names = ["time (inc)", "time", "visits"]
    metrics = experiment.get("metrics") or {}
    for m in metrics.get("measured", []):
        if m.get("accumulation") == "sum":
            names += [m["name"] + " (inc)", m["name"]]
    return names


def rank_values(job, ranks, names):
    """{call path: [[value per rank] per metric]} from rank-<r>/profile.json."""
    values = {}
    for r in range(ranks):
        try:
            profile = job.rank(r).profile
        except ExperimentError:
            continue
        for step in walk(profile):
            entry = values.setdefault(
                step.path, [[0.0] * ranks for _ in names])
            for i, name in enumerate(names):
                entry[i][r] += step.node["metrics"].get(name, 0)
    return values


def check_statistics(where, stats, per_rank):
    lo, hi = min(per_rank), max(per_rank)
    mean = sum(per_rank) / len(per_rank)
    expected = {"min": lo, "mean": mean, "max": hi,
                "min_rank": per_rank.index(lo), "max_rank": per_rank.index(hi)}
    for key, value in expected.items():
        if not close(stats[key], value):
            fail("%s: %s is %s, the ranks give %s (%s)"
                 % (where, key, stats[key], value, per_rank))
    imbalance = stats["imbalance"]
    if mean == 0:
        if imbalance is not None:
            fail("%s: imbalance %s where the mean is 0" % (where, imbalance))
    elif not close(imbalance, hi / mean):
        fail("%s: imbalance %s, not max/mean %s" % (where, imbalance, hi / mean))


def main():
    directory = sys.argv[1]
    job = Experiment(directory)
    ranks = job.experiment["mpi_ranks"]
    names = summed_metrics(job.rank(0).experiment)
    expected = rank_values(job, ranks, names)
    stats = job.load("profile-ranks.json")
    if stats.get("format") != "sextant-profile-ranks" or \
            stats.get("format_version") != 1:
        fail("profile-ranks.json: not format sextant-profile-ranks 1")
    if stats["ranks"] != ranks or stats["metrics"] != names:
        fail("profile-ranks.json: ranks %s metrics %s, expected %s %s"
             % (stats["ranks"], stats["metrics"], ranks, names))
    nodes = stats["nodes"]
    count = 0
    parents = {}
    for step in walk(job.profile):
        node = step.node
        node_id = node["attributes"].get("node_id")
        if node_id != count:
            fail("%s: node_id %s, expected %d (depth first)"
                 % (step.path, node_id, count))
        parents[node_id] = None if step.parent is None else \
            step.parent.node["attributes"]["node_id"]
        count += 1
        keys = list(node["metrics"])
        if any(f in k for k in keys for f in FORBIDDEN) or \
                sorted(keys) != sorted(names):
            fail("%s: metrics %s, expected only the sums %s"
                 % (step.path, keys, names))
        per_metric = expected.get(step.path)
        if per_metric is None:
            fail("%s: in the job's profile but on no rank" % step.path)
        entry = nodes[node_id]
        if entry["node_id"] != node_id or entry["parent_id"] != parents[node_id] \
                or entry["name"] != node["frame"]["name"]:
            fail("profile-ranks.json node %d does not match %s: %s"
                 % (node_id, step.path, entry))
        for i, name in enumerate(names):
            if not close(node["metrics"][name], sum(per_metric[i])):
                fail("%s: %s is %s, the ranks sum to %s"
                     % (step.path, name, node["metrics"][name],
                        sum(per_metric[i])))
            check_statistics("%s %s" % (step.path, name),
                             entry["metrics"][name], per_metric[i])
    if count != len(nodes) or count != len(expected):
        fail("%d nodes in profile.json, %d in profile-ranks.json, %d call "
             "paths on the ranks" % (count, len(nodes), len(expected)))
    print("job profile ok: %d nodes, %d metrics, %d ranks"
          % (count, len(names), ranks))


if __name__ == "__main__":
    run(main)
