#!/usr/bin/env python3
"""Checks a `sextant export --format=hatchet` file as Hatchet reads it.

  check_hatchet.py FILE DIR [--reader]
      FILE against the structure GraphFrame.from_json needs
      (hatchet/readers/json_reader.py, GraphFrame.to_dict of Hatchet
      2022.2 and later): "graph" a list with one object per root mapping
      str(node id) to {"data": frame attributes, "children": [ids]}, each
      child an id of the same object, every node in one object only and a
      root the one node without a parent there; "dataframe" records that all
      have the "dataframe_indices" columns (node, rank, thread), whose node
      is a node of the graph and whose index is unique; the metric lists
      name columns of every record; "metadata" has the run's keys. Then the
      values: summed per call path over the rows of a rank, they are those
      of DIR's (or DIR/rank-<r>/'s) profile-threads.json.
      Prints "hatchet ok: N nodes, R rows, K ranks, T threads" or fails.
      With --reader, python/sextant_reader's load(DIR) must give the same
      records (call path, rank, thread and values) and metadata(DIR) the
      same metadata; prints "reader ok: R records" too.
"""
import json
import os
import sys

from sextant_experiment import Experiment, fail, run, walk

METADATA = ("program", "command", "hostname", "start_time", "end_time",
            "mpi_ranks", "ranks_exported", "threads", "sextant_version")


def close(a, b):
    return abs(a - b) <= 1e-6 * max(1.0, abs(a), abs(b))


def check_graph(graph):
    """{node id: (frame, parent id or None)} after the reader's checks."""
    if not isinstance(graph, list) or not graph:
        fail("graph: not a non-empty list of root objects")
    nodes = {}
    for index, spec in enumerate(graph):
        if not isinstance(spec, dict):
            fail("graph[%d]: not an object" % index)
        parent_of = {}
        for nid, value in spec.items():
            if str(int(nid)) != nid:
                fail("graph[%d]: key %r is not a node id" % (index, nid))
            if int(nid) in nodes:
                fail("node %s in two roots' objects" % nid)
            data = value["data"]
            if not isinstance(data, dict) or "name" not in data:
                fail("node %s: data %r is no frame" % (nid, data))
            for child in value["children"]:
                if str(child) not in spec:
                    fail("node %s: child %s is not in its root's object"
                         % (nid, child))
                if str(child) in parent_of:
                    fail("node %s has two parents" % child)
                parent_of[str(child)] = int(nid)
        roots = [nid for nid in spec if nid not in parent_of]
        if len(roots) != 1:
            fail("graph[%d]: %d roots, expected 1" % (index, len(roots)))
        for nid, value in spec.items():
            nodes[int(nid)] = (value["data"], parent_of.get(nid))
    if sorted(nodes) != list(range(len(nodes))):
        fail("node ids are not 0..%d" % (len(nodes) - 1))
    return nodes


def node_path(nodes, nid):
    names = []
    while nid is not None:
        names.append(nodes[nid][0]["name"])
        nid = nodes[nid][1]
    return ";".join(reversed(names))


def check_dataframe(doc, nodes):
    indices = doc["dataframe_indices"]
    if indices != ["node", "rank", "thread"]:
        fail("dataframe_indices %s" % indices)
    metrics = doc["exclusive_metrics"] + doc["inclusive_metrics"]
    if doc["default_metric"] not in metrics:
        fail("default_metric %r is no metric" % doc["default_metric"])
    seen = set()
    for row in doc["dataframe"]:
        for column in indices + metrics + ["name"]:
            if column not in row:
                fail("row %s lacks column %r" % (row, column))
        if row["node"] not in nodes:
            fail("row %s: node is not in the graph" % row)
        if row["name"] != nodes[row["node"]][0]["name"]:
            fail("row %s: name is not its node's" % row)
        key = tuple(row[c] for c in indices)
        if key in seen:
            fail("index %s twice" % (key,))
        seen.add(key)
    return doc["dataframe"]


def thread_sums(directory, rank):
    """{(call path, thread): [time (inc), time, visits]} of a rank."""
    sums = {}
    for thread in Experiment(directory).thread_profiles["threads"]:
        for step in walk(thread["roots"]):
            m = step.node["metrics"]
            entry = sums.setdefault((rank, step.path, thread["index"]),
                                    [0.0, 0.0, 0])
            entry[0] += m["time (inc)"]
            entry[1] += m["time"]
            entry[2] += m["visits"]
    return sums


def check_reader(directory, expected, metadata):
    """python/sextant_reader (on the path through sextant_experiment)
    against profile-threads.json and the export's metadata."""
    import sextant_reader
    records = sextant_reader.load(directory)
    by_node = {r["node"]: r for r in records}
    got = {}
    for r in records:
        names, node = [], r
        while node is not None:
            names.append(node["name"])
            node = by_node.get(node["parent"]) if node["parent"] is not None \
                else None
        key = (r["rank"], ";".join(reversed(names)), r["thread"])
        if key in got:
            fail("reader: two records for %s" % (key,))
        got[key] = [r["time (inc)"], r["time"], r["visits"]]
    if sorted(got) != sorted(expected):
        fail("reader: records and profile-threads.json differ in %s"
             % sorted(set(got) ^ set(expected))[:5])
    for key, values in expected.items():
        if not all(close(a, b) for a, b in zip(values, got[key])):
            fail("reader: %s: %s, profile-threads.json %s"
                 % (key, got[key], values))
    mine = sextant_reader.metadata(directory)
    for key in METADATA:
        if mine[key] != metadata[key]:
            fail("reader: metadata %s is %r, the export's %r"
                 % (key, mine[key], metadata[key]))
    print("reader ok: %d records" % len(records))


def main():
    path, directory = sys.argv[1], sys.argv[2]
    with open(path) as f:
        doc = json.load(f)
    nodes = check_graph(doc["graph"])
    rows = check_dataframe(doc, nodes)
    metadata = doc["metadata"]
    for key in METADATA:
        if key not in metadata:
            fail("metadata lacks %r" % key)
    ranks = sorted({row["rank"] for row in rows})
    expected = {}
    if os.path.isdir(os.path.join(directory, "rank-0")):
        for r in ranks:
            expected.update(thread_sums(os.path.join(directory, "rank-%d" % r), r))
    else:
        expected.update(thread_sums(directory, ranks[0]))
    got = {}
    for row in rows:
        entry = got.setdefault(
            (row["rank"], node_path(nodes, row["node"]), row["thread"]),
            [0.0, 0.0, 0])
        entry[0] += row["time (inc)"]
        entry[1] += row["time"]
        entry[2] += row["visits"]
    if sorted(got) != sorted(expected):
        missing = set(expected) ^ set(got)
        fail("rows and profile-threads.json differ in %s" % sorted(missing)[:5])
    for key, values in expected.items():
        if not all(close(a, b) for a, b in zip(values, got[key])):
            fail("%s: rows give %s, profile-threads.json %s"
                 % (key, got[key], values))
    if metadata["ranks_exported"] != len(ranks):
        fail("metadata ranks_exported %s, rows of %d ranks"
             % (metadata["ranks_exported"], len(ranks)))
    print("hatchet ok: %d nodes, %d rows, %d ranks, %d threads" % (
        len(nodes), len(rows), len(ranks),
        len({(row["rank"], row["thread"]) for row in rows})))
    if "--reader" in sys.argv[3:]:
        check_reader(directory, expected, metadata)


if __name__ == "__main__":
    run(main)
