#!/usr/bin/env python3
"""The overhead comparison of Sextant on the miniFE proxy (run it through
benchmarks/overhead.sh).

Builds benchmarks/miniFE/ with clang++-19 -O2 -g -fopenmp in every variant
below, checks that each computes the right answer, runs the variants
round-robin --runs times, and reports for each the wall-clock time of the
whole process (median and fastest run) and its CPU time (median), each with
its ratio to the uninstrumented build, the number of instrumented functions
and the events (function enters + exits) the tool recorded per second, next
to the ratios of the Score-P plug-in paper. Then
the dormant-region benchmark (benchmarks/dormant/): 500,000 region pairs
around the inner loop of a matrix multiply, measurement disabled and
enabled, against the kernel without regions. Then the loop-parallel
benchmark (benchmarks/openmp/LoopParallel.c, -O3 -fopenmp): 40,000 short
`parallel for` loops, uninstrumented, linked with libsextant only (the
OpenMP tool records the constructs), Sextant with and without OpenMP,
XRay's profiling mode, and two OMPT tools for reference
(benchmarks/openmp/MinimalTool.c): one that does nothing and one that
appends each event to a per-thread buffer.

The table goes into docs/performance.md between the lines
<!-- minife-overhead-begin --> and <!-- minife-overhead-end --> (or into
--output FILE), and to standard output. --quick (tiny sizes, one run) and
--no-timing-table are for CI: every variant is built, run and checked, no
timing is judged.
"""

import argparse
import concurrent.futures
import datetime
import json
import os
import platform
import re
import resource
import shlex
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time

from machine_info import cpu_model

SOURCE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCHMARKS_DIR = os.path.join(SOURCE_DIR, "benchmarks")
MINIFE_SOURCES = [os.path.join(BENCHMARKS_DIR, "miniFE", name)
                  for name in ("Main.cpp", "CommandLine.cpp")]
HOOKS_SOURCE = os.path.join(BENCHMARKS_DIR, "cyg_profile_hooks",
                            "FlatProfiler.cpp")
XRAY_SESSION_SOURCE = os.path.join(BENCHMARKS_DIR, "xray_session",
                                   "ProfilingMode.cpp")
DORMANT_SOURCE = os.path.join(BENCHMARKS_DIR, "dormant", "DormantRegions.cpp")
LOOP_SOURCE = os.path.join(BENCHMARKS_DIR, "openmp", "LoopParallel.c")
MINIMAL_TOOL_SOURCE = os.path.join(BENCHMARKS_DIR, "openmp", "MinimalTool.c")
# A compile-time filter that excludes every function: the plugin
# instruments nothing, the program still links libsextant.
EXCLUDE_ALL_FILTER = ("SCOREP_REGION_NAMES_BEGIN\n  EXCLUDE *\n"
                      "SCOREP_REGION_NAMES_END\n")
DOCS_FILE = os.path.join(SOURCE_DIR, "docs", "performance.md")
BEGIN_MARKER = "<!-- minife-overhead-begin -->"
END_MARKER = "<!-- minife-overhead-end -->"

BASE_FLAGS = ["-std=c++17", "-O2", "-g"]
XRAY_PROFILE_MAGIC = 0x7872617970726F66  # "xrayprof"

# The Score-P plug-in paper (Tschueter et al., LLVM-HPC 2017): miniFE,
# 128^3, 20 threads.
PAPER_UNINSTRUMENTED = "6 s (1×)"
PAPER_CYG = "800 s (133×)"
PAPER_RUNTIME_FILTER = "140 s (23×), -finstrument-functions + runtime filter"
PAPER_PLUGIN = "27 s (4.5×), the plug-in"
PAPER_PLUGIN_FILTER = "7 s (1.17×), plug-in + compile-time filter"


class HarnessError(Exception):
    """A failure that stops the harness; the message says what and where."""


def log(message):
    print("overhead: " + message, file=sys.stderr, flush=True)


# --- tools and machine ----------------------------------------------------

def find_llvm_tool(name):
    for candidate in (name + "-19", os.path.join("/usr/lib/llvm-19/bin", name)):
        path = shutil.which(candidate)
        if path:
            return path
    raise HarnessError("%s (LLVM 19) not found; install llvm-19" % name)


def cpu_count():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def run_command(command, what, cwd=None, env=None):
    result = subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        raise HarnessError("%s failed (exit status %d):\n  %s\n%s" % (
            what, result.returncode, shlex.join(command),
            result.stdout[-4000:]))
    return result.stdout


# --- builds ---------------------------------------------------------------

class Build:
    """One executable and how to make it."""

    def __init__(self, name, sources, flags, link_flags=(), objects=(),
                 sextant_list=False, language=None):
        self.name = name
        self.sources = sources
        self.language = language  # -x LANGUAGE for the sources, e.g. "c"
        self.flags = list(flags)
        self.link_flags = list(link_flags)
        self.objects = list(objects)
        self.sextant_list = sextant_list
        self.binary = None
        self.list_file = None
        self.instrumented = None  # number of instrumented functions

    def command(self, cxx):
        command = [cxx] + self.flags
        if self.sextant_list:
            command += ["-mllvm", "-sextant-list=" + self.list_file]
        sources = self.sources
        if self.language:
            sources = ["-x", self.language] + sources + ["-x", "none"]
        return command + sources + self.objects + self.link_flags + [
            "-o", self.binary]

    def build(self, work, cxx):
        self.binary = os.path.join(work, "bin", self.name)
        if self.sextant_list:
            self.list_file = os.path.join(work, "bin", self.name + ".functions")
            if os.path.exists(self.list_file):
                os.remove(self.list_file)
        run_command(self.command(cxx), "building " + self.name)


def compile_object(cxx, source, output, flags):
    run_command([cxx] + BASE_FLAGS + ["-fPIC", "-c", source, "-o", output]
                + flags, "compiling " + os.path.basename(source))
    return output


def count_sextant_list(list_file):
    """Distinct functions the plugin instrumented (a template instantiated in
    two translation units is listed twice but linked once)."""
    names = set()
    with open(list_file) as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if len(fields) >= 3 and fields[0] == "instrumented":
                names.add(fields[2])
    return len(names)


def count_ir_functions(cxx, flags, attribute, work, tag):
    """Distinct functions defined in the IR of the miniFE sources whose
    attribute group holds `attribute` (clang marks the functions that get
    -finstrument-functions hooks this way)."""
    names = set()
    for index, source in enumerate(MINIFE_SOURCES):
        output = os.path.join(work, "bin", "%s.%d.ll" % (tag, index))
        run_command([cxx] + flags + ["-S", "-emit-llvm", source, "-o", output],
                    "emitting IR for " + tag)
        with open(output) as f:
            text = f.read()
        groups = {}
        for match in re.finditer(r"^attributes #(\d+) = \{(.*)\}$", text,
                                 re.MULTILINE):
            groups[match.group(1)] = match.group(2)
        for match in re.finditer(r"^define .*?@(\"[^\"]+\"|[\w.$]+)\(.*\)"
                                 r"[^{]*#(\d+)", text, re.MULTILINE):
            if attribute in groups.get(match.group(2), ""):
                names.add(match.group(1))
        os.remove(output)
    return len(names)


def count_xray_functions(llvm_xray, binary):
    output = run_command([llvm_xray, "extract", binary], "llvm-xray extract")
    functions = set()
    for line in output.splitlines():
        if "kind: function-enter" in line:
            match = re.search(r"function: (0x[0-9A-Fa-f]+)", line)
            if match:
                functions.add(match.group(1))
    return len(functions)


# --- reading the tools' outputs -------------------------------------------

def sum_visits(nodes):
    total = 0
    for node in nodes:
        total += int(node.get("metrics", {}).get("visits", 0))
        total += sum_visits(node.get("children", []))
    return total


def sextant_profile(run_dir):
    path = os.path.join(run_dir, "sextant", "profile.json")
    if not os.path.isfile(path):
        raise HarnessError("Sextant wrote no profile: %s is missing" % path)
    with open(path) as f:
        return json.load(f)


def sextant_events(run_dir):
    return 2 * sum_visits(sextant_profile(run_dir))


def sextant_trace_events(run_dir):
    trace = os.path.join(run_dir, "sextant", "trace")
    if not os.path.isdir(trace) or not os.listdir(trace):
        raise HarnessError("SEXTANT_TRACE=1 wrote no trace: %s is missing or "
                           "empty" % trace)
    return sextant_events(run_dir)


def cyg_events(run_dir):
    path = os.path.join(run_dir, "cyg-profile.txt")
    try:
        with open(path) as f:
            for line in f:
                if line.startswith("# calls:"):
                    return 2 * int(line.split(":", 1)[1])
    except OSError as error:
        raise HarnessError("the hook library wrote no profile: %s" % error)
    raise HarnessError("%s has no '# calls:' line" % path)


def xray_files(run_dir):
    directory = os.path.join(run_dir, "xray")
    files = [os.path.join(directory, name) for name in os.listdir(directory)]
    if not files:
        raise HarnessError("XRay wrote no log in %s" % directory)
    return files


def xray_basic_events(run_dir):
    # A basic-mode log: a 32-byte file header, then 32-byte records.
    return sum((os.path.getsize(path) - 32) // 32
               for path in xray_files(run_dir))


def xray_profile_calls(path):
    """Sums the call counts of an XRay profiling-mode file (format in
    benchmarks/xray_session/ProfilingMode.cpp)."""
    with open(path, "rb") as f:
        data = f.read()
    offset = 0
    while offset + 32 <= len(data) and struct.unpack_from(
            "<Q", data, offset)[0] == XRAY_PROFILE_MAGIC:
        offset += 32
    calls = 0
    while offset + 16 <= len(data):
        size, _, _ = struct.unpack_from("<IIQ", data, offset)
        end, position = offset + size, offset + 16
        if size < 16 or end > len(data):
            raise HarnessError("%s: malformed XRay profile block at byte %d"
                               % (path, offset))
        while position < end:
            while struct.unpack_from("<i", data, position)[0] != 0:
                position += 4
            count, _ = struct.unpack_from("<QQ", data, position + 4)
            calls += count
            position += 20
        offset = end
    return calls


def xray_profiling_events(run_dir):
    return 2 * sum(xray_profile_calls(path) for path in xray_files(run_dir))


def no_events(run_dir):
    return 0


# --- variants -------------------------------------------------------------

class Variant:
    """A build run with one environment."""

    def __init__(self, key, label, build, env=None, events=no_events,
                 paper="", note=""):
        self.key = key
        self.label = label
        self.build = build
        self.env = env or {}
        self.events = events
        self.paper = paper
        self.note = note
        self.times = []
        self.cpu_times = []
        self.event_counts = []

    def median(self):
        return statistics.median(self.times)

    def median_cpu(self):
        return statistics.median(self.cpu_times)


def clean_environment():
    env = {name: value for name, value in os.environ.items()
           if not name.startswith(("SEXTANT_", "XRAY_", "OMP_", "KMP_"))
           and name != "CYG_PROFILE_OUTPUT"}
    return env


def children_cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(command, variant_env, run_dir, threads, expect):
    """Runs command in a fresh run_dir; returns (wall seconds, CPU seconds,
    stdout)."""
    os.makedirs(os.path.join(run_dir, "xray"), exist_ok=True)
    env = clean_environment()
    env.update({
        "OMP_NUM_THREADS": str(threads),
        "SEXTANT_OUTPUT_DIR": os.path.join(run_dir, "sextant"),
        "SEXTANT_VERBOSE": "0",
        "CYG_PROFILE_OUTPUT": os.path.join(run_dir, "cyg-profile.txt"),
    })
    for name, value in variant_env.items():
        env[name] = value.replace("{run}", run_dir)
    cpu_start = children_cpu_seconds()
    start = time.perf_counter()
    result = subprocess.run(command, cwd=run_dir, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    seconds = time.perf_counter() - start
    cpu_seconds = children_cpu_seconds() - cpu_start
    if result.returncode != 0 or expect not in result.stdout:
        raise HarnessError(
            "%s failed: exit status %d, '%s' %s in its output\n"
            "environment: %s\nstdout:\n%s\nstderr:\n%s" % (
                shlex.join(command), result.returncode, expect,
                "found" if expect in result.stdout else "not found",
                " ".join("%s=%s" % item for item in variant_env.items()),
                result.stdout[-3000:], result.stderr[-3000:]))
    return seconds, cpu_seconds, result.stdout


def warm_up(variants, command, work, threads, expect):
    """Runs every variant once on a tiny problem, untimed but checked, so
    that no timed run pays for loading a binary and its libraries first."""
    for variant in variants:
        run_dir = os.path.join(work, "runs", variant.key + "-warm-up")
        shutil.rmtree(run_dir, ignore_errors=True)
        os.makedirs(run_dir)
        run_once([variant.build.binary] + command, variant.env, run_dir,
                 threads, expect)
        shutil.rmtree(run_dir)


def run_round_robin(variants, command_of, runs, work, threads, expect,
                    time_of, title):
    total = runs * len(variants)
    done = 0
    for round_index in range(runs):
        # Rotate the order so that no variant always runs first.
        shift = round_index % len(variants)
        for variant in variants[shift:] + variants[:shift]:
            run_dir = os.path.join(work, "runs", "%s-%d" % (variant.key,
                                                            round_index))
            shutil.rmtree(run_dir, ignore_errors=True)
            os.makedirs(run_dir)
            seconds, cpu_seconds, stdout = run_once(
                command_of(variant), variant.env, run_dir, threads, expect)
            variant.times.append(time_of(seconds, stdout))
            variant.cpu_times.append(cpu_seconds)
            variant.event_counts.append(variant.events(run_dir))
            shutil.rmtree(run_dir)
            done += 1
            log("%s: run %d/%d %-28s %.3f s" % (title, done, total,
                                                variant.key,
                                                variant.times[-1]))


def measure_whole_runs(variants, warm_up_arguments, arguments, args, work,
                       title):
    """Warms every variant up once with warm_up_arguments, then times
    --runs round-robin runs of the whole process with arguments; every run
    must print 'verification: PASSED'."""
    warm_up(variants, warm_up_arguments, work, args.threads,
            "verification: PASSED")
    run_round_robin(variants, lambda v: [v.build.binary] + arguments,
                    args.runs, work, args.threads, "verification: PASSED",
                    lambda seconds, stdout: seconds, title)


# --- the miniFE comparison ------------------------------------------------

def build_all(builds, work, cxx, jobs):
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(build.build, work, cxx) for build in builds]
        for future in futures:
            future.result()


def generate_filter(args, sextant_tool, binary, work, threads):
    """Runs the default Sextant build once and lets `sextant score -g` write
    a filter of its high-frequency, short regions."""
    run_dir = os.path.join(work, "score-run")
    shutil.rmtree(run_dir, ignore_errors=True)
    os.makedirs(run_dir)
    run_once([binary] + minife_arguments(args), {}, run_dir, threads,
             "verification: PASSED")
    filter_file = os.path.join(work, "generated.filt")
    command = [sextant_tool, "score", "-g", "-o", filter_file]
    if args.quick:
        # The tiny box has too few visits for the default threshold.
        command.append("--min-visits=100")
    command.append(os.path.join(run_dir, "sextant"))
    run_command(command, "sextant score -g")
    with open(filter_file) as f:
        excluded = sum(1 for line in f if line.strip().startswith("EXCLUDE"))
    return filter_file, excluded, command


def minife_arguments(args):
    size = str(args.size)
    return ["-nx", size, "-ny", size, "-nz", size]


def make_minife_variants(args, tools, work):
    plugin = tools["plugin"]
    runtime_dir = tools["runtime_dir"]
    openmp = BASE_FLAGS + ["-fopenmp"]
    link_sextant = ["-L" + runtime_dir, "-Wl,-rpath," + runtime_dir,
                    "-lsextant"]
    plugin_flags = ["-fplugin=" + plugin, "-fpass-plugin=" + plugin]
    os.makedirs(os.path.join(work, "bin"), exist_ok=True)

    hooks = compile_object(tools["cxx"], HOOKS_SOURCE,
                           os.path.join(work, "bin", "cyg_hooks.o"), [])
    session = compile_object(tools["cxx"], XRAY_SESSION_SOURCE,
                             os.path.join(work, "bin", "xray_session.o"), [])
    plain = Build("minife-plain", MINIFE_SOURCES, openmp)
    cyg = Build("minife-cyg", MINIFE_SOURCES,
                openmp + ["-finstrument-functions"], ["-rdynamic"], [hooks])
    cyg_after = Build("minife-cyg-after-inlining", MINIFE_SOURCES,
                      openmp + ["-finstrument-functions-after-inlining"],
                      ["-rdynamic"], [hooks])
    xray = Build("minife-xray", MINIFE_SOURCES,
                 openmp + ["-fxray-instrument",
                           "-fxray-modes=xray-basic,xray-profiling"],
                 objects=[session])
    sextant = Build("minife-sextant", MINIFE_SOURCES, openmp + plugin_flags,
                    link_sextant, sextant_list=True)
    builds = [plain, cyg, cyg_after, xray, sextant]
    log("building %d variants of the miniFE proxy" % len(builds))
    build_all(builds, work, tools["cxx"], args.jobs)

    plain.instrumented = 0
    cyg.instrumented = count_ir_functions(
        tools["cxx"], openmp + ["-finstrument-functions", "-Xclang",
                                "-disable-llvm-passes"],
        '"instrument-function-entry"', work, "cyg")
    cyg_after.instrumented = count_ir_functions(
        tools["cxx"], openmp + ["-finstrument-functions-after-inlining"],
        '"instrument-function-entry-inlined"', work, "cyg-after")
    xray.instrumented = count_xray_functions(tools["llvm_xray"], xray.binary)
    sextant.instrumented = count_sextant_list(sextant.list_file)

    log("generating a filter with 'sextant score -g' from one run")
    filter_file, excluded, score_command = generate_filter(
        args, tools["sextant"], sextant.binary, work, args.threads)
    filtered = Build("minife-sextant-filtered", MINIFE_SOURCES,
                     openmp + plugin_flags + ["-mllvm",
                                              "-sextant-filter=" + filter_file],
                     link_sextant, sextant_list=True)
    filtered.build(work, tools["cxx"])
    filtered.instrumented = count_sextant_list(filtered.list_file)
    exclude_all_file = os.path.join(work, "exclude-all.filt")
    with open(exclude_all_file, "w") as f:
        f.write(EXCLUDE_ALL_FILTER)
    exclude_all = Build("minife-sextant-exclude-all", MINIFE_SOURCES,
                        openmp + plugin_flags +
                        ["-mllvm", "-sextant-filter=" + exclude_all_file],
                        link_sextant, sextant_list=True)
    exclude_all.build(work, tools["cxx"])
    exclude_all.instrumented = count_sextant_list(exclude_all.list_file)

    xray_options = "patch_premain=true verbosity=0 xray_logfile_base={run}/xray/"
    variants = [
        Variant("plain", "uninstrumented", plain,
                paper=PAPER_UNINSTRUMENTED),
        Variant("cyg", "`-finstrument-functions` + profiling hooks", cyg,
                events=cyg_events, paper=PAPER_CYG),
        Variant("cyg-after-inlining",
                "`-finstrument-functions-after-inlining` + profiling hooks",
                cyg_after, events=cyg_events),
        Variant("xray-unpatched", "XRay, sleds not patched", xray,
                env={"XRAY_OPTIONS": "patch_premain=false"}),
        Variant("xray-basic", "XRay, basic mode (default options)", xray,
                env={"XRAY_OPTIONS": xray_options + " xray_mode=xray-basic"},
                events=xray_basic_events,
                note="XRay's basic mode keeps only calls of 5 µs or longer "
                     "in its log by default; the events are the log's "
                     "records."),
        Variant("xray-profiling", "XRay, profiling mode", xray,
                env={"XRAY_OPTIONS": xray_options +
                     " xray_mode=xray-profiling"},
                events=xray_profiling_events,
                note="XRay's profiling mode writes the data of threads that "
                     "ended or entered an instrumented function during "
                     "finalization; idle OpenMP workers are missing, so its "
                     "events are those of the main thread."),
        Variant("sextant", "Sextant, default (throttling on)", sextant,
                events=sextant_events, paper=PAPER_PLUGIN),
        Variant("sextant-throttle-off", "Sextant, `SEXTANT_THROTTLE=off`",
                sextant, env={"SEXTANT_THROTTLE": "off"},
                events=sextant_events),
        Variant("sextant-runtime-filter",
                "Sextant, generated filter at run time (`SEXTANT_FILTER`)",
                sextant, env={"SEXTANT_FILTER": filter_file},
                events=sextant_events, paper=PAPER_RUNTIME_FILTER),
        Variant("sextant-filtered",
                "Sextant, generated filter at compile time", filtered,
                events=sextant_events, paper=PAPER_PLUGIN_FILTER),
        Variant("sextant-trace", "Sextant, tracing (`SEXTANT_TRACE=1`)",
                sextant, env={"SEXTANT_TRACE": "1"},
                events=sextant_trace_events),
        Variant("sextant-disabled", "Sextant, `SEXTANT_ENABLE=0`", sextant,
                env={"SEXTANT_ENABLE": "0"}, events=sextant_events),
        Variant("sextant-exclude-all",
                "Sextant, compile-time filter excluding everything",
                exclude_all, events=sextant_events,
                note="Nothing is instrumented; libsextant is linked and, at "
                     "the default settings, records the OpenMP constructs: "
                     "its events are theirs."),
        Variant("sextant-exclude-all-openmp-off",
                "Sextant, compile-time filter excluding everything, "
                "`SEXTANT_OPENMP=off`", exclude_all,
                env={"SEXTANT_OPENMP": "off"}),
    ]
    details = {"filter_excluded": excluded,
               "score_command": score_command,
               "filter_file": filter_file}
    return variants, details


# --- the dormant-region benchmark -----------------------------------------

def dormant_region_visits(run_dir):
    """Visits of the benchmark's region (the noinline function or the user
    region "k-loop") in the Sextant profile."""
    visits = 0

    def walk(nodes):
        nonlocal visits
        for node in nodes:
            name = node.get("frame", {}).get("name", "")
            if name == "k-loop" or name.startswith("(anonymous namespace)::"
                                                   "rowTimesColumn"):
                visits += int(node.get("metrics", {}).get("visits", 0))
            walk(node.get("children", []))

    walk(sextant_profile(run_dir))
    return visits


def make_dormant_variants(args, tools, work):
    plugin = tools["plugin"]
    runtime_dir = tools["runtime_dir"]
    link_sextant = ["-L" + runtime_dir, "-Wl,-rpath," + runtime_dir,
                    "-lsextant"]
    plugin_flags = ["-fplugin=" + plugin, "-fpass-plugin=" + plugin]
    sources = [DORMANT_SOURCE]
    kernel = Build("dormant-kernel", sources, BASE_FLAGS)
    function = Build("dormant-function", sources,
                     BASE_FLAGS + ["-DDORMANT_REGION=function"])
    function_sextant = Build("dormant-function-sextant", sources,
                             BASE_FLAGS + ["-DDORMANT_REGION=function"]
                             + plugin_flags, link_sextant)
    api = Build("dormant-api", sources,
                BASE_FLAGS + ["-DDORMANT_REGION=api",
                              "-I" + os.path.join(SOURCE_DIR, "include")],
                link_sextant)
    log("building 4 variants of the dormant-region benchmark")
    build_all([kernel, function, function_sextant, api], work, tools["cxx"],
              args.jobs)

    pairs = args.dormant_m * args.dormant_n

    def exact_visits(run_dir):
        visits = dormant_region_visits(run_dir)
        if visits != pairs:
            raise HarnessError("the dormant benchmark's region has %d visits "
                               "in the profile, expected %d" % (visits, pairs))
        return 2 * visits

    def profile_written(run_dir):
        return 2 * dormant_region_visits(run_dir)

    return [
        Variant("kernel", "kernel without regions", kernel),
        Variant("function-plain", "noinline function, not instrumented",
                function),
        Variant("function-disabled",
                "noinline function, Sextant, `SEXTANT_ENABLE=0`",
                function_sextant, env={"SEXTANT_ENABLE": "0"},
                events=profile_written),
        Variant("function-enabled",
                "noinline function, Sextant, `SEXTANT_THROTTLE=off`",
                function_sextant, env={"SEXTANT_THROTTLE": "off"},
                events=exact_visits),
        Variant("function-default",
                "noinline function, Sextant, default (throttling on)",
                function_sextant, events=profile_written),
        Variant("api-disabled", "`sextant_region_begin/end`, "
                "`SEXTANT_ENABLE=0`", api, env={"SEXTANT_ENABLE": "0"},
                events=profile_written),
        Variant("api-enabled", "`sextant_region_begin/end`, "
                "`SEXTANT_THROTTLE=off`", api,
                env={"SEXTANT_THROTTLE": "off"}, events=exact_visits),
    ]


def kernel_seconds(seconds, stdout):
    match = re.search(r"^kernel seconds: ([0-9.eE+-]+)$", stdout, re.MULTILINE)
    if not match:
        raise HarnessError("the dormant benchmark printed no kernel time:\n"
                           + stdout)
    return float(match.group(1))


# --- the loop-parallel benchmark -------------------------------------------

def make_loop_variants(args, tools, work):
    """benchmarks/openmp/LoopParallel.c, clang -O3 -fopenmp: tens of
    thousands of short `parallel for` loops, where the OpenMP tool's cost per
    parallel region shows (issue 17)."""
    plugin = tools["plugin"]
    runtime_dir = tools["runtime_dir"]
    flags = ["-O3", "-g", "-fopenmp"]
    link_sextant = ["-L" + runtime_dir, "-Wl,-rpath," + runtime_dir,
                    "-Wl,--no-as-needed", "-lsextant", "-Wl,--as-needed"]
    plugin_flags = ["-fplugin=" + plugin, "-fpass-plugin=" + plugin]
    session = compile_object(tools["cxx"], XRAY_SESSION_SOURCE,
                             os.path.join(work, "bin", "xray_session_loop.o"),
                             [])
    sources = [LOOP_SOURCE]
    plain = Build("loop-plain", sources, flags, language="c")
    linked = Build("loop-linked", sources, flags, link_sextant, language="c")
    sextant = Build("loop-sextant", sources, flags + plugin_flags,
                    link_sextant, sextant_list=True, language="c")
    xray = Build("loop-xray", sources,
                 flags + ["-fxray-instrument", "-fxray-modes=xray-profiling"],
                 objects=[session], language="c")
    # The references of issue 17's budget: what any OMPT tool costs libomp,
    # and what a tool that only appends each event to a buffer costs.
    minimal_tool = Build("libminimaltool.so", [MINIMAL_TOOL_SOURCE],
                         ["-O2", "-fPIC", "-shared"], language="c")
    builds = [plain, linked, sextant, xray, minimal_tool]
    log("building %d variants of the loop-parallel benchmark" % len(builds))
    build_all(builds, work, tools["cxx"], args.jobs)
    plain.instrumented = linked.instrumented = 0
    sextant.instrumented = count_sextant_list(sextant.list_file)
    xray.instrumented = count_xray_functions(tools["llvm_xray"], xray.binary)
    xray_options = ("patch_premain=true verbosity=0 "
                    "xray_logfile_base={run}/xray/ xray_mode=xray-profiling")
    return [
        Variant("loop-plain", "uninstrumented", plain),
        Variant("loop-linked", "linked with libsextant, not instrumented "
                "(OpenMP constructs recorded)", linked,
                events=sextant_events),
        Variant("loop-linked-openmp-off", "the same, `SEXTANT_OPENMP=off`",
                linked, env={"SEXTANT_OPENMP": "off"}),
        Variant("loop-minimal-tool", "uninstrumented, a do-nothing OMPT "
                "tool (`MinimalTool.c`)", plain,
                env={"OMP_TOOL_LIBRARIES": minimal_tool.binary}),
        Variant("loop-record-tool", "uninstrumented, an OMPT tool that "
                "appends each event to a buffer (`MinimalTool.c`, "
                "`MINIMAL_TOOL_RECORD=1`)", plain,
                env={"OMP_TOOL_LIBRARIES": minimal_tool.binary,
                     "MINIMAL_TOOL_RECORD": "1"}),
        Variant("loop-sextant", "Sextant, default", sextant,
                events=sextant_events),
        Variant("loop-sextant-openmp-off", "Sextant, `SEXTANT_OPENMP=off`",
                sextant, env={"SEXTANT_OPENMP": "off"},
                events=sextant_events),
        Variant("loop-xray-profiling", "XRay, profiling mode", xray,
                env={"XRAY_OPTIONS": xray_options},
                events=xray_profiling_events),
    ]


def loop_arguments(args):
    return [str(args.loop_regions), str(args.loop_elements)]


# --- report ---------------------------------------------------------------

def format_rate(events, seconds):
    if events == 0:
        return "–"
    rate = events / seconds
    for scale, suffix in ((1e9, " G"), (1e6, " M"), (1e3, " k")):
        if rate >= scale:
            return "%.1f%s" % (rate / scale, suffix)
    return "%.0f" % rate


def format_count(value):
    return "{:,}".format(value)


def describe_machine(machine):
    """The first line of a results table: when, where, how loaded."""
    return ("Measured %s on `%s`: %d CPUs (`nproc`), %s, Linux %s; load "
            "average (1 min) %.2f before and %.2f after the runs." % (
                machine["date"], machine["host"], machine["nproc"],
                machine["cpu"], machine["kernel"], machine["load_before"],
                machine["load_after"]))


def timing_table(variants, paper_column=True):
    """Rows of wall (median, fastest), CPU (median) and events per second,
    ratios to the first variant, and the Score-P paper's figure if
    paper_column; returns (lines, notes)."""
    base = variants[0]
    lines = []
    notes = []
    for variant in variants:
        median = variant.median()
        events = statistics.median(variant.event_counts)
        label = variant.label
        if variant.note:
            notes.append(variant.note)
            label += " [%d]" % len(notes)
        row = "| %s | %s | %.3f (%.2f×) | %.3f (%.2f×) | %.3f (%.2f×) | %s |" % (
            label, format_count(variant.build.instrumented), median,
            median / base.median(), min(variant.times),
            min(variant.times) / min(base.times), variant.median_cpu(),
            variant.median_cpu() / base.median_cpu(),
            format_rate(events, median))
        lines.append(row + (" %s |" % variant.paper if paper_column else ""))
    return lines, notes


def report(args, machine, variants, details, dormant, loop):
    lines = []
    add = lines.append
    add(describe_machine(machine))
    add("")
    add("Command: `%s`" % machine["command"])
    add("")
    add("miniFE proxy: %d × %d × %d elements, %d OpenMP threads, %d runs per "
        "variant, round-robin. Wall: wall-clock time of the whole process "
        "(start to exit, including the tool's start-up and the writing of "
        "its output), median and fastest run; CPU: median user + system "
        "time of the process, all threads (OpenMP workers spin while they "
        "wait). Ratios are to the same statistic of the uninstrumented "
        "build. Events: function enters and exits the tool recorded, per "
        "second of the median wall time." % (
            args.size, args.size, args.size, args.threads, args.runs))
    add("")
    add("| variant | instrumented functions | wall, median (s) | wall, "
        "fastest (s) | CPU, median (s) | events/s | Score-P paper (miniFE "
        "128³, 20 threads) |")
    add("|---|---:|---:|---:|---:|---:|---|")
    rows, notes = timing_table(variants)
    lines.extend(rows)
    add("")
    for index, note in enumerate(notes, 1):
        add("[%d] %s" % (index, note))
    add("")
    add("The generated filter excludes %d regions; it was written by `%s` "
        "after one run of the default Sextant build at the same size." % (
            details["filter_excluded"],
            shlex.join(["sextant"] + details["score_command"][1:-1] + ["DIR"])
            .replace(details["filter_file"], "FILE")))
    add("")
    add("Loop-parallel benchmark (`benchmarks/openmp/LoopParallel.c`, "
        "`clang-19 -O3 -fopenmp`): %s `parallel for` loops (static "
        "schedule) of %s elements, %d OpenMP threads, %d runs per variant, "
        "round-robin; the same columns as above, events being the function "
        "and OpenMP region enters and exits recorded." % (
            format_count(args.loop_regions), format_count(args.loop_elements),
            args.threads, args.runs))
    add("")
    add("| variant | instrumented functions | wall, median (s) | wall, "
        "fastest (s) | CPU, median (s) | events/s |")
    add("|---|---:|---:|---:|---:|---:|")
    rows, _ = timing_table(loop, paper_column=False)
    lines.extend(rows)
    add("")
    kernel = dormant[0]
    pairs = args.dormant_m * args.dormant_n
    add("Dormant regions: C = A B with M = %d, N = %d, K = %d, a region "
        "around each inner k loop: %s region pairs, one thread; time of "
        "the multiply alone, measured inside the program, %d runs, "
        "round-robin." % (args.dormant_m, args.dormant_n, args.dormant_k,
                          format_count(pairs), args.dormant_runs))
    add("")
    add("| variant | median time (s) | ns per pair, median | overhead per "
        "pair vs the kernel without regions, median (ns) | the same, "
        "fastest runs (ns) |")
    add("|---|---:|---:|---:|---:|")
    for variant in dormant:
        median = variant.median()
        add("| %s | %.4f | %.2f | %+.2f | %+.2f |" % (
            variant.label, median, median * 1e9 / pairs,
            (median - kernel.median()) * 1e9 / pairs,
            (min(variant.times) - min(kernel.times)) * 1e9 / pairs))
    return "\n".join(lines) + "\n"


def write_docs(path, section):
    try:
        with open(path) as f:
            text = f.read()
    except OSError as error:
        raise HarnessError("cannot read %s: %s" % (path, error))
    begin = text.find(BEGIN_MARKER)
    end = text.find(END_MARKER)
    if begin < 0 or end < begin:
        raise HarnessError("%s lacks the lines %s and %s (in this order) "
                           "between which the table goes; add them, or use "
                           "--output FILE" % (path, BEGIN_MARKER, END_MARKER))
    text = (text[:begin + len(BEGIN_MARKER)] + "\n" + section
            + text[end:])
    temporary = path + ".tmp-%d" % os.getpid()
    with open(temporary, "w") as f:
        f.write(text)
    os.replace(temporary, path)


# --- main -----------------------------------------------------------------

def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        prog="overhead.sh", description=__doc__.split("\n\n")[0],
        epilog="Defaults: --size 48 --runs 7 --threads nproc, and 15 runs "
               "(at least --runs) of the dormant benchmark; --quick: "
               "--size 8 --runs 1 and a dormant benchmark of 50 x 100. "
               "Without --quick, --no-timing-table or --output, the table "
               "replaces the one in docs/performance.md.")
    parser.add_argument("--invoked-as", default="benchmarks/overhead.sh",
                        help=argparse.SUPPRESS)
    parser.add_argument("--quick", action="store_true",
                        help="tiny problem, one run per variant (CI smoke "
                             "test, under a minute)")
    parser.add_argument("--no-timing-table", action="store_true",
                        help="only build, run and check every variant; "
                             "write no table")
    parser.add_argument("--runs", type=int,
                        help="runs per variant (default 7, --quick: 1)")
    parser.add_argument("--size", type=int,
                        help="miniFE box of N x N x N elements (default 48, "
                             "--quick: 8)")
    parser.add_argument("--loop-regions", type=int,
                        help="parallel loops of the loop-parallel benchmark "
                             "(default 40000, --quick: 200)")
    parser.add_argument("--loop-elements", type=int,
                        help="elements per loop of the loop-parallel "
                             "benchmark (default 98304: about 20 "
                             "microseconds per loop with 2 threads on the "
                             "reference machine; --quick: 1024)")
    parser.add_argument("--threads", type=int, default=cpu_count(),
                        help="OpenMP threads (default: nproc, here %d)"
                             % cpu_count())
    parser.add_argument("--output", metavar="FILE",
                        help="write the markdown table to FILE instead of "
                             "docs/performance.md")
    parser.add_argument("--build-dir", metavar="DIR",
                        default=os.environ.get("SEXTANT_BUILD_DIR",
                                               os.path.join(SOURCE_DIR,
                                                            "build")),
                        help="Sextant build tree with the plugin, runtime and "
                             "tool (default: $SEXTANT_BUILD_DIR or build/)")
    parser.add_argument("--work-dir", metavar="DIR",
                        help="where variants are built and run (default: a "
                             "temporary directory, removed at the end)")
    parser.add_argument("--jobs", type=int, default=cpu_count(),
                        help="parallel compilations (default: nproc)")
    parser.add_argument("--cxx", default="clang++-19",
                        help="the C++ compiler (default clang++-19)")
    args = parser.parse_args(argv)
    if args.runs is None:
        args.runs = 1 if args.quick else 7
    if args.size is None:
        args.size = 8 if args.quick else 48
    args.dormant_m, args.dormant_n, args.dormant_k = (
        (50, 100, 64) if args.quick else (500, 1000, 64))
    if args.loop_regions is None:
        args.loop_regions = 200 if args.quick else 40000
    if args.loop_elements is None:
        args.loop_elements = 1024 if args.quick else 98304
    if not 1 <= args.loop_elements <= 1 << 22:
        parser.error("--loop-elements must be between 1 and 4194304")
    # A dormant run takes a fraction of a second: more runs, steadier medians.
    args.dormant_runs = args.runs if args.quick else max(15, args.runs)
    for name in ("runs", "size", "threads", "jobs", "loop_regions"):
        if getattr(args, name) < 1:
            parser.error("--%s must be at least 1" % name.replace("_", "-"))
    return args


def locate_tools(args):
    build = os.path.abspath(args.build_dir)
    tools = {
        "plugin": os.path.join(build, "plugin", "SextantPlugin.so"),
        "runtime_dir": os.path.join(build, "runtime"),
        "sextant": os.path.join(build, "tools", "sextant", "sextant"),
    }
    missing = [path for path in (tools["plugin"], tools["sextant"],
                                 os.path.join(tools["runtime_dir"],
                                              "libsextant.so"))
               if not os.path.exists(path)]
    if missing:
        raise HarnessError(
            "not found in the build tree %s: %s\nbuild Sextant first, e.g. "
            "cmake -S %s -B %s -G Ninja -DCMAKE_C_COMPILER=clang-19 "
            "-DCMAKE_CXX_COMPILER=clang++-19 && cmake --build %s, or name "
            "another build tree with --build-dir" % (
                build, ", ".join(missing), SOURCE_DIR, build, build))
    tools["cxx"] = shutil.which(args.cxx)
    if not tools["cxx"]:
        raise HarnessError("the compiler %s was not found" % args.cxx)
    tools["llvm_xray"] = find_llvm_tool("llvm-xray")
    return tools


def main(argv):
    args = parse_arguments(argv)
    started = time.time()
    options = argv[2:] if argv[:1] == ["--invoked-as"] else argv
    command = shlex.join(["benchmarks/overhead.sh"] + options)
    try:
        tools = locate_tools(args)
        work = args.work_dir or tempfile.mkdtemp(prefix="sextant-overhead-")
        work = os.path.abspath(work)
        os.makedirs(work, exist_ok=True)
        machine = {
            "date": datetime.datetime.now(datetime.timezone.utc).strftime(
                "%Y-%m-%d %H:%M UTC"),
            "host": platform.node(), "nproc": cpu_count(),
            "cpu": cpu_model(), "kernel": platform.release(),
            "load_before": os.getloadavg()[0], "command": command,
        }
        try:
            variants, details = make_minife_variants(args, tools, work)
            dormant = make_dormant_variants(args, tools, work)
            loop = make_loop_variants(args, tools, work)
            log("warming up: every variant once on a 4 x 4 x 4 box")
            measure_whole_runs(variants, ["-nx", "4"],
                               minife_arguments(args), args, work, "miniFE")
            run_round_robin(dormant, lambda v: [
                v.build.binary, "-m", str(args.dormant_m), "-n",
                str(args.dormant_n), "-k", str(args.dormant_k)],
                args.dormant_runs, work, 1, "verification: PASSED",
                kernel_seconds, "dormant")
            measure_whole_runs(loop, ["10", "64"], loop_arguments(args), args,
                               work, "loop-parallel")
        finally:
            if not args.work_dir:
                shutil.rmtree(work, ignore_errors=True)
        machine["load_after"] = os.getloadavg()[0]
    except HarnessError as error:
        print("overhead: error: %s" % error, file=sys.stderr)
        return 1

    checked = len(variants) + len(dormant) + len(loop)
    if args.no_timing_table:
        print("overhead: %d variants built, run and checked (miniFE %d^3, "
              "%d threads; dormant %d x %d x %d; loop-parallel %d x %d) in "
              "%.0f s" % (
                  checked, args.size, args.threads, args.dormant_m,
                  args.dormant_n, args.dormant_k, args.loop_regions,
                  args.loop_elements, time.time() - started))
        return 0
    section = report(args, machine, variants, details, dormant, loop)
    print(section)
    if args.output:
        with open(args.output, "w") as f:
            f.write(section)
        log("table written to %s" % args.output)
    elif not args.quick:
        try:
            write_docs(DOCS_FILE, section)
        except HarnessError as error:
            print("overhead: error: %s" % error, file=sys.stderr)
            return 1
        log("table written to %s" % DOCS_FILE)
    log("done in %.0f s" % (time.time() - started))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
