#!/usr/bin/env python3
"""The cost of periodic snapshots (SEXTANT_SNAPSHOT) on the miniFE proxy.

Builds benchmarks/miniFE/ twice with clang++-19 -O2 -g -fopenmp
-falign-functions=64, uninstrumented and with the Sextant plugin, and runs
three variants round-robin (the order rotated each round): uninstrumented,
Sextant at its defaults, and Sextant with SEXTANT_SNAPSHOT=N (default 1).
Every run must print 'verification: PASSED'; a snapshot run must have
written at least one snapshot (checked with SEXTANT_VERBOSE=2's notes,
which every variant runs with).
Prints, per variant, the median wall and CPU seconds of the whole process
and their ratios to the uninstrumented build, then the median of the
per-round ratios snapshot / default (the figure docs/performance.md
quotes), and the median number of snapshots per run.

Usage: python3 benchmarks/snapshot_overhead.py [--build-dir build]
       [--runs 11] [--size 96] [--period 1] [--threads nproc]
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from overhead_harness import (BASE_FLAGS, MINIFE_SOURCES, Build,  # noqa: E402
                              HarnessError, clean_environment,
                              children_cpu_seconds, cpu_count)

ALIGNMENT = ["-falign-functions=64"]


def run(binary, arguments, env_extra, run_dir, threads):
    """One run in a fresh run_dir: (wall s, CPU s, snapshots written)."""
    shutil.rmtree(run_dir, ignore_errors=True)
    os.makedirs(run_dir)
    env = clean_environment()
    env.update({"OMP_NUM_THREADS": str(threads),
                "SEXTANT_OUTPUT_DIR": os.path.join(run_dir, "sextant"),
                # Both Sextant variants print the same notes (regions, and
                # the snapshots counted below).
                "SEXTANT_VERBOSE": "2"})
    env.update(env_extra)
    cpu_start = children_cpu_seconds()
    start = time.perf_counter()
    result = subprocess.run([binary] + arguments, cwd=run_dir, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    wall = time.perf_counter() - start
    cpu = children_cpu_seconds() - cpu_start
    if result.returncode != 0 or "verification: PASSED" not in result.stdout:
        raise HarnessError("%s failed (exit status %d):\n%s" % (
            binary, result.returncode, result.stderr[-2000:]))
    snapshots = result.stderr.count("sextant: snapshot at ")
    if env_extra and snapshots == 0:
        raise HarnessError("a run with %s wrote no snapshot: make the run "
                           "longer (--size) or the period shorter" % env_extra)
    shutil.rmtree(run_dir)
    return wall, cpu, snapshots


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build-dir", default=os.environ.get(
        "SEXTANT_BUILD_DIR", "build"), help="Sextant build tree (build/)")
    parser.add_argument("--runs", type=int, default=11,
                        help="rounds (default 11)")
    parser.add_argument("--size", type=int, default=96,
                        help="miniFE box of N x N x N elements (default 96)")
    parser.add_argument("--period", type=int, default=1,
                        help="SEXTANT_SNAPSHOT of the snapshot variant, in "
                             "seconds (default 1)")
    parser.add_argument("--threads", type=int, default=cpu_count(),
                        help="OpenMP threads (default nproc)")
    args = parser.parse_args(argv)
    build = os.path.abspath(args.build_dir)
    plugin = os.path.join(build, "plugin", "SextantPlugin.so")
    runtime_dir = os.path.join(build, "runtime")
    work = tempfile.mkdtemp(prefix="sextant-snapshot-overhead-")
    try:
        os.makedirs(os.path.join(work, "bin"))
        flags = BASE_FLAGS + ["-fopenmp"] + ALIGNMENT
        plain = Build("minife-plain", MINIFE_SOURCES, flags)
        instrumented = Build(
            "minife-sextant", MINIFE_SOURCES,
            flags + ["-fplugin=" + plugin, "-fpass-plugin=" + plugin],
            ["-L" + runtime_dir, "-Wl,-rpath," + runtime_dir, "-lsextant"])
        for each in (plain, instrumented):
            each.build(work, "clang++-19")
        size = str(args.size)
        arguments = ["-nx", size, "-ny", size, "-nz", size]
        variants = [("uninstrumented", plain.binary, {}),
                    ("Sextant, default", instrumented.binary, {}),
                    ("Sextant, SEXTANT_SNAPSHOT=%d" % args.period,
                     instrumented.binary,
                     {"SEXTANT_SNAPSHOT": str(args.period)})]
        results = {name: [] for name, _, _ in variants}
        for name, binary, extra in variants:  # warm-up, not counted
            run(binary, ["-nx", "4"], {}, os.path.join(work, "warm"),
                args.threads)
        for round_index in range(args.runs):
            shift = round_index % len(variants)
            for name, binary, extra in variants[shift:] + variants[:shift]:
                results[name].append(run(binary, arguments, extra,
                                         os.path.join(work, "run"),
                                         args.threads))
                print("round %d/%d %-32s wall %.3f s, CPU %.3f s" % (
                    round_index + 1, args.runs, name,
                    results[name][-1][0], results[name][-1][1]),
                    file=sys.stderr)
    except HarnessError as error:
        print("snapshot_overhead: error: %s" % error, file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(work, ignore_errors=True)

    base_wall = statistics.median(r[0] for r in results["uninstrumented"])
    base_cpu = statistics.median(r[1] for r in results["uninstrumented"])
    print("miniFE proxy %d^3, %d threads, %d rounds, -falign-functions=64"
          % (args.size, args.threads, args.runs))
    print("| variant | wall, median (s) | × | CPU, median (s) | × |")
    print("|---|---:|---:|---:|---:|")
    for name, _, _ in variants:
        wall = statistics.median(r[0] for r in results[name])
        cpu = statistics.median(r[1] for r in results[name])
        print("| %s | %.3f | %.3f | %.3f | %.3f |" % (
            name, wall, wall / base_wall, cpu, cpu / base_cpu))
    default, snapshot = results[variants[1][0]], results[variants[2][0]]
    wall_ratio = statistics.median(s[0] / d[0]
                                   for s, d in zip(snapshot, default))
    cpu_ratio = statistics.median(s[1] / d[1]
                                  for s, d in zip(snapshot, default))
    print("snapshot / default, median of the rounds' ratios: wall %.3f, "
          "CPU %.3f; snapshots per run, median: %d" % (
              wall_ratio, cpu_ratio,
              statistics.median(s[2] for s in snapshot)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
