#!/usr/bin/env python3
"""Overhead per wrapped call of a `sextant wrap` wrapper (docs/performance.md).

Usage: wrap_overhead.py BUILD_DIR [--runs N] [--calls N]

BUILD_DIR is a Sextant build directory (its sextant tool and libsextant.so
are used). The script generates the wrapper of tiny.h (one function,
tiny_add, in libtiny.so) with `sextant wrap generate`, builds its link-time
and run-time shared forms as the wrapper's CMake project does (-fno-plt,
-z now), and measures driver.c's loop of tiny_add calls three ways:

  direct     the driver linked with libtiny.so
  link-time  linked with -Wl,@tiny.wrap and libsextant-wrap-tiny.so
  preload    the direct driver with LD_PRELOAD=libsextant-wrap-tiny-preload.so

Instructions per call: valgrind --tool=callgrind, collecting only inside
the loop (--toggle-collect=countedLoop), at two call counts, so that the
first call (registration, lookup) cancels out:
    (I(large) - I(small)) / (large - small), minus the same for direct.
Time per call: the driver's own clock, --runs runs of each variant in
alternating order, the median; also as a ratio to direct. The runtime runs
with SEXTANT_THROTTLE=off (a tiny function would be throttled otherwise).
As in benchmarks/micro/count_instructions.py the binaries are run from
copies without debug information (valgrind 3.19 cannot read clang 19's
DWARF 5).
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def run(command, **kwargs):
    return subprocess.run(command, check=True, **kwargs)


def build(build_dir, work):
    source = os.path.dirname(HERE)
    source = os.path.dirname(source)
    include = os.path.join(source, "include")
    runtime = os.path.join(build_dir, "runtime")
    sextant = os.path.join(build_dir, "tools", "sextant", "sextant")
    cc, cxx = "clang-19", "clang++-19"
    lib = os.path.join(work, "lib")
    os.makedirs(lib)
    shutil.copy(os.path.join(runtime, "libsextant.so"), lib)
    run(["objcopy", "--strip-debug", os.path.join(lib, "libsextant.so")])
    run([cc, "-O2", "-shared", "-fPIC", os.path.join(HERE, "tiny.c"), "-o",
         os.path.join(lib, "libtiny.so")])
    run([sextant, "wrap", "generate", "--name", "tiny", "--header",
         os.path.join(HERE, "tiny.h"), "--library",
         os.path.join(lib, "libtiny.so"), "--output-dir", work],
        stdout=subprocess.DEVNULL)
    common = [cxx, "-O2", "-std=c++17", "-shared", "-fPIC", "-fno-plt",
              "-fno-exceptions", "-I" + include, os.path.join(work, "tiny.wrap.cpp"),
              "-Wl,-z,now", "-L" + lib]
    run(common + ["-Wl,@" + os.path.join(work, "tiny.wrap"), "-o",
                  os.path.join(lib, "libsextant-wrap-tiny.so"), "-lsextant",
                  "-ltiny"])
    run(common + ["-DSEXTANT_WRAP_PRELOAD=1", "-o",
                  os.path.join(lib, "libsextant-wrap-tiny-preload.so"),
                  "-lsextant", "-ldl"])
    driver = [cc, "-O2", "-I" + HERE, os.path.join(HERE, "driver.c"), "-L" + lib]
    run(driver + ["-o", os.path.join(work, "direct"), "-ltiny"])
    run(driver + ["-Wl,@" + os.path.join(work, "tiny.wrap"), "-o",
                  os.path.join(work, "linked"), "-lsextant-wrap-tiny", "-ltiny",
                  "-lsextant"])
    return lib


def variants(work, lib):
    env = dict(os.environ, LD_LIBRARY_PATH=lib, SEXTANT_THROTTLE="off",
               SEXTANT_OUTPUT_DIR=os.path.join(work, "experiments"))
    preload = dict(env, LD_PRELOAD=os.path.join(lib, "libsextant-wrap-tiny-preload.so"))
    return [("direct", os.path.join(work, "direct"), env),
            ("link-time", os.path.join(work, "linked"), env),
            ("preload", os.path.join(work, "direct"), preload)]


def instructions(binary, env, calls, work):
    out = os.path.join(work, "callgrind.out")
    run(["valgrind", "--tool=callgrind", "--toggle-collect=countedLoop",
         "--callgrind-out-file=" + out, binary, str(calls)], env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(out) as f:
        for line in f:
            if line.startswith("totals:") or line.startswith("summary:"):
                return int(line.split()[1])
    raise SystemExit("error: no totals in %s" % out)


def nanoseconds(binary, env, calls):
    text = subprocess.run([binary, str(calls)], env=env, check=True,
                          capture_output=True, text=True).stdout
    return float(re.match(r"([0-9.]+) ns/call", text).group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build_dir")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--calls", type=int, default=2000000)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="sextant-wrap-bench-")
    try:
        lib = build(os.path.abspath(args.build_dir), work)
        cases = variants(work, lib)
        per_call = {}
        for name, binary, env in cases:
            small = instructions(binary, env, 1000, work)
            large = instructions(binary, env, 101000, work)
            per_call[name] = (large - small) / 100000.0
        times = {name: [] for name, _, _ in cases}
        for _ in range(args.runs):
            for name, binary, env in cases:
                times[name].append(nanoseconds(binary, env, args.calls))
        direct = statistics.median(times["direct"])
        print("%-10s %14s %14s %12s %8s" % ("variant", "instr/call",
                                              "+instr/call", "ns/call", "ratio"))
        for name, _, _ in cases:
            median = statistics.median(times[name])
            print("%-10s %14.1f %14.1f %12.2f %8.1f" % (
                name, per_call[name], per_call[name] - per_call["direct"],
                median, median / direct))
        print("(%d alternating runs of %d calls each, medians; load: %s)" % (
            args.runs, args.calls, open("/proc/loadavg").read().split()[0]))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
