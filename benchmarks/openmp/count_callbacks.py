#!/usr/bin/env python3
"""Count the instructions of Sextant's OMPT callbacks with callgrind.

Usage: count_callbacks.py --build-dir DIR [--runtime DIR]
                          [--program LoopParallel|OpenMPRegions]
                          [--regions SMALL,LARGE] [--elements N]
                          [--threads N] [--clang PATH] [--cache-misses]

Builds benchmarks/openmp/LoopParallel.c (many short `#pragma omp parallel
for` regions), or with --program OpenMPRegions the program of
benchmarks/openmp_overhead.py (OpenMPRegions.c: per region two loops, a
single, barriers, tasks and a critical section, whose callbacks at the
basic level are those of the loops, the single and the barriers), with
clang -O2 -fopenmp (no plugin: only OpenMP events) twice,
without Sextant and linked with libsextant, and the do-nothing OMPT tool
benchmarks/openmp/MinimalTool.c, then runs the program under valgrind
--tool=callgrind in five variants:

  no tool          the program without libsextant (libomp has no tool);
  sextant off      linked with libsextant, SEXTANT_OPENMP=off;
  minimal tool     the program without libsextant, OMP_TOOL_LIBRARIES=the
                   minimal tool (the same callbacks as Sextant's basic
                   level, each returning at once);
  record tool      the minimal tool with MINIMAL_TOOL_RECORD=1: each
                   callback reads the clock once and appends its event to
                   a per-thread buffer (the floor of a tool that defers
                   all other work to a later pass);
  sextant default  linked with libsextant, default settings
                   (SEXTANT_OPENMP=basic, SEXTANT_THROTTLE as set in the
                   environment, default on).

A sixth variant, "sextant clock reads", is the default one with
SEXTANT_CLOCK=monotonic: every clock read of the runtime is then a call
of clock_gettime (valgrind counts no RDTSC), and the calls made from
Sextant's functions are its clock reads (differenced per region like the
instructions below); its instructions per region include those calls.

Each variant runs with a small and a large number of regions; the
instructions per parallel region (all threads, libomp included) are

    (total(large) - total(small)) / (regions(large) - regions(small))

so the start-up, the first visits (registering and naming the regions) and
the end cancel out. Per callback kind (Sextant's on* functions, and the
minimal tool's), the instructions per call are callgrind's inclusive count
of the function over its calls, differenced the same way. Instruction
counts do not depend on the machine's load; libomp's waiting does a little
(OMP_WAIT_POLICY=passive and KMP_BLOCKTIME=0 keep the threads from
spinning under valgrind, which runs one thread at a time): per-region
figures vary by a few tens of instructions between runs.

--cache-misses runs the two tools and Sextant's default once more each
with callgrind's cache simulation (--cache-sim=yes: a first level of
instruction and data caches and a last level, sized like this machine's)
and prints, per parallel region (differenced the same way), the cache lines
the callbacks and the whole program miss. Where each region's loops sweep
more data than the first-level caches hold (LoopParallel with --elements
98304, benchmarks/overhead.sh's size: 384 KiB per thread), every region's
callbacks start with their code and data evicted from the first level, and
their misses cost as much as their instructions.

valgrind 3.19 cannot read the DWARF 5 debug information of clang 19, so
the runtime is run from a copy without it (objcopy --strip-debug); the
program and the tool are built without -g. --runtime DIR counts with the
libsextant.so in DIR (the runtime/ directory of another build) instead of
DIR/runtime of --build-dir.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "micro"))
from count_instructions import stripped_runtime  # noqa: E402

# Sextant's OMPT callbacks (runtime/openmp) and the minimal tool's.
CALLBACKS = ["onThreadEnd", "onParallelBegin", "onParallelEnd",
             "onImplicitTask", "onWork", "onSyncRegion"]
VARIANTS = ["no tool", "sextant off", "minimal tool", "record tool",
            "sextant default", "sextant clock reads"]
# The runtime's clock reads with SEXTANT_CLOCK=monotonic.
CLOCK_READ = "clock_gettime"


def run(command, env=None):
    """The standard output of command; exits with its output on failure."""
    try:
        return subprocess.run(command, env=env, check=True,
                              capture_output=True, text=True).stdout
    except subprocess.CalledProcessError as failed:
        sys.exit("count_callbacks: error: %s failed (%d):\n%s%s"
                 % (" ".join(command), failed.returncode, failed.stdout,
                    failed.stderr))


def callback_of(name):
    """The callback kind a callgrind function name stands for, or None: the
    record tool's callbacks are named record* where the others are on*."""
    for callback in CALLBACKS:
        recorded = "record" + callback[len("on"):]
        if re.search(r"(^|::)(%s|%s)(\(|$)" % (callback, recorded), name):
            return callback
    return None


def is_clock_read(name):
    """True when a callgrind function name is clock_gettime's."""
    return re.match(r"_*clock_gettime(64)?(@|\s|'|$)", name) is not None


def parse_callgrind(path, event="Ir"):
    """(total of event, {callback: [calls, inclusive count of event]});
    counts[CLOCK_READ] holds the calls of clock_gettime made from Sextant's
    functions. event is one of the file's events (Ir, or with
    --cache-sim=yes also I1mr, D1mr, D1mw, ILmr, DLmr, DLmw)."""
    names = {}
    caller = ""
    callee = None
    pending = None
    total = None
    column = 0
    counts = {}
    with open(path) as f:
        for line in f:
            if pending is not None:
                fields = line.split()
                if callee is not None and len(fields) >= 2:
                    entry = counts.setdefault(callee, [0, 0])
                    entry[0] += pending
                    # Trailing zero counts may be left out.
                    if len(fields) > column + 1:
                        entry[1] += int(fields[column + 1])
                pending = None
                continue
            if line.startswith("events:"):
                events = line.split()[1:]
                if event not in events:
                    sys.exit("count_callbacks: error: no event %s in %s"
                             % (event, path))
                column = events.index(event)
            if line.startswith("cfn="):
                match = re.match(r"cfn=\((\d+)\)(?: (.*))?", line.rstrip("\n"))
                if match:
                    if match.group(2) is not None:
                        names[match.group(1)] = match.group(2)
                    name = names.get(match.group(1), "")
                else:
                    name = line[4:].strip()
                callee = callback_of(name)
                if callee is None and "sextant::" in caller and \
                        is_clock_read(name):
                    callee = CLOCK_READ
            elif line.startswith("fn="):
                match = re.match(r"fn=\((\d+)\)(?: (.*))?", line.rstrip("\n"))
                if match:
                    if match.group(2) is not None:
                        names[match.group(1)] = match.group(2)
                    caller = names.get(match.group(1), "")
            elif line.startswith("calls="):
                pending = int(line[6:].split()[0])
            elif line.startswith("totals:") or line.startswith("summary:"):
                fields = line.split()[1:]
                total = int(fields[column]) if len(fields) > column else 0
    if total is None:
        sys.exit("count_callbacks: error: no totals in %s" % path)
    return total, counts


def build(args, work, runtime_dir):
    """{variant: (command prefix, environment)}."""
    source = os.path.join(HERE, args.program + ".c")
    plain = os.path.join(work, args.program + "-plain")
    linked = os.path.join(work, args.program + "-sextant")
    tool = os.path.join(work, "libminimaltool.so")
    libdir = stripped_runtime(
        os.path.realpath(os.path.join(runtime_dir, "libsextant.so")),
        os.path.join(work, "lib"))
    run([args.clang, "-O2", "-fopenmp", source, "-o", plain])
    run([args.clang, "-O2", "-fopenmp", source, "-L" + libdir,
         "-Wl,--no-as-needed", "-lsextant", "-o", linked])
    run([args.clang, "-O2", "-shared", "-fPIC",
         os.path.join(HERE, "MinimalTool.c"), "-o", tool])
    env = dict(os.environ)
    for name in list(env):
        if name.startswith("SEXTANT_") and name != "SEXTANT_THROTTLE":
            del env[name]
    env.pop("OMP_TOOL_LIBRARIES", None)
    env.update({"OMP_NUM_THREADS": str(args.threads),
                "OMP_WAIT_POLICY": "passive", "KMP_BLOCKTIME": "0",
                "SEXTANT_VERBOSE": "0",
                "SEXTANT_OUTPUT_DIR": os.path.join(work, "out"),
                "LD_LIBRARY_PATH": libdir})
    off = dict(env, SEXTANT_OPENMP="off")
    minimal = dict(env, OMP_TOOL_LIBRARIES=tool)
    record = dict(minimal, MINIMAL_TOOL_RECORD="1")
    monotonic = dict(env, SEXTANT_CLOCK="monotonic")
    return {"no tool": (plain, env), "sextant off": (linked, off),
            "minimal tool": (plain, minimal),
            "record tool": (plain, record),
            "sextant default": (linked, env),
            "sextant clock reads": (linked, monotonic)}


def run_callgrind(program, env, regions, args, out, cache_sim=False):
    shutil.rmtree(env["SEXTANT_OUTPUT_DIR"], ignore_errors=True)
    run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out]
        + (["--cache-sim=yes"] if cache_sim else [])
        + [program, str(regions), str(args.elements)], env=env)


def measure(program, env, regions, args, out):
    run_callgrind(program, env, regions, args, out)
    return parse_callgrind(out)


# The cache misses --cache-sim reports: (heading, callgrind's events).
MISSES = [("instruction lines missed in L1", ["I1mr"]),
          ("data lines missed in L1", ["D1mr", "D1mw"]),
          ("lines missed in the last level", ["ILmr", "DLmr", "DLmw"])]
# The variants --cache-misses runs again with the cache simulation.
CACHE_VARIANTS = ["minimal tool", "record tool", "sextant default"]


def cache_descriptions(path):
    """callgrind's description of the simulated caches ("I1 cache: ...")."""
    with open(path) as f:
        return [line[len("desc: "):].strip() for line in f
                if line.startswith("desc: ") and "cache:" in line]


def measure_misses(variants, small, large, args, work):
    """{(variant, where): misses per region for each of MISSES}, where is
    "callbacks" (Sextant's or the tool's, inclusive) or "program";
    and the simulated caches."""
    misses = {}
    caches = []
    for variant in CACHE_VARIANTS:
        program, env = variants[variant]
        tag = variant.replace(" ", "-")
        program_misses = [0.0] * len(MISSES)
        callback_misses = [0.0] * len(MISSES)
        for regions, sign in ((large, 1), (small, -1)):
            out = os.path.join(work, "%s-%d.cache.cg" % (tag, regions))
            run_callgrind(program, env, regions, args, out, cache_sim=True)
            if regions == large:
                caches = cache_descriptions(out)
            for index, (_, events) in enumerate(MISSES):
                for event in events:
                    total, calls = parse_callgrind(out, event)
                    program_misses[index] += sign * total
                    callback_misses[index] += sign * sum(
                        calls.get(callback, (0, 0))[1]
                        for callback in CALLBACKS)
        misses[(variant, "program")] = [
            count / (large - small) for count in program_misses]
        misses[(variant, "callbacks")] = [
            count / (large - small) for count in callback_misses]
    return misses, caches


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", required=True,
                        help="a Sextant build tree (runtime/libsextant.so)")
    parser.add_argument("--runtime",
                        help="the directory of the libsextant.so to count "
                        "(default: BUILD_DIR/runtime)")
    parser.add_argument("--regions", default="1000,5000",
                        help="small and large region counts")
    parser.add_argument("--program", default="LoopParallel",
                        choices=["LoopParallel", "OpenMPRegions"],
                        help="the program counted (default LoopParallel)")
    parser.add_argument("--elements", type=int,
                        help="elements per loop (default 64 for "
                        "LoopParallel, 256 for OpenMPRegions)")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--clang", default="clang-19")
    parser.add_argument("--cache-misses", action="store_true",
                        help="also simulate the caches (callgrind "
                        "--cache-sim=yes) for the two tools and Sextant's "
                        "default, and print the lines each misses per region")
    args = parser.parse_args()
    if args.elements is None:
        args.elements = 64 if args.program == "LoopParallel" else 256
    small, large = (int(n) for n in args.regions.split(","))
    if not shutil.which("valgrind"):
        sys.exit("count_callbacks: error: valgrind not found (apt-get "
                 "install valgrind)")
    runtime_dir = os.path.abspath(
        args.runtime or os.path.join(args.build_dir, "runtime"))
    if not os.path.exists(os.path.join(runtime_dir, "libsextant.so")):
        sys.exit("count_callbacks: error: no libsextant.so in '%s'"
                 % runtime_dir)
    work = tempfile.mkdtemp(prefix="sextant-count-callbacks-")
    try:
        variants = build(args, work, runtime_dir)
        per_region = {}
        per_callback = {}
        for variant in VARIANTS:
            program, env = variants[variant]
            tag = variant.replace(" ", "-")
            total_s, calls_s = measure(program, env, small, args,
                                       os.path.join(work, tag + "-s.cg"))
            total_l, calls_l = measure(program, env, large, args,
                                       os.path.join(work, tag + "-l.cg"))
            per_region[variant] = (total_l - total_s) / (large - small)
            for callback in CALLBACKS + [CLOCK_READ]:
                c_s, i_s = calls_s.get(callback, (0, 0))
                c_l, i_l = calls_l.get(callback, (0, 0))
                if c_l > c_s:
                    per_callback[(variant, callback)] = (
                        (c_l - c_s) / (large - small), (i_l - i_s) / (c_l - c_s))
        if args.cache_misses:
            misses, caches = measure_misses(variants, small, large, args, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print("%s.c, %d threads, %d elements per loop; %d - %d regions"
          % (args.program, args.threads, args.elements, large, small))
    print()
    print("| variant | instructions per parallel region | over no tool |")
    print("|---|---:|---:|")
    for variant in VARIANTS:
        print("| %s | %.0f | %+.0f |" % (variant, per_region[variant],
                                        per_region[variant]
                                        - per_region["no tool"]))
    print()
    print("| callback | calls per region | minimal tool: instructions per "
          "call | record tool: instructions per call | Sextant default: "
          "instructions per call | Sextant, SEXTANT_CLOCK=monotonic: "
          "instructions per call |")
    print("|---|---:|---:|---:|---:|---:|")
    sums = {"record tool": 0, "sextant default": 0, "sextant clock reads": 0}
    for callback in CALLBACKS:
        minimal = per_callback.get(("minimal tool", callback))
        record = per_callback.get(("record tool", callback))
        sextant = per_callback.get(("sextant default", callback))
        monotonic = per_callback.get(("sextant clock reads", callback))
        calls = (sextant or minimal or (0, 0))[0]
        for variant in sums:
            counted = per_callback.get((variant, callback))
            if counted:
                sums[variant] += counted[0] * counted[1]
        print("| %s | %.2f | %s | %s | %s | %s |"
              % (callback, calls, "%.0f" % minimal[1] if minimal else "—",
                 "%.0f" % record[1] if record else "—",
                 "%.0f" % sextant[1] if sextant else "—",
                 "%.0f" % monotonic[1] if monotonic else "—"))
    print("| all, per region | | | %.0f | %.0f | %.0f |"
          % (sums["record tool"], sums["sextant default"],
             sums["sextant clock reads"]))
    print()
    reads = per_callback.get(("sextant clock reads", CLOCK_READ), (0, 0))[0]
    print("Sextant's clock reads per parallel region (SEXTANT_CLOCK="
          "monotonic: its calls of clock_gettime): %.2f" % reads)
    if args.cache_misses:
        print()
        print("Cache lines missed per parallel region (callgrind --cache-sim="
              "yes; %s):" % "; ".join(caches))
        print()
        print("| variant | where | %s |" % " | ".join(
            heading for heading, _ in MISSES))
        print("|---|---|%s" % ("---:|" * len(MISSES)))
        for variant in CACHE_VARIANTS:
            for where in ("callbacks", "program"):
                print("| %s | %s | %s |" % (
                    variant, "its callbacks" if where == "callbacks"
                    else "whole program",
                    " | ".join("%.1f" % count
                               for count in misses[(variant, where)])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
