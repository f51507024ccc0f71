#!/usr/bin/env python3
"""The cost of the job's view at MPI_Finalize: time and peak memory.

Usage: run_aggregation.py [--build-dir DIR] [--ranks 4,8,16,32,64]
                          [--regions 50,5000] [--repetitions 3]
                          [--work-dir DIR] [--no-combine]

For each number of regions, generates the benchmark program
(generate_regions_program.py: that many instrumented functions, each called
once from a driver, then MPI_Finalize), builds it twice with MPICH's
mpicc.mpich around clang-19, -O2 -falign-functions=64: plain, and with
Sextant (the plugin as -fplugin/-fpass-plugin, linked with
libsextant-mpich and libsextant of the build tree;
regions_program_runs.py, shared with run_session_costs.py). Each build
runs under `mpiexec.mpich -launcher fork -n P` (this host only,
oversubscribed) for every P, --repetitions times, the two builds in
turn. Every rank prints the wall time of its MPI_Finalize call and its
peak RSS; a run's figures are
the maximum over its ranks (and rank 0's RSS), the table shows the median
over the repetitions. With Sextant, MPI_Finalize writes every rank's files
and reduces the job's view over the ranks (mpi/JobReduction.h).

Unless --no-combine, `sextant combine --force` is also timed on the last
Sextant job of each size: the sequential fold of every rank's partial
(reading and parsing its files included), whose time per rank bounds the
cost of one merge step of the reduction tree from above; and
sextant_partial_merge_benchmark (PartialMergeBenchmark.cpp, in the build
tree) measures one step on the first job of each size with 2 ranks or
more: parsing a rank's files into its partial, serializing, deserializing
and merging partials of U call paths, and finishing the job's files.
"""
import os
import shutil
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from regions_program_runs import (  # noqa: E402
    RunFailed, build_programs, launch, parse_arguments, run)


def measure(executable, ranks, output_dir):
    """(max finalize seconds, max peak RSS KiB, rank 0's peak RSS KiB)."""
    env = dict(os.environ)
    env["SEXTANT_OUTPUT_DIR"] = output_dir
    env["SEXTANT_VERBOSE"] = "0"
    try:
        figures = launch(executable, ranks, env, timeout=900)
    except RunFailed as error:
        sys.exit("run_aggregation: error: %s" % error)
    finalize = [f["finalize_seconds"] for f in figures.values()]
    rss = [f["maxrss_kib"] for f in figures.values()]
    return max(finalize), max(rss), figures[0]["maxrss_kib"]


HEADER = ("| ranks P | regions | MPI_Finalize max (s), plain | with Sextant "
          "| peak RSS max (MiB), plain | with Sextant "
          "| rank 0 peak RSS (MiB), plain | with Sextant |\n"
          "|---:|---:|---:|---:|---:|---:|---:|---:|")


def row(size, count, m):
    return "| %d | %d | %.4f | %.4f | %.1f | %.1f | %.1f | %.1f |" % (
        size, count, m["plain"][0], m["sextant"][0],
        m["plain"][1] / 1024, m["sextant"][1] / 1024,
        m["plain"][2] / 1024, m["sextant"][2] / 1024)


def merge_step(build_dir, job):
    """The figures of sextant_partial_merge_benchmark on job, or None."""
    tool = os.path.join(build_dir, "benchmarks", "mpi",
                        "sextant_partial_merge_benchmark")
    if not os.path.exists(tool):
        return None
    return dict((line.split()[0], float(line.split()[1]))
                for line in run([tool, job, "5"]).splitlines())


def add_options(parser):
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--no-combine", action="store_true")


def main():
    args = parse_arguments(__doc__.splitlines()[0], "4,8,16,32,64",
                           "50,5000", add_options)
    ranks, regions = args.ranks, args.regions
    sextant_tool = os.path.join(args.build_dir, "tools", "sextant", "sextant")
    work = args.work_dir or tempfile.mkdtemp(prefix="sextant-aggregation-")
    os.makedirs(work, exist_ok=True)
    rows, combines, steps = [], [], {}
    try:
        programs = {}
        for count in regions:
            built = build_programs(args.build_dir, count, work)
            programs[count] = (built[False], built[True])
        print(HEADER, file=sys.stderr, flush=True)
        for size in ranks:
            for count in regions:
                plain, measured = programs[count]
                figures = {"plain": [], "sextant": []}
                job = None
                for repetition in range(args.repetitions):
                    for name, executable in (("plain", plain),
                                             ("sextant", measured)):
                        if job:
                            shutil.rmtree(job, ignore_errors=True)
                        job = os.path.join(work, "job_%d_%d_%d_%s" % (
                            count, size, repetition, name))
                        figures[name].append(measure(executable, size, job))
                if size >= 2 and count not in steps:
                    steps[count] = merge_step(args.build_dir, job)
                if not args.no_combine:
                    start = time.monotonic()
                    run([sextant_tool, "combine", "--force", job])
                    combines.append((size, count, time.monotonic() - start))
                shutil.rmtree(job, ignore_errors=True)
                median = {name: [statistics.median(f[i] for f in runs)
                                 for i in range(3)]
                          for name, runs in figures.items()}
                rows.append((size, count, median))
                # Each row as soon as it is measured (a long sweep stopped
                # early keeps what it measured).
                print(row(size, count, median), file=sys.stderr, flush=True)
    finally:
        if not args.work_dir:
            shutil.rmtree(work, ignore_errors=True)

    print(HEADER)
    for size, count, m in rows:
        print(row(size, count, m))
    if combines:
        print()
        print("| ranks P | regions | `sextant combine` (s) | per rank (ms) |")
        print("|---:|---:|---:|---:|")
        for size, count, seconds in combines:
            print("| %d | %d | %.3f | %.2f |" % (size, count, seconds,
                                                1000 * seconds / size))
    steps = {count: step for count, step in steps.items() if step}
    if steps:
        print()
        print("| regions | call paths U | partial (KiB) | parse one rank (ms) "
              "| serialize (ms) | deserialize (ms) | merge (ms) "
              "| finish (ms) |")
        print("|---:|---:|---:|---:|---:|---:|---:|---:|")
        for count, f in sorted(steps.items()):
            print("| %d | %d | %.0f | %.2f | %.2f | %.2f | %.2f | %.2f |" % (
                count, f["call_paths"], f["partial_bytes"] / 1024,
                f["parse_rank_ms"], f["serialize_ms"], f["deserialize_ms"],
                f["merge_ms"], f["finish_ms"]))


if __name__ == "__main__":
    main()
