"""Read Sextant experiments into plain records, ready for data frames.

Standard library only (Python 3.9 or later); pandas, Hatchet and Thicket
are optional and only needed by the caller::

    import sextant_reader
    records = sextant_reader.load("sextant-app-20260101-120000-4242")
    import pandas as pd
    df = pd.DataFrame(records).set_index(["node", "rank", "thread"])

A directory is either one experiment (experiment.json, profile.json,
profile-threads.json, ...) or an MPI job's directory, which holds each
rank's experiment in rank-<r>/ (docs/output-formats.md). load() reads every
thread of every rank from profile-threads.json and returns one record per
call path, rank and thread:

    {"node": 3, "parent": 1, "name": "solve", "type": "function",
     "file": "solve.c", "line": 12, "region_id": 5, "rank": 0, "thread": 1,
     "time (inc)": 0.25, "time": 0.125, "visits": 40}

"node" numbers the call paths of all ranks and threads together (the
same path of two threads or ranks has the same number; numbers in order
of first appearance, parents before children), "parent" is the node's
parent (None at a root). A directory without profile-threads.json (an
older runtime) is read from profile.json, with "thread" None; its records
then also have the metrics of SEXTANT_METRICS.

metadata(directory) gives the run's description (program, command,
hostname, start time, ranks, threads, Sextant version) and
load_profile_ranks(directory) the cross-rank statistics of a job's
profile-ranks.json as one record per node and metric. load_traffic(directory)
gives the communication matrices of a job's mpi.json as one record per pair
of ranks with traffic, traffic_matrix(document, field) one of them as a
dense ranks x ranks list (for small jobs: the file itself is sparse).
"""

import json
import os
import sys
import threading

__all__ = ["load", "metadata", "load_profile_ranks", "load_traffic",
           "traffic_matrix", "is_job", "ranks", "read_json",
           "load_deep_json", "ReaderError"]

EXPERIMENT = "experiment.json"
PROFILE = "profile.json"
THREAD_PROFILES = "profile-threads.json"
PROFILE_RANKS = "profile-ranks.json"
MPI = "mpi.json"
# The job's mpi.json whose matrices list per rank its partners with
# traffic (version 1 held dense ranks x ranks tables).
JOB_MPI_FORMAT = ("sextant-mpi-job", 2)
TRAFFIC_FIELDS = ("messages_sent", "bytes_sent", "messages_received",
                  "bytes_received")
RANK_PREFIX = "rank-"
# For call trees nested deeper than Python's recursion limit
# (load_deep_json): a thread with a 1 GiB stack parses a few hundred
# thousand levels.
DEEP_RECURSION_LIMIT = 10 ** 7
DEEP_STACK_BYTES = 1 << 30


class ReaderError(Exception):
    """A file of the experiment is missing or not as Sextant writes it."""


def load_deep_json(path):
    """The parsed JSON file PATH, parsed on a thread with a 1 GiB stack and
    a raised recursion limit: Python's json module recurses once per nesting
    level, and a call tree can be nested deeper than the default limit.
    Raises what open() and json.load() raise."""
    result = {}

    def parse():
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(DEEP_RECURSION_LIMIT)
        try:
            with open(path) as f:
                result["value"] = json.load(f)
        except (OSError, ValueError, RecursionError) as e:
            result["error"] = e
        finally:
            sys.setrecursionlimit(limit)

    size = threading.stack_size(DEEP_STACK_BYTES)
    try:
        worker = threading.Thread(target=parse)
        worker.start()
        worker.join()
    finally:
        threading.stack_size(size)
    if "error" in result:
        raise result["error"]
    return result["value"]


def read_json(path):
    """The parsed JSON file PATH, also when nested deeper than Python's
    recursion limit (then through load_deep_json). Raises what open() and
    json.load() raise."""
    try:
        with open(path) as f:
            return json.load(f)
    except RecursionError:
        return load_deep_json(path)


def _load_json(path):
    """The parsed file, or ReaderError naming it."""
    try:
        return read_json(path)
    except (OSError, ValueError, RecursionError) as e:
        raise ReaderError("cannot read %s: %s" % (path, e))


def ranks(directory):
    """The ranks r, ascending, of the rank-<r>/ directories of a job's
    directory; empty for one experiment."""
    found = []
    try:
        names = os.listdir(directory)
    except OSError as e:
        raise ReaderError("cannot read %s: %s" % (directory, e))
    for name in names:
        number = name[len(RANK_PREFIX):]
        if name.startswith(RANK_PREFIX) and number.isdigit() and \
                str(int(number)) == number and \
                os.path.isdir(os.path.join(directory, name)):
            found.append(int(number))
    return sorted(found)


def is_job(directory):
    """True for an MPI job's directory (it has rank-<r>/ directories)."""
    return bool(ranks(directory))


def _experiments(directory):
    """(rank, experiment directory) pairs: each rank of a job, or the one
    experiment (its mpi_rank, else 0)."""
    found = ranks(directory)
    if found:
        return [(r, os.path.join(directory, RANK_PREFIX + str(r)))
                for r in found]
    experiment = _load_json(os.path.join(directory, EXPERIMENT))
    rank = experiment.get("mpi_rank")
    return [(rank if isinstance(rank, int) else 0, directory)]


class _CallPaths:
    """Numbers call paths by (parent, name, type, file, line)."""

    def __init__(self):
        self.ids = {}

    def node(self, parent, node):
        frame = node.get("frame", {})
        attributes = node.get("attributes", {})
        key = (parent, frame.get("name"), frame.get("type", "function"),
               attributes.get("file"), attributes.get("line"))
        return self.ids.setdefault(key, len(self.ids))


def _add_tree(roots, rank, thread, paths, records):
    """Adds one record per node of ROOTS (a list of profile.json nodes),
    walking the tree without recursion. Nodes of one thread on one call path
    make one record."""
    by_node = {}
    stack = [(node, None) for node in reversed(roots)]
    while stack:
        node, parent = stack.pop()
        node_id = paths.node(parent, node)
        frame = node.get("frame", {})
        attributes = node.get("attributes", {})
        record = by_node.get(node_id)
        if record is None:
            record = {"node": node_id, "parent": parent,
                      "name": frame.get("name"),
                      "type": frame.get("type", "function"),
                      "file": attributes.get("file"),
                      "line": attributes.get("line"),
                      "region_id": attributes.get("region_id"),
                      "rank": rank, "thread": thread}
            by_node[node_id] = record
            records.append(record)
        for name, value in node.get("metrics", {}).items():
            if value is not None:
                record[name] = record.get(name, 0) + value
        for child in reversed(node.get("children", [])):
            stack.append((child, node_id))


def load(directory):
    """One record (a dict) per call path, rank and thread of DIRECTORY (an
    experiment or an MPI job's directory), in file order."""
    records = []
    paths = _CallPaths()
    for rank, path in _experiments(directory):
        threads_file = os.path.join(path, THREAD_PROFILES)
        if os.path.exists(threads_file):
            for thread in _load_json(threads_file).get("threads", []):
                _add_tree(thread.get("roots", []), rank, thread.get("index"),
                          paths, records)
        else:
            _add_tree(_load_json(os.path.join(path, PROFILE)), rank, None,
                      paths, records)
    return records


def metadata(directory):
    """The run's description, as the Hatchet export's "metadata": program,
    command, hostname, start_time, end_time, mpi_ranks, ranks_exported,
    threads, sextant_version, experiment_directory (rank 0's, the lowest
    rank's, values for a job; threads summed over its ranks)."""
    pairs = _experiments(directory)
    experiments = [_load_json(os.path.join(p, EXPERIMENT)) for _, p in pairs]
    first = experiments[0]
    mpi_ranks = max([first.get("mpi_ranks") or 1] +
                    [rank + 1 for rank, _ in pairs])
    return {"program": first.get("program"),
            "command": " ".join(first.get("arguments", [])),
            "hostname": first.get("hostname"),
            "start_time": first.get("start_time"),
            "end_time": first.get("end_time"),
            "mpi_ranks": mpi_ranks,
            "ranks_exported": len(pairs),
            "threads": sum(e.get("threads", 0) for e in experiments),
            "sextant_version": first.get("sextant_version"),
            "experiment_directory": directory}


def load_profile_ranks(directory):
    """The cross-rank statistics of a job's profile-ranks.json: one record
    per node and metric, {"node_id", "parent_id", "name", "region_id",
    "ranks", "metric", "min", "mean", "max", "imbalance", "min_rank",
    "max_rank"}. node_id is attributes.node_id of the job's profile.json."""
    document = _load_json(os.path.join(directory, PROFILE_RANKS))
    if document.get("format") != "sextant-profile-ranks":
        raise ReaderError("%s: not a Sextant profile-ranks.json"
                          % os.path.join(directory, PROFILE_RANKS))
    records = []
    for node in document.get("nodes", []):
        for metric, stats in node.get("metrics", {}).items():
            record = {key: node.get(key) for key in
                      ("node_id", "parent_id", "name", "region_id", "ranks")}
            record["metric"] = metric
            record.update(stats)
            records.append(record)
    return records


def _job_mpi(directory):
    """The job's mpi.json of DIRECTORY, checked to be of JOB_MPI_FORMAT."""
    path = os.path.join(directory, MPI)
    document = _load_json(path)
    if (document.get("format"), document.get("format_version")) != \
            JOB_MPI_FORMAT:
        raise ReaderError("%s: not a Sextant job's mpi.json of format_version "
                          "%d" % (path, JOB_MPI_FORMAT[1]))
    return document


def _pairs(document, kind):
    """(rank, entry) for every entry of the job's matrix KIND
    ("point_to_point" or "one_sided"): one list of partners per rank."""
    rows = document.get(kind)
    ranks = document.get("ranks")
    if not isinstance(rows, list) or len(rows) != ranks:
        raise ReaderError("mpi.json: %s is not one list per rank (%s ranks)"
                          % (kind, ranks))
    for rank, row in enumerate(rows):
        for entry in row:
            partner = entry.get("partner")
            if not isinstance(partner, int) or not 0 <= partner < ranks:
                raise ReaderError("mpi.json: %s[%d]: partner %r is not a "
                                  "rank of the job" % (kind, rank, partner))
            yield rank, entry


def load_traffic(directory):
    """The communication matrices of a job's mpi.json: one record per pair
    of ranks with traffic, {"kind": "point_to_point" or "one_sided",
    "rank", "partner", "messages_sent", "bytes_sent", "messages_received",
    "bytes_received"} (what RANK sent to and received from PARTNER)."""
    document = _job_mpi(directory)
    records = []
    for kind in ("point_to_point", "one_sided"):
        for rank, entry in _pairs(document, kind):
            record = {"kind": kind, "rank": rank, "partner": entry["partner"]}
            record.update((f, entry.get(f, 0)) for f in TRAFFIC_FIELDS)
            records.append(record)
    return records


def traffic_matrix(document, field, kind="point_to_point"):
    """FIELD (one of TRAFFIC_FIELDS) of the matrix KIND of a parsed job
    mpi.json as a dense list of lists, [i][j] = rank i's value with partner
    j, 0 for the pairs the file does not list. ranks x ranks: for small
    jobs and tests."""
    if (document.get("format"), document.get("format_version")) != \
            JOB_MPI_FORMAT:
        raise ReaderError("not a Sextant job's mpi.json of format_version %d"
                          % JOB_MPI_FORMAT[1])
    ranks = document["ranks"]
    matrix = [[0] * ranks for _ in range(ranks)]
    for rank, entry in _pairs(document, kind):
        matrix[rank][entry["partner"]] = entry.get(field, 0)
    return matrix
