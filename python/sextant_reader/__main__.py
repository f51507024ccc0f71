"""python3 -m sextant_reader DIR [--limit N]

Prints how many records load(DIR) gives (ranks, threads, call paths) and
the N records (default 10) of the largest inclusive time as a table.
"""

import argparse
import sys

from . import ReaderError, load


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python3 -m sextant_reader",
        description="Load a Sextant experiment or MPI job directory into "
                    "records (one per call path, rank and thread) and show "
                    "the largest.")
    parser.add_argument("directory")
    parser.add_argument("--limit", type=int, default=10,
                        help="records shown (default 10)")
    args = parser.parse_args(argv)
    try:
        records = load(args.directory)
    except ReaderError as e:
        print("sextant_reader: error: %s" % e, file=sys.stderr)
        return 1
    ranks = {r["rank"] for r in records}
    threads = {(r["rank"], r["thread"]) for r in records}
    nodes = {r["node"] for r in records}
    print("%d records: %d rank(s), %d thread(s), %d call path(s)"
          % (len(records), len(ranks), len(threads), len(nodes)))
    print("%4s %6s %4s %6s %15s %15s %11s %s" % (
        "node", "parent", "rank", "thread", "time (inc)", "time", "visits",
        "name"))
    largest = sorted(records, key=lambda r: -r.get("time (inc)", 0))
    for r in largest[:args.limit]:
        print("%4d %6s %4d %6s %15.9f %15.9f %11d %s" % (
            r["node"], "-" if r["parent"] is None else r["parent"], r["rank"],
            "-" if r["thread"] is None else r["thread"],
            r.get("time (inc)", 0), r.get("time", 0), r.get("visits", 0),
            r["name"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
