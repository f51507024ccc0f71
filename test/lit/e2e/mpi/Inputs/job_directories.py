"""Lists the MPI jobs under a shared output directory and checks that none
mixed its files with another's.

Usage: job_directories.py DIR RANKS

A job directory is DIR or a sub-directory of it that holds rank-0/. For
each, prints "job <path relative to DIR>: ranks=<n> main visits=<v>" in
sorted order, where <n> counts its rank-<r>/ directories and <v> is the
visits of main (a root) in its combined profile.json. Fails (exit 1, with a reason)
when a job lacks a rank, a rank's experiment.json names another directory
or rank, or two rank directories anywhere hold the same process (a pid seen
twice means one run's files were overwritten by another's, or copied).
"""

import json
import os
import sys


def load(path):
    with open(path, encoding="utf-8") as stream:
        return json.load(stream)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    top, ranks = os.path.realpath(sys.argv[1]), int(sys.argv[2])
    jobs = sorted(root for root, dirs, _ in os.walk(top) if "rank-0" in dirs)
    pids = {}
    failed = False
    for job in jobs:
        for rank in range(ranks):
            rank_dir = os.path.join(job, "rank-%d" % rank)
            meta = load(os.path.join(rank_dir, "experiment.json"))
            if os.path.realpath(meta["output_directory"]) != rank_dir:
                print("%s names %s" % (rank_dir, meta["output_directory"]))
                failed = True
            if meta["mpi_rank"] != rank or meta["mpi_ranks"] != ranks:
                print("%s is rank %s of %s" % (rank_dir, meta["mpi_rank"],
                                               meta["mpi_ranks"]))
                failed = True
            if meta["pid"] in pids:
                print("pid %d in %s and %s" % (meta["pid"], pids[meta["pid"]],
                                               rank_dir))
                failed = True
            pids[meta["pid"]] = rank_dir
        present = len([name for name in os.listdir(job)
                       if name.startswith("rank-")])
        profile = load(os.path.join(job, "profile.json"))
        visits = sum(root["metrics"]["visits"] for root in profile
                     if root["frame"]["name"] == "main")
        relative = os.path.relpath(job, top)
        print("job %s: ranks=%d main visits=%d" % (
            "." if relative == "." else "<sub>", present, visits))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
