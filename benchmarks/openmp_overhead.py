#!/usr/bin/env python3
"""benchmarks/openmp_overhead.py - what recording OpenMP costs, per level.

Builds benchmarks/openmp/OpenMPRegions.c with clang -fopenmp twice (no
plugin: only OpenMP events are measured): without Sextant (libomp runs
without a tool) and linked with libsextant. Runs, round-robin, RUNS times
each: no tool; a do-nothing OMPT tool (benchmarks/openmp/MinimalTool.c,
through OMP_TOOL_LIBRARIES: the callbacks of the basic level, each
returning at once, so what libomp spends because a tool is attached);
libsextant with SEXTANT_OPENMP=off, basic and full. Each run
prints the wall-clock and CPU time (all threads) of its region loop alone;
the table gives their medians, the ratios to the tool-less run, the OpenMP
events recorded (an enter and an exit per region visit, all threads, from
profile.json) and the CPU time per event, (CPU median - tool-less CPU
median) / events. CPU time, because the reference machine is shared; with
more than one thread it includes what waiting threads spend spinning in
libomp's barriers.

Usage: openmp_overhead.py --build-dir DIR [--runs N] [--threads N]
                          [--regions N] [--elements N] [--clang PATH]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def run(command, env=None):
    result = subprocess.run(command, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit("openmp_overhead: error: %s failed (%d):\n%s%s"
                 % (" ".join(command), result.returncode, result.stdout,
                    result.stderr))
    return result.stdout


def value_of(output, key):
    fields = output.split()
    return float(fields[fields.index(key) + 1])


def openmp_visits(directory):
    """Visits of OpenMP regions on all threads, from profile.json."""
    with open(os.path.join(directory, "profile.json")) as f:
        roots = json.load(f)
    total = 0
    stack = list(roots)
    while stack:
        node = stack.pop()
        if node["frame"]["name"].startswith("omp "):
            total += node["metrics"]["visits"]
        stack.extend(node["children"])
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", required=True,
                        help="a Sextant build tree (runtime/libsextant.so)")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--regions", type=int, default=20000)
    parser.add_argument("--elements", type=int, default=256)
    parser.add_argument("--clang", default="clang-19")
    args = parser.parse_args()
    runtime_dir = os.path.join(os.path.abspath(args.build_dir), "runtime")
    if not os.path.exists(os.path.join(runtime_dir, "libsextant.so")):
        sys.exit("openmp_overhead: error: no runtime/libsextant.so in '%s'"
                 % args.build_dir)
    work = tempfile.mkdtemp(prefix="sextant-openmp-bench-")
    source = os.path.join(HERE, "openmp", "OpenMPRegions.c")
    plain = os.path.join(work, "plain")
    linked = os.path.join(work, "sextant")
    run([args.clang, "-O2", "-g", "-fopenmp", source, "-o", plain])
    run([args.clang, "-O2", "-g", "-fopenmp", source, "-L" + runtime_dir,
         "-Wl,-rpath," + runtime_dir, "-lsextant", "-o", linked])
    minimal_tool = os.path.join(work, "libminimaltool.so")
    run([args.clang, "-O2", "-shared", "-fPIC",
         os.path.join(HERE, "openmp", "MinimalTool.c"), "-o", minimal_tool])

    base_env = {k: v for k, v in os.environ.items()
                if not k.startswith(("SEXTANT_", "OMP_", "KMP_"))}
    # OMP_TOOL_LIBRARIES is set only for the minimal tool's runs.
    base_env["OMP_NUM_THREADS"] = str(args.threads)
    base_env["SEXTANT_VERBOSE"] = "0"
    # (name, binary, SEXTANT_OPENMP level or None, OMPT tool library)
    variants = [("no tool (uninstrumented)", plain, None, None),
                ("minimal OMPT tool (returns at once)", plain, None,
                 minimal_tool),
                ("SEXTANT_OPENMP=off", linked, "off", None),
                ("SEXTANT_OPENMP=basic", linked, "basic", None),
                ("SEXTANT_OPENMP=full", linked, "full", None)]
    times = {variant[0]: [] for variant in variants}
    cpu = {variant[0]: [] for variant in variants}
    visits = {}
    for repetition in range(args.runs):
        for name, binary, level, tool in variants:
            env = dict(base_env)
            if tool:
                env["OMP_TOOL_LIBRARIES"] = tool
            directory = os.path.join(work, "run-%s-%d" % (level, repetition))
            if level:
                env["SEXTANT_OPENMP"] = level
                env["SEXTANT_OUTPUT_DIR"] = directory
            output = run([binary, str(args.regions), str(args.elements)], env)
            times[name].append(value_of(output, "seconds"))
            cpu[name].append(value_of(output, "cpu"))
            if level and name not in visits:
                visits[name] = openmp_visits(directory)

    base = statistics.median(times[variants[0][0]])
    base_cpu = statistics.median(cpu[variants[0][0]])
    print("OpenMPRegions %d regions x %d elements, %d thread(s), median of %d "
          "runs" % (args.regions, args.elements, args.threads, args.runs))
    print()
    print("| variant | wall s | wall ratio | CPU s | CPU ratio "
          "| OpenMP events recorded | CPU ns per event |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, _, level, _ in variants:
        median = statistics.median(times[name])
        median_cpu = statistics.median(cpu[name])
        events = 2 * visits.get(name, 0)
        per_event = ("%.0f" % ((median_cpu - base_cpu) / events * 1e9)
                     if events else "—")
        print("| %s | %.4f | %.3f | %.4f | %.3f | %s | %s |"
              % (name, median, median / base, median_cpu, median_cpu / base_cpu,
                 events if level else "—", per_event))
    return 0


if __name__ == "__main__":
    sys.exit(main())
