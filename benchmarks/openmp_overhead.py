#!/usr/bin/env python3
"""benchmarks/openmp_overhead.py - what recording OpenMP costs, per level.

Builds benchmarks/openmp/OpenMPRegions.c with clang -fopenmp twice (no
plugin: only OpenMP events are measured): without Sextant (libomp runs
without a tool) and linked with libsextant. Runs, round-robin, RUNS times
each: no tool; a do-nothing OMPT tool (benchmarks/openmp/MinimalTool.c,
through OMP_TOOL_LIBRARIES: the callbacks of the basic level, each
returning at once, so what libomp spends because a tool is attached);
the same tool reading the clock N times in each callback, for each N of
--clock-tool-reads (MINIMAL_TOOL_CLOCK_READS; N=1 is the cheapest tool
that timestamps its events); the same tool appending each event (one
clock read, its kind and address) to a per-thread buffer
(MINIMAL_TOOL_RECORD=1: the floor of a tool that defers all other work to
a later pass); libsextant with SEXTANT_OPENMP=off, basic and full. Each
run prints the wall-clock and CPU time (all threads) of its region loop
alone; the table gives their medians (or, with --statistic min, their minima:
the virtual machine's speed changes over minutes, and the fastest run of
each variant is the one least slowed down), the ratios to the tool-less
run, the OpenMP events recorded (an enter and an exit per region visit,
all threads, from profile.json) and the CPU time per event, (CPU -
tool-less CPU) / events, and the CPU time per OMPT callback over the
minimal tool, (CPU - minimal tool's CPU) / callbacks, for the tools
and Sextant's basic level, which register the same callbacks (counted in
one untimed run of the minimal tool: MINIMAL_TOOL_COUNT_FILE). Issue 17's
budget per callback (one clock read + 5 ns) compares Sextant's figure with
the one-read tool's. CPU time, because the reference machine is shared; with
more than one thread it includes what waiting threads spend spinning in
libomp's barriers.

Usage: openmp_overhead.py --build-dir DIR [--runs N] [--threads N]
                          [--regions N] [--elements N] [--clang PATH]
                          [--clock-tool-reads N[,N...]]
                          [--statistic median|min]
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
        known = ""
        if "kmp_dispatch.cpp" in result.stderr:
            known = ("openmp_overhead: note: this is libomp's own race in "
                     "its loop dispatcher (llvm/llvm-project#86995, "
                     "#132164; docs/user-guide.md, Limits), which the "
                     "program's dynamic loop can hit with or without a "
                     "tool: run the benchmark again\n")
        sys.exit("openmp_overhead: error: %s failed (%d):\n%s%s%s"
                 % (" ".join(command), result.returncode, result.stdout,
                    result.stderr, known))
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
    parser.add_argument("--clock-tool-reads", default="1",
                        help="comma-separated clock reads per callback of "
                        "the minimal tool's timestamping variants (default "
                        "1; empty: none)")
    parser.add_argument("--statistic", default="median",
                        choices=["median", "min"],
                        help="the statistic of each variant's runs "
                        "(default median)")
    args = parser.parse_args()
    statistic = statistics.median if args.statistic == "median" else min
    try:
        clock_reads = [int(n) for n in args.clock_tool_reads.split(",") if n]
    except ValueError:
        parser.error("--clock-tool-reads: not a list of numbers: '%s'"
                     % args.clock_tool_reads)
    if any(n < 1 for n in clock_reads):
        parser.error("--clock-tool-reads: each number must be at least 1")
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
    # The callbacks of the basic level's set, counted once, untimed.
    count_file = os.path.join(work, "callbacks")
    run([plain, str(args.regions), str(args.elements)],
        dict(base_env, OMP_TOOL_LIBRARIES=minimal_tool,
             MINIMAL_TOOL_COUNT_FILE=count_file))
    with open(count_file) as f:
        callbacks = int(f.read().split()[1])
    # (name, binary, SEXTANT_OPENMP level or None, OMPT tool library,
    #  the tool's environment)
    minimal = "minimal OMPT tool (returns at once)"
    variants = [("no tool (uninstrumented)", plain, None, None, {}),
                (minimal, plain, None, minimal_tool, {})]
    variants += [("minimal tool reading the clock %d× per callback" % n,
                  plain, None, minimal_tool,
                  {"MINIMAL_TOOL_CLOCK_READS": str(n)}) for n in clock_reads]
    variants += [("minimal tool recording each event in a buffer", plain,
                  None, minimal_tool, {"MINIMAL_TOOL_RECORD": "1"})]
    variants += [("SEXTANT_OPENMP=off", linked, "off", None, {}),
                 ("SEXTANT_OPENMP=basic", linked, "basic", None, {}),
                 ("SEXTANT_OPENMP=full", linked, "full", None, {})]
    times = {variant[0]: [] for variant in variants}
    cpu = {variant[0]: [] for variant in variants}
    visits = {}
    for repetition in range(args.runs):
        for name, binary, level, tool, tool_env in variants:
            env = dict(base_env)
            if tool:
                env["OMP_TOOL_LIBRARIES"] = tool
                env.update(tool_env)
            directory = os.path.join(work, "run-%s-%d" % (level, repetition))
            if level:
                env["SEXTANT_OPENMP"] = level
                env["SEXTANT_OUTPUT_DIR"] = directory
            output = run([binary, str(args.regions), str(args.elements)], env)
            times[name].append(value_of(output, "seconds"))
            cpu[name].append(value_of(output, "cpu"))
            if level and name not in visits:
                visits[name] = openmp_visits(directory)

    base_wall = statistic(times[variants[0][0]])
    base_cpu = statistic(cpu[variants[0][0]])
    minimal_cpu = statistic(cpu[minimal])
    print("OpenMPRegions %d regions x %d elements, %d thread(s), %s of %d "
          "runs, %d OMPT callbacks of the basic level's set"
          % (args.regions, args.elements, args.threads,
             "median" if args.statistic == "median" else "minimum",
             args.runs, callbacks))
    print()
    print("| variant | wall s | wall ratio | CPU s | CPU ratio "
          "| OpenMP events recorded | CPU ns per event "
          "| CPU ns per callback over the minimal tool |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, _, level, tool, tool_env in variants:
        wall = statistic(times[name])
        cpu_time = statistic(cpu[name])
        events = 2 * visits.get(name, 0)
        per_event = ("%.0f" % ((cpu_time - base_cpu) / events * 1e9)
                     if events else "—")
        per_callback = ("%.1f" % ((cpu_time - minimal_cpu) / callbacks * 1e9)
                        if level == "basic" or tool_env else "—")
        print("| %s | %.4f | %.3f | %.4f | %.3f | %s | %s | %s |"
              % (name, wall, wall / base_wall, cpu_time, cpu_time / base_cpu,
                 events if level else "—", per_event, per_callback))
    return 0


if __name__ == "__main__":
    sys.exit(main())
