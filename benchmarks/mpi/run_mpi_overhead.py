#!/usr/bin/env python3
"""Run Sextant's MPI call benchmark and print the table of docs/performance.md.

Usage: run_mpi_overhead.py BENCHMARK [--repetitions N] [--min-time SECONDS]

BENCHMARK is sextant_mpi_call_benchmark (MpiCallBenchmark.cpp). It is run
once, as a single MPI process, with its experiment directory in a temporary
directory (removed afterwards) and SEXTANT_THROTTLE=off (so that the MPI
regions stay armed however often they are called: the worst case). Every case
runs --repetitions times; the table shows the median CPU time per iteration
in nanoseconds of the PMPI call (no wrapper) and of the wrapped call, their
difference (the adapter's cost) and their ratio.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from machine_info import cpu_model  # noqa: E402  (benchmarks/machine_info.py)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("benchmark")
    parser.add_argument("--repetitions", type=int, default=7)
    parser.add_argument("--min-time", type=float, default=0.2)
    args = parser.parse_args()

    scratch = tempfile.mkdtemp(prefix="sextant-mpi-bench-")
    try:
        env = dict(os.environ)
        env["SEXTANT_OUTPUT_DIR"] = os.path.join(scratch, "experiment")
        env["SEXTANT_THROTTLE"] = "off"
        env["SEXTANT_VERBOSE"] = "0"
        command = [args.benchmark,
                   "--benchmark_repetitions=%d" % args.repetitions,
                   "--benchmark_min_time=%g" % args.min_time,
                   "--benchmark_report_aggregates_only=false",
                   "--benchmark_format=json"]
        result = subprocess.run(command, env=env, stdout=subprocess.PIPE,
                                check=True, text=True)
        data = json.loads(result.stdout)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    times = {}
    for b in data["benchmarks"]:
        if b.get("run_type") != "iteration":
            continue
        unit = {"ns": 1.0, "us": 1e3, "ms": 1e6}[b["time_unit"]]
        times.setdefault(b["run_name"], []).append(b["cpu_time"] * unit)
    cases = [("CommRank", "MPI_Comm_rank"),
             ("SelfSendRecv", "MPI_Sendrecv, 0 bytes to itself"),
             ("SelfIsendIrecvWaitall",
              "MPI_Irecv + MPI_Isend + MPI_Waitall, 0 bytes to itself")]
    print("CPU: %s; %d repetitions, median CPU ns per iteration" %
          (cpu_model(), args.repetitions))
    print()
    print("| case | PMPI (ns) | wrapped (ns) | wrapper cost (ns) | ratio |")
    print("|---|---:|---:|---:|---:|")
    for key, label in cases:
        plain = statistics.median(times[key + "_PMPI"])
        wrapped = statistics.median(times[key + "_Wrapped"])
        print("| %s | %.1f | %.1f | %.1f | %.2f |" %
              (label, plain, wrapped, wrapped - plain, wrapped / plain))
    return 0


if __name__ == "__main__":
    sys.exit(main())
