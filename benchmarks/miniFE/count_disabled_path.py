#!/usr/bin/env python3
"""Count, with callgrind, what Sextant costs the miniFE proxy when it records nothing.

Builds the miniFE proxy (benchmarks/miniFE/) three ways with clang++-19
-std=c++17 -O2 -g -fopenmp, both sources in one command, as
benchmarks/overhead.sh does:

  uninstrumented   no plugin, no runtime;
  sextant          SextantPlugin.so and libsextant (the default build);
  exclude-all      the same with a compile-time filter that excludes every
                   function (-mllvm -sextant-filter=FILE, "EXCLUDE *"): the
                   plugin instruments nothing, libsextant is still linked.

and runs them under valgrind --tool=callgrind at two box sizes, 2 threads
waiting passively (OMP_WAIT_POLICY=passive KMP_BLOCKTIME=0; valgrind runs
one thread at a time, spinning would count the scheduler), in four
variants: uninstrumented; sextant with SEXTANT_ENABLE=0; exclude-all with
SEXTANT_OPENMP=off (nothing recorded at all); exclude-all with the default
settings (the OpenMP constructs are recorded). It prints the instructions
of each run, what each adds to the uninstrumented run, and that split into
a fixed part (start-up and end) and a part proportional to the work, as a
percentage of the uninstrumented run (the line through both sizes);
then the functions whose counts differ most between the uninstrumented
run and the SEXTANT_ENABLE=0 run at the larger size.

The counts do not depend on the machine's load: they find where the
disabled path's cost goes where the machine has no hardware counters
(`perf stat -e instructions` says "not supported" on this VM). valgrind
3.19 cannot read clang 19's DWARF 5, so the programs and the runtime run
from copies without debug information (objcopy --strip-debug).

    python3 benchmarks/miniFE/count_disabled_path.py --build-dir build
    python3 benchmarks/miniFE/count_disabled_path.py --build-dir build \\
        --plugin-option=-sextant-version-max-instructions=64
"""
import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "micro"))
from count_instructions import stripped_copy, stripped_runtime  # noqa: E402

SOURCES = [os.path.join(HERE, "Main.cpp"), os.path.join(HERE, "CommandLine.cpp")]
FLAGS = ["-std=c++17", "-O2", "-g", "-fopenmp"]
EXCLUDE_ALL = "SCOREP_REGION_NAMES_BEGIN\n  EXCLUDE *\nSCOREP_REGION_NAMES_END\n"

# name, build, extra environment
VARIANTS = [
    ("uninstrumented", "plain", {}),
    ("sextant, SEXTANT_ENABLE=0", "sextant", {"SEXTANT_ENABLE": "0"}),
    ("exclude-all filter, SEXTANT_OPENMP=off", "exclude-all",
     {"SEXTANT_OPENMP": "off"}),
    ("exclude-all filter, default settings", "exclude-all", {}),
]


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.exit("count_disabled_path: error: %s failed (exit status %d):\n%s"
                 % (" ".join(command), result.returncode,
                    result.stderr[-2000:]))
    return result


def build(args, work):
    """{build name: stripped binary}; also the stripped runtime directory."""
    plugin = os.path.join(args.build_dir, "plugin", "SextantPlugin.so")
    runtime = os.path.join(args.build_dir, "runtime")
    for path in (plugin, os.path.join(runtime, "libsextant.so")):
        if not os.path.exists(path):
            sys.exit("count_disabled_path: error: %s not found (build Sextant "
                     "first, or name the build tree with --build-dir)" % path)
    filter_file = os.path.join(work, "exclude-all.filt")
    with open(filter_file, "w") as f:
        f.write(EXCLUDE_ALL)
    plugin_flags = ["-fplugin=" + plugin, "-fpass-plugin=" + plugin]
    for option in args.plugin_option:
        plugin_flags += ["-mllvm", option]
    link = ["-L" + runtime, "-lsextant"]
    builds = {
        "plain": [],
        "sextant": plugin_flags + link,
        "exclude-all": plugin_flags + ["-mllvm", "-sextant-filter=" +
                                       filter_file] + link,
    }
    binaries = {}
    for name, extra in builds.items():
        print("count_disabled_path: building %s" % name, file=sys.stderr)
        binary = os.path.join(work, "minife-" + name)
        run([args.cxx] + FLAGS + SOURCES + extra + ["-o", binary])
        binaries[name] = stripped_copy(binary, os.path.join(work, "stripped"))
    libdir = stripped_runtime(
        os.path.realpath(os.path.join(runtime, "libsextant.so")),
        os.path.join(work, "lib"))
    return binaries, libdir


def environment(args, work, libdir, extra):
    env = {name: value for name, value in os.environ.items()
           if not name.startswith(("SEXTANT_", "OMP_", "KMP_"))}
    env.update({"OMP_NUM_THREADS": str(args.threads),
                "OMP_WAIT_POLICY": "passive", "KMP_BLOCKTIME": "0",
                "SEXTANT_VERBOSE": "0",
                "SEXTANT_OUTPUT_DIR": os.path.join(work, "out"),
                "LD_LIBRARY_PATH": libdir})
    env.update(extra)
    return env


def callgrind(binary, size, env, out):
    shutil.rmtree(env["SEXTANT_OUTPUT_DIR"], ignore_errors=True)
    run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out,
         binary, "-nx", str(size)], env=env)
    with open(out) as f:
        for line in f:
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    sys.exit("count_disabled_path: error: no totals in %s" % out)


def functions(out):
    """{(function, object file): instructions} of one callgrind file."""
    text = run(["callgrind_annotate", "--threshold=100", out]).stdout
    counts = collections.Counter()
    for line in text.splitlines():
        match = re.match(r"\s*([\d,]+) \([^)]*\)\s+(\S.*?)(?: \[(.*)\])?$",
                         line)
        if not match or "PROGRAM TOTALS" in line:
            continue
        name = match.group(2)
        if ":" in name and not name.startswith(("std::", "void", "bool")):
            name = name.split(":", 1)[1]
        obj = os.path.basename(match.group(3) or "")
        if obj.startswith("minife-"):
            obj = "program"
        counts[(name, obj)] += int(match.group(1).replace(",", ""))
    return counts


def shorten(name, width=90):
    return name if len(name) <= width else name[:width - 1] + "…"


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        epilog="See docs/performance.md, 'The disabled path on the miniFE "
        "proxy'.")
    parser.add_argument("--build-dir", default="build",
                        help="a Sextant build tree (plugin/SextantPlugin.so, "
                        "runtime/libsextant.so); default: build")
    parser.add_argument("--plugin-option", action="append", default=[],
                        metavar="OPTION",
                        help="an -mllvm option for the plugin, e.g. "
                        "-sextant-version-max-instructions=64 (repeatable)")
    parser.add_argument("--sizes", default="12,20",
                        help="the small and the large box, N elements per "
                        "side (default 12,20)")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--top", type=int, default=12,
                        help="functions to list (default 12)")
    parser.add_argument("--cxx", default="clang++-19")
    parser.add_argument("--work-dir",
                        help="keep the builds and callgrind files here")
    args = parser.parse_args()
    small, large = (int(n) for n in args.sizes.split(","))
    for tool in ("valgrind", "callgrind_annotate", args.cxx):
        if not shutil.which(tool):
            sys.exit("count_disabled_path: error: %s not found (apt-get "
                     "install valgrind clang-19)" % tool)
    work = args.work_dir or tempfile.mkdtemp(prefix="sextant-disabled-")
    os.makedirs(work, exist_ok=True)
    try:
        binaries, libdir = build(args, work)
        totals = {}
        for index, (name, build_name, extra) in enumerate(VARIANTS):
            env = environment(args, work, libdir, extra)
            for size in (small, large):
                print("count_disabled_path: callgrind %d/%d: %s, %d^3"
                      % (2 * index + (size == large) + 1, 2 * len(VARIANTS),
                         name, size), file=sys.stderr)
                out = os.path.join(work, "%s-%d.cg" % (build_name + "-" +
                                                       str(index), size))
                totals[(name, size)] = (callgrind(binaries[build_name], size,
                                                  env, out), out)
        report(args, totals, small, large)
    finally:
        if not args.work_dir:
            shutil.rmtree(work, ignore_errors=True)


def report(args, totals, small, large):
    options = " ".join(args.plugin_option) or "none"
    print("miniFE proxy, %d threads, boxes %d^3 and %d^3; plugin options: %s"
          % (args.threads, small, large, options))
    print()
    print("| variant | instructions, %d^3 | instructions, %d^3 | added at "
          "%d^3 | fixed part | growing part, %% of the work |"
          % (small, large, large))
    print("|---|---:|---:|---:|---:|---:|")
    base_small = totals[(VARIANTS[0][0], small)][0]
    base_large = totals[(VARIANTS[0][0], large)][0]
    for name, _, _ in VARIANTS:
        at_small = totals[(name, small)][0]
        at_large = totals[(name, large)][0]
        added_small = at_small - base_small
        added_large = at_large - base_large
        # added(size) = fixed + share * uninstrumented(size), through both
        # sizes.
        share = (added_large - added_small) / (base_large - base_small)
        fixed = added_small - share * base_small
        print("| %s | %d | %d | %+d (%+.2f %%) | %+.0f | %+.2f %% |"
              % (name, at_small, at_large, added_large,
                 100.0 * added_large / base_large, fixed, 100.0 * share))
    print()
    plain = functions(totals[(VARIANTS[0][0], large)][1])
    disabled = functions(totals[(VARIANTS[1][0], large)][1])
    keys = sorted(set(plain) | set(disabled),
                  key=lambda key: -abs(disabled[key] - plain[key]))
    print("Functions that differ most, %s against uninstrumented, %d^3:"
          % (VARIANTS[1][0], large))
    print()
    print("| function | object | uninstrumented | disabled | added |")
    print("|---|---|---:|---:|---:|")
    for key in keys[:args.top]:
        print("| %s | %s | %d | %d | %+d |"
              % (shorten(key[0]).replace("|", "\\|"), key[1] or "?",
                 plain[key], disabled[key], disabled[key] - plain[key]))


if __name__ == "__main__":
    main()
