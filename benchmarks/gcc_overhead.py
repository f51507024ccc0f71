#!/usr/bin/env python3
"""What measuring GCC-compiled code through -finstrument-functions costs, next
to the plugin, on the miniFE proxy.

Builds benchmarks/miniFE/ (-std=c++17 -O2 -g -fopenmp) five ways (one
OpenMP thread by default, 32^3 elements): with g++,
uninstrumented, with -finstrument-functions linked to libsextant (every
function, and with the headers under /usr/include excluded by GCC's
-finstrument-functions-exclude-file-list), and with clang++-19,
uninstrumented and with Sextant's plugin. Runs them round-robin --runs
times (after one untimed, checked run of each on a tiny box) and reports
for each the wall-clock time of the whole process (median and fastest) and
its median CPU time, each with its ratio to the uninstrumented build of the
same compiler, the functions measured and the events (enters + exits in
profile.json) per second. Every run must print "verification: PASSED".

The table goes into docs/performance.md between <!-- gcc-overhead-begin -->
and <!-- gcc-overhead-end --> (or into --output FILE), and to standard
output. Uses the helpers of overhead_harness.py (overhead.sh).
"""

import argparse
import datetime
import json
import os
import platform
import shlex
import shutil
import statistics
import sys
import tempfile
import time

import overhead_harness as harness
from machine_info import cpu_model

BEGIN_MARKER = "<!-- gcc-overhead-begin -->"
END_MARKER = "<!-- gcc-overhead-end -->"


class CompilerBuild(harness.Build):
    """A build with its own compiler (the harness builds with one)."""

    def __init__(self, compiler, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.compiler = compiler

    def command(self, cxx):
        return super().command(self.compiler)


def measured_regions(run_dir):
    """Regions that recorded at least one visit (profile.json)."""
    names = set()

    def walk(nodes):
        for node in nodes:
            if node["frame"].get("type") == "function":
                names.add(node["attributes"].get("region_id"))
            walk(node["children"])

    with open(os.path.join(run_dir, "sextant", "profile.json")) as f:
        walk(json.load(f))
    return len(names)


def make_variants(args, tools, work):
    runtime_dir = tools["runtime_dir"]
    plugin = tools["plugin"]
    openmp = harness.BASE_FLAGS + ["-fopenmp"]
    link_sextant = ["-L" + runtime_dir, "-Wl,-rpath," + runtime_dir,
                    "-lsextant"]
    cyg = ["-finstrument-functions"]
    sources = harness.MINIFE_SOURCES
    os.makedirs(os.path.join(work, "bin"), exist_ok=True)
    gcc_plain = CompilerBuild(args.gxx, "gcc-plain", sources, openmp)
    gcc_cyg = CompilerBuild(args.gxx, "gcc-cyg", sources, openmp + cyg,
                            link_sextant)
    gcc_cyg_headers = CompilerBuild(
        args.gxx, "gcc-cyg-no-headers", sources,
        openmp + cyg + ["-finstrument-functions-exclude-file-list=/usr/include"],
        link_sextant)
    clang_plain = CompilerBuild(args.cxx, "clang-plain", sources, openmp)
    clang_plugin = CompilerBuild(
        args.cxx, "clang-plugin", sources,
        openmp + ["-fplugin=" + plugin, "-fpass-plugin=" + plugin],
        link_sextant, sextant_list=True)
    builds = [gcc_plain, gcc_cyg, gcc_cyg_headers, clang_plain, clang_plugin]
    harness.log("building %d variants of the miniFE proxy" % len(builds))
    harness.build_all(builds, work, args.cxx, args.jobs)
    clang_plugin.instrumented = harness.count_sextant_list(
        clang_plugin.list_file)
    Variant = harness.Variant
    events = harness.sextant_events
    return [
        Variant("gcc-plain", "g++, uninstrumented", gcc_plain),
        Variant("gcc-cyg", "g++ `-finstrument-functions` + libsextant "
                "(throttling on)", gcc_cyg, events=events),
        Variant("gcc-cyg-throttle-off", "the same, `SEXTANT_THROTTLE=off`",
                gcc_cyg, env={"SEXTANT_THROTTLE": "off"}, events=events),
        Variant("gcc-cyg-no-headers", "g++ `-finstrument-functions`, "
                "`-finstrument-functions-exclude-file-list=/usr/include` + "
                "libsextant", gcc_cyg_headers, events=events),
        Variant("clang-plain", "clang++, uninstrumented", clang_plain),
        Variant("clang-plugin", "clang++ with Sextant's plugin (default)",
                clang_plugin, events=events),
    ]


def report(args, machine, variants):
    lines = []
    add = lines.append
    add(harness.describe_machine(machine))
    add("")
    add("Command: `%s` (%s, %s)" % (machine["command"], machine["gxx"],
                                   machine["cxx"]))
    add("")
    add("miniFE proxy: %d × %d × %d elements, %d OpenMP threads, %d runs per "
        "variant, round-robin. Wall: wall-clock time of the whole process, "
        "median and fastest run; CPU: median user + system time. Ratios are "
        "to the uninstrumented build of the same compiler. Regions: "
        "functions with at least one recorded visit (in one run). Events: "
        "enters and exits in profile.json per second of the median wall "
        "time." % (args.size, args.size, args.size, args.threads, args.runs))
    add("")
    add("| variant | regions | wall, median (s) | wall, fastest (s) | "
        "CPU, median (s) | events/s |")
    add("|---|---:|---:|---:|---:|---:|")
    base = None
    for variant in variants:
        if variant.key.endswith("plain"):
            base = variant
        median = variant.median()
        events = statistics.median(variant.event_counts)
        add("| %s | %s | %.3f (%.2f×) | %.3f (%.2f×) | %.3f (%.2f×) | %s |" % (
            variant.label, variant.regions if variant.regions else "–",
            median, median / base.median(), min(variant.times),
            min(variant.times) / min(base.times), variant.median_cpu(),
            variant.median_cpu() / base.median_cpu(),
            harness.format_rate(events, median)))
    return "\n".join(lines) + "\n"


def write_docs(section):
    with open(harness.DOCS_FILE) as f:
        text = f.read()
    begin = text.find(BEGIN_MARKER)
    end = text.find(END_MARKER)
    if begin < 0 or end < begin:
        raise harness.HarnessError(
            "%s lacks the lines %s and %s; add them, or use --output FILE" % (
                harness.DOCS_FILE, BEGIN_MARKER, END_MARKER))
    text = text[:begin + len(BEGIN_MARKER)] + "\n" + section + text[end:]
    temporary = harness.DOCS_FILE + ".tmp-%d" % os.getpid()
    with open(temporary, "w") as f:
        f.write(text)
    os.replace(temporary, harness.DOCS_FILE)


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        prog="gcc_overhead.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5,
                        help="runs per variant (default 5)")
    parser.add_argument("--size", type=int, default=32,
                        help="miniFE box of N x N x N elements (default 32)")
    parser.add_argument("--threads", type=int, default=1,
                        help="OpenMP threads (default 1: GCC's libgomp and "
                             "LLVM's libomp wait differently on busy cores, "
                             "which is not what is compared)")
    parser.add_argument("--output", metavar="FILE",
                        help="write the table to FILE instead of "
                             "docs/performance.md")
    parser.add_argument("--build-dir", metavar="DIR",
                        default=os.environ.get("SEXTANT_BUILD_DIR", os.path.join(
                            harness.SOURCE_DIR, "build")),
                        help="Sextant build tree (default: $SEXTANT_BUILD_DIR "
                             "or build/)")
    parser.add_argument("--jobs", type=int, default=harness.cpu_count(),
                        help="parallel compilations (default: nproc)")
    parser.add_argument("--cxx", default="clang++-19",
                        help="clang's C++ compiler (default clang++-19)")
    parser.add_argument("--gxx", default="g++",
                        help="GCC's C++ compiler (default g++)")
    args = parser.parse_args(argv)
    for name in ("runs", "size", "threads", "jobs"):
        if getattr(args, name) < 1:
            parser.error("--%s must be at least 1" % name)
    return args


def main(argv):
    args = parse_arguments(argv)
    started = time.time()
    try:
        args.quick = False
        tools = harness.locate_tools(args)
        if not shutil.which(args.gxx):
            raise harness.HarnessError("the compiler %s was not found"
                                       % args.gxx)
        machine = {
            "date": datetime.datetime.now(datetime.timezone.utc).strftime(
                "%Y-%m-%d %H:%M UTC"),
            "host": platform.node(), "nproc": harness.cpu_count(),
            "cpu": cpu_model(), "kernel": platform.release(),
            "load_before": os.getloadavg()[0],
            "command": shlex.join(["python3", "benchmarks/gcc_overhead.py"]
                                  + argv),
            "gxx": harness.run_command([args.gxx, "--version"],
                                       "g++ --version").splitlines()[0],
            "cxx": harness.run_command([args.cxx, "--version"],
                                       "clang++ --version").splitlines()[0],
        }
        work = tempfile.mkdtemp(prefix="sextant-gcc-overhead-")
        try:
            variants = make_variants(args, tools, work)
            harness.log("warming up: every variant once on a 4 x 4 x 4 box")
            harness.warm_up(variants, ["-nx", "4"], work, args.threads,
                            "verification: PASSED")
            for variant in variants:
                variant.regions = 0
                if variant.events is harness.sextant_events:
                    run_dir = os.path.join(work, "runs", variant.key + "-count")
                    os.makedirs(run_dir)
                    harness.run_once([variant.build.binary]
                                     + harness.minife_arguments(args),
                                     variant.env, run_dir, args.threads,
                                     "verification: PASSED")
                    variant.regions = measured_regions(run_dir)
                    shutil.rmtree(run_dir)
            harness.run_round_robin(
                variants, lambda v: [v.build.binary]
                + harness.minife_arguments(args), args.runs, work,
                args.threads, "verification: PASSED",
                lambda seconds, stdout: seconds, "miniFE")
        finally:
            shutil.rmtree(work, ignore_errors=True)
        machine["load_after"] = os.getloadavg()[0]
        section = report(args, machine, variants)
        print(section)
        if args.output:
            with open(args.output, "w") as f:
                f.write(section)
        else:
            write_docs(section)
    except harness.HarnessError as error:
        print("gcc_overhead: error: %s" % error, file=sys.stderr)
        return 1
    harness.log("done in %.0f s" % (time.time() - started))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
