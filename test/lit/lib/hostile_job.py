#!/usr/bin/env python3
"""Make an MPI job's directory from one experiment, and nest JSON deeply.

Usage:
  hostile_job.py job EXPERIMENT JOBDIR RANKS
      JOBDIR/rank-<r>/ for r < RANKS, each a copy of EXPERIMENT whose
      experiment.json says it is rank r of RANKS (no mpiexec needed).
  hostile_job.py nest FILE KEY DEPTH
      Adds the member KEY to the top-level object of the JSON file FILE: a
      value of DEPTH levels, arrays and objects alternating
      ([{"k":[{"k":...}]}]), written compact on one line.

Used by the tests of the tool's bound on JSON nesting (e2e/tool/deep_json.test).
"""
import json
import os
import shutil
import sys


def make_job(experiment, job, ranks):
    os.makedirs(job)
    for rank in range(ranks):
        directory = os.path.join(job, "rank-%d" % rank)
        shutil.copytree(experiment, directory)
        path = os.path.join(directory, "experiment.json")
        with open(path, encoding="utf-8") as stream:
            meta = json.load(stream)
        meta["mpi_rank"] = rank
        meta["mpi_ranks"] = ranks
        meta["output_directory"] = os.path.realpath(directory)
        with open(path, "w", encoding="utf-8") as stream:
            json.dump(meta, stream, indent=2)
            stream.write("\n")


def nested(depth):
    """DEPTH levels: '[' and '{"k":' alternating, then closed."""
    opening, closing = [], []
    for level in range(depth):
        if level % 2 == 0:
            opening.append("[")
            closing.append("]")
        else:
            opening.append('{"k":')
            closing.append("}")
    return "".join(opening) + "0" + "".join(reversed(closing))


def nest(path, key, depth):
    with open(path, encoding="utf-8") as stream:
        text = stream.read().rstrip()
    if not text.endswith("}"):
        sys.exit("%s: not a JSON object" % path)
    body = text[:-1].rstrip()
    separator = "" if body.endswith("{") else ","
    with open(path, "w", encoding="utf-8") as stream:
        stream.write("%s%s\n  %s: %s\n}\n" % (body, separator, json.dumps(key),
                                           nested(depth)))


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "job":
        make_job(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    elif len(sys.argv) == 5 and sys.argv[1] == "nest":
        nest(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
