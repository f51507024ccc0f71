#!/usr/bin/env python3
"""Count the instructions of one armed enter+exit pair with callgrind.

Usage: count_instructions.py BUILD_DIR [--runtime DIR]
                             [--baseline-runtime DIR | --baseline-build DIR]
                             [--cases LIST]

BUILD_DIR is the micro benchmarks' build directory (<build>/benchmarks/micro),
which holds sextant_count_driver (CountDriver.c; nothing is built here). For
every case the driver runs four times under valgrind --tool=callgrind,
collecting only inside its loop (--toggle-collect=countedLoop): plain and
armed (the same functions of MeasuredFunctions.c without and with
SextantPlugin.so), each with a small and a large number of repeats. The
instructions per armed pair are

    ((armed(large) - armed(small)) - (plain(large) - plain(small)))
        / (calls(large) - calls(small))

so the start-up of the process, the first calls (registration, attaching the
thread, growing the tree) and the end cancel out, and so does the work of the
functions and the loop. The count depends on the compiler and the runtime's
code, not on the machine's load or speed; in the tracing case the slow path
that moves the trace's anchor (once per 2^27 ticks, see
runtime/trace/ThreadTrace.h) adds a fraction of an instruction per pair
that varies with valgrind's speed.

Cases (SEXTANT_THROTTLE=off, profile mode unless said):
  profile   a loop calling a tiny leaf function;
  tracing   the same with SEXTANT_TRACE=1;
  recursion a chain of 101 calls of one recursive function (101 call paths);
  tree      a ternary call tree of three functions (1335 call paths, every
            node with three different children entered in turn);
  dormant-api  the tiny leaf inside a user region of the public API
            (sextant_region_begin/end) with SEXTANT_ENABLE=0: what a
            dormant user region adds per begin/end pair.

valgrind 3.19 cannot read the DWARF 5 debug information of clang 19, so the
driver and the runtime are run from copies without it (objcopy
--strip-debug); the runtime is the driver's libsextant.so or, with
--runtime, the one in DIR (the runtime/ directory of a build of another
commit), loaded through LD_LIBRARY_PATH. --baseline-runtime DIR counts
against DIR's runtime too and prints it as "before"; --baseline-build DIR
counts with the driver (and its runtime) in DIR, the benchmarks/micro
directory of a build of another commit, which also compares what the
plugin inserts.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

DRIVER = "sextant_count_driver"
# Calls per repeat of the driver's cases (CountDriver.c: RecursionDepth 100,
# TreeLevels 6).
RECURSION_DEPTH = 100
TREE_LEVELS = 6


def tree_calls(levels):
    """Calls made by one call of <prefix>_tree(x, levels)
    (MeasuredFunctions.c)."""
    if levels == 0:
        return 1
    below = tree_calls(levels - 1)
    branch = 1 + (below if levels - 1 > 0 else 0)
    return 1 + below + 2 * branch


# name, driver case, extra environment, calls per repeat, repeats (small,
# large), budget in instructions per pair (issue 16).
CASES = [
    ("profile", "leaf", {}, 1, (10000, 110000), 80),
    ("tracing", "leaf", {"SEXTANT_TRACE": "1"}, 1, (10000, 110000), 100),
    ("recursion", "recurse", {}, RECURSION_DEPTH + 1, (100, 1100), None),
    ("tree", "tree", {}, tree_calls(TREE_LEVELS), (10, 85), None),
    ("dormant-api", "api", {"SEXTANT_ENABLE": "0"}, 1, (10000, 110000), None),
]


def find_tool(*names):
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    return None


def runtime_library(driver):
    """The libsextant.so the driver loads."""
    out = subprocess.run(["ldd", driver], check=True, capture_output=True,
                         text=True).stdout
    match = re.search(r"libsextant\.so\S* => (\S+)", out)
    if not match:
        raise SystemExit("error: %s does not load libsextant.so" % driver)
    return match.group(1)


def stripped_copy(binary, directory):
    """A copy of binary without debug information, in directory."""
    objcopy = find_tool("objcopy", "llvm-objcopy-19", "llvm-objcopy")
    if not objcopy:
        raise SystemExit("error: objcopy not found")
    os.makedirs(directory, exist_ok=True)
    copy = os.path.join(directory, os.path.basename(binary))
    subprocess.run([objcopy, "--strip-debug", binary, copy], check=True)
    return copy


def stripped_runtime(library, directory):
    """A directory holding a copy of library without debug information."""
    name = os.path.basename(stripped_copy(library, directory))
    # The driver's NEEDED entry may name the SONAME rather than the file.
    for alias in ("libsextant.so", "libsextant.so.1"):
        target = os.path.join(directory, alias)
        if alias != name and not os.path.exists(target):
            os.symlink(name, target)
    return directory


def collected_instructions(driver, case, variant, repeats, env, workdir):
    """Instructions executed inside countedLoop() of one run."""
    out = os.path.join(workdir, "%s-%s-%d.cg" % (case, variant, repeats))
    command = ["valgrind", "--tool=callgrind", "--toggle-collect=countedLoop",
               "--callgrind-out-file=" + out, driver, case, variant,
               str(repeats)]
    run = subprocess.run(command, env=env, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True)
    if run.returncode != 0:
        if "unknown case" in run.stderr:
            return None  # a driver of an older commit
        raise SystemExit("error: %s failed (exit status %d):\n%s" %
                         (" ".join(command), run.returncode, run.stderr))
    with open(out) as f:
        for line in f:
            if line.startswith("totals:") or line.startswith("summary:"):
                return int(line.split()[1])
    raise SystemExit("error: no totals in %s" % out)


def count(build_dir, runtime_dir=None, names=None):
    """{case name: instructions per armed pair} for the cases in names."""
    driver = os.path.join(os.path.abspath(build_dir), DRIVER)
    if not os.path.exists(driver):
        raise SystemExit("error: %s not found (ninja %s)" % (driver, DRIVER))
    if not shutil.which("valgrind"):
        raise SystemExit("error: valgrind not found (apt-get install "
                         "valgrind)")
    workdir = tempfile.mkdtemp(prefix="sextant-count-")
    try:
        library = (os.path.join(runtime_dir, "libsextant.so") if runtime_dir
                   else runtime_library(driver))
        libdir = stripped_runtime(os.path.realpath(library),
                                  os.path.join(workdir, "lib"))
        driver = stripped_copy(driver, os.path.join(workdir, "bin"))
        base_env = dict(os.environ)
        for name in list(base_env):
            if name.startswith("SEXTANT_"):
                del base_env[name]
        base_env.update({"SEXTANT_THROTTLE": "off", "SEXTANT_VERBOSE": "0",
                         "LD_LIBRARY_PATH": libdir})
        results = {}
        for name, case, extra, calls, (small, large), _ in CASES:
            if names and name not in names:
                continue
            env = dict(base_env)
            env.update(extra)
            env["SEXTANT_OUTPUT_DIR"] = os.path.join(workdir, name)
            difference = {}
            for variant in ("plain", "armed"):
                counts = [collected_instructions(driver, case, variant,
                                                 repeats, env, workdir)
                          for repeats in (small, large)]
                if None in counts:
                    break
                difference[variant] = counts[1] - counts[0]
            if len(difference) != 2:
                results[name] = None  # the driver has no such case
                continue
            results[name] = ((difference["armed"] - difference["plain"]) /
                             ((large - small) * calls))
        return results
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def print_table(results, baseline=None):
    """The table of docs/performance.md (baseline: counts of another
    runtime, printed as "before")."""
    if baseline:
        print("| case | before | after | budget | within |")
        print("|---|---:|---:|---:|---|")
    else:
        print("| case | instructions per armed pair | budget | within |")
        print("|---|---:|---:|---|")
    for name, _, _, _, _, budget in CASES:
        if name not in results:
            continue
        value = results[name]
        within = ("" if budget is None or value is None else
                  ("yes" if value <= budget else "NO"))
        budget_text = "" if budget is None else "≤ %d" % budget
        before = (format_count(baseline.get(name)) + " | ") if baseline else ""
        print("| %s | %s%s | %s | %s |" % (name, before, format_count(value),
                                           budget_text, within))


def format_count(value):
    """A count for the table; "n/a" when the driver had no such case."""
    return "n/a" if value is None else "%.1f" % value


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("build_dir")
    parser.add_argument("--runtime",
                        help="count against the libsextant.so in this "
                        "directory instead of the driver's")
    parser.add_argument("--baseline-runtime",
                        help="also count against the libsextant.so in this "
                        "directory and print it as 'before'")
    parser.add_argument("--baseline-build",
                        help="also count with the driver and runtime of "
                        "this build's benchmarks/micro directory and print "
                        "it as 'before'")
    parser.add_argument("--cases", help="comma-separated subset of " +
                        ",".join(c[0] for c in CASES))
    args = parser.parse_args()
    names = set(args.cases.split(",")) if args.cases else None
    if args.baseline_runtime and args.baseline_build:
        parser.error("--baseline-runtime and --baseline-build exclude each "
                     "other")
    baseline = None
    if args.baseline_runtime:
        baseline = count(args.build_dir, args.baseline_runtime, names)
    elif args.baseline_build:
        baseline = count(args.baseline_build, None, names)
    results = count(args.build_dir, args.runtime, names)
    print("Instructions per armed enter+exit pair (callgrind, instrumented "
          "minus plain, two call counts subtracted; %s):\n" %
          os.path.relpath(sys.argv[0]))
    print_table(results, baseline)
    return 0


if __name__ == "__main__":
    sys.exit(main())
