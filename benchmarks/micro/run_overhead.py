#!/usr/bin/env python3
"""Run Sextant's overhead benchmark in every mode and print the tables of
docs/performance.md.

Usage: run_overhead.py BENCHMARK [--repetitions N] [--min-time SECONDS]
                        [--metrics LIST] [--baseline BENCHMARK2 [--rounds N]]
                        [--baseline-runtime DIR [--rounds N]] [--no-count]

The benchmark binary (sextant_overhead_benchmark) is run three times, each
with its own experiment directory in a temporary directory (removed
afterwards) and SEXTANT_THROTTLE=off:
  1. profile mode (the default clock, normally the TSC): every case;
  2. tracing mode (SEXTANT_TRACE=1): the uninstrumented and the traced call;
  3. profile mode with SEXTANT_CLOCK=monotonic: the armed call;
  4. profile mode with SEXTANT_METRICS=LIST (--metrics, default
     perf::TASK-CLOCK,perf::PAGE-FAULTS: wall time plus two PAPI events):
     the armed call.
With --baseline, the uninstrumented and the armed profile-mode call of
BENCHMARK2 (the same benchmark built from another commit, e.g. main) and of
BENCHMARK are also run alternately, --rounds times each, and a table
compares the medians over all their repetitions. --baseline-runtime does the
same with BENCHMARK itself, run once against the libsextant.so in DIR (a
build of another commit; LD_LIBRARY_PATH overrides the benchmark's RUNPATH)
and once against its own: only the runtime differs, not the benchmark's code
layout.
Unless --no-count is given, and when valgrind is installed and
sextant_count_driver was built next to BENCHMARK, the instructions per armed
enter+exit pair are counted with callgrind (count_instructions.py; with
--baseline-runtime, also against that runtime) and printed after the timed
tables.
Each case runs --repetitions times (Google Benchmark's
--benchmark_repetitions); the tables show the median of the repetitions of
the CPU time per call, in nanoseconds, and compare it with the budgets of
design.md.
"""
import argparse
import datetime
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from machine_info import cpu_model  # noqa: E402  (benchmarks/machine_info.py)
import count_instructions  # noqa: E402  (next to this script)


def cpu_flags():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


def run(binary, env_extra, bench_filter, repetitions, min_time, workdir, label):
    env = dict(os.environ)
    for name in list(env):
        if name.startswith("SEXTANT_"):
            del env[name]
    env.update({"SEXTANT_THROTTLE": "off", "SEXTANT_VERBOSE": "0",
                "SEXTANT_OUTPUT_DIR": os.path.join(workdir, label)})
    env.update(env_extra)
    out = os.path.join(workdir, label + ".json")
    command = [binary, "--benchmark_filter=" + bench_filter,
               "--benchmark_repetitions=%d" % repetitions,
               "--benchmark_min_time=%g" % min_time,
               "--benchmark_report_aggregates_only=true",
               "--benchmark_out_format=json", "--benchmark_out=" + out,
               "--benchmark_format=console"]
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    with open(out) as f:
        data = json.load(f)
    medians = {}
    for b in data["benchmarks"]:
        if b.get("aggregate_name") == "median" and not b.get("error_occurred"):
            assert b["time_unit"] == "ns", b
            medians[b["run_name"]] = b["cpu_time"]
    return medians, data.get("context", {})


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("benchmark")
    parser.add_argument("--repetitions", type=int, default=10)
    parser.add_argument("--min-time", type=float, default=0.2)
    parser.add_argument("--metrics", default="perf::TASK-CLOCK,perf::PAGE-FAULTS")
    parser.add_argument("--baseline")
    parser.add_argument("--baseline-runtime")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-count", action="store_true",
                        help="do not count instructions with callgrind")
    args = parser.parse_args()
    binary = os.path.abspath(args.benchmark)

    workdir = tempfile.mkdtemp(prefix="sextant-overhead-")
    try:
        profile, context = run(binary, {}, ".", args.repetitions,
                               args.min_time, workdir, "profile")
        trace, _ = run(binary, {"SEXTANT_TRACE": "1"},
                       "BM_(Uninstrumented|ArmedTrace)$", args.repetitions,
                       args.min_time, workdir, "trace")
        monotonic, _ = run(binary, {"SEXTANT_CLOCK": "monotonic"},
                           "BM_(Uninstrumented|ArmedProfile)$",
                           args.repetitions, args.min_time, workdir,
                           "monotonic")
        metrics, _ = run(binary, {"SEXTANT_METRICS": args.metrics},
                         "BM_(Uninstrumented|ArmedProfile)$",
                         args.repetitions, args.min_time, workdir, "metrics")
        with open(os.path.join(workdir, "metrics", "experiment.json")) as f:
            metrics_info = json.load(f)["metrics"]
        baseline = None
        if args.baseline or args.baseline_runtime:
            baseline = {"this": {}, "baseline": {}}
            if args.baseline:
                old_binary, old_env = os.path.abspath(args.baseline), {}
            else:
                old_binary = binary
                old_env = {"LD_LIBRARY_PATH":
                           os.path.abspath(args.baseline_runtime)}
            for index in range(args.rounds):
                for label, path, extra in (("baseline", old_binary, old_env),
                                           ("this", binary, {})):
                    medians, _ = run(path, extra,
                                     "BM_(Uninstrumented|ArmedProfile)$",
                                     args.repetitions, args.min_time, workdir,
                                     "%s-%d" % (label, index))
                    for name, value in medians.items():
                        baseline[label].setdefault(name, []).append(value)
        with open(os.path.join(workdir, "profile", "experiment.json")) as f:
            experiment = json.load(f)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)

    flags = cpu_flags()
    print("## Overhead benchmark\n")
    print("- date: %s" % datetime.datetime.now().strftime("%Y-%m-%d %H:%M"))
    print("- machine: %s, %d logical CPUs (nproc), %s" %
          (cpu_model(), os.cpu_count(), platform.platform()))
    print("- TSC: CPU flags %s; the runtime used clock %s at %.3f MHz (%s)" %
          (" ".join(sorted(f for f in ("constant_tsc", "nonstop_tsc", "rdtscp")
                           if f in flags)) or "none",
           experiment["clock"], experiment["clock_ticks_per_second"] / 1e6,
           experiment["clock_calibration"]))
    print("- event_pair_cost_seconds measured at start-up: %.1f ns" %
          (experiment["event_pair_cost_seconds"] * 1e9))
    print("- command: `%s %s --repetitions %d --min-time %g`" %
          (os.path.relpath(sys.argv[0]), os.path.basename(binary),
           args.repetitions, args.min_time))
    print("- every value: median of %d repetitions of the CPU time per call "
          "in nanoseconds (benchmark loop included; CPU time rather than "
          "wall time, so that time the process spent descheduled on a "
          "shared machine does not count)\n" % args.repetitions)

    base = profile["BM_Uninstrumented"]
    tsc2 = profile.get("BM_TwoTscReads")
    armed = profile["BM_ArmedProfile"]
    rows = [
        ("uninstrumented", base, None),
        ("plugin, disarmed (SEXTANT_FILTERED)", profile["BM_Disarmed"],
         ("≤ uninstrumented + 0.5 ns", base + 0.5)),
        ("plugin, armed, profile mode (%s)" % experiment["clock"], armed,
         ("≤ uninstrumented + two TSC reads + 5 ns",
          base + (tsc2 or 0) + 5.0)),
        ("plugin, armed, tracing mode", trace.get("BM_ArmedTrace"),
         ("≤ profile mode + 5 ns", armed + 5.0)),
        ("plugin, armed, profile mode, SEXTANT_CLOCK=monotonic",
         monotonic.get("BM_ArmedProfile"), None),
        ("plugin, armed, profile mode, SEXTANT_METRICS=%s" % args.metrics,
         metrics.get("BM_ArmedProfile"), None),
        ("-finstrument-functions, empty hooks", profile["BM_EmptyCygHooks"],
         None),
    ]
    print("| call | ns/call | minus uninstrumented | ratio | budget | within |")
    print("|---|---:|---:|---:|---|---|")
    for name, value, budget in rows:
        if value is None:
            print("| %s | (not run) | | | | |" % name)
            continue
        budget_text, limit = budget if budget else ("", None)
        if limit is not None:
            budget_text += " = %.2f ns" % limit
        verdict = "" if limit is None else ("yes" if value <= limit else "NO")
        print("| %s | %.2f | %+.2f | %.2f× | %s | %s |" %
              (name, value, value - base, value / base, budget_text, verdict))
    if tsc2 is not None:
        print("| (reference) two RDTSC instructions | %.2f | | | | |" % tsc2)
    print("\nThe uninstrumented run of the tracing process took %.2f ns, of "
          "the SEXTANT_CLOCK=monotonic process %.2f ns." %
          (trace.get("BM_Uninstrumented", float("nan")),
           monotonic.get("BM_Uninstrumented", float("nan"))))

    print("\nThe SEXTANT_METRICS run measured %s%s; its uninstrumented run took "
          "%.2f ns." %
          (", ".join(m["name"] for m in metrics_info["measured"]) or "nothing",
           "".join("; %s unavailable: %s" % (m["name"], m["reason"])
                   for m in metrics_info["unavailable"]),
           metrics.get("BM_Uninstrumented", float("nan"))))

    if baseline:
        def median(values):
            values = sorted(values)
            middle = len(values) // 2
            return (values[middle] if len(values) % 2
                    else (values[middle - 1] + values[middle]) / 2)
        print("\n### This build against the baseline (%s), alternating, %d "
              "rounds\n" % (args.baseline or "this benchmark with the "
                            "libsextant.so of " + args.baseline_runtime,
                            args.rounds))
        print("| call | baseline ns/call | this build ns/call | ratio |")
        print("|---|---:|---:|---:|")
        for name, title in (("BM_Uninstrumented", "uninstrumented"),
                            ("BM_ArmedProfile", "plugin, armed, profile mode "
                             "(wall time only)")):
            old = median(baseline["baseline"].get(name, [float("nan")]))
            new = median(baseline["this"].get(name, [float("nan")]))
            print("| %s | %.2f | %.2f | %.3f× |" % (title, old, new, new / old))
        old_armed = median(baseline["baseline"]["BM_ArmedProfile"])
        new_armed = median(baseline["this"]["BM_ArmedProfile"])
        old_base = median(baseline["baseline"]["BM_Uninstrumented"])
        new_base = median(baseline["this"]["BM_Uninstrumented"])
        print("\nArmed minus uninstrumented: baseline %.2f ns, this build "
              "%.2f ns. Medians of the armed call per round (baseline / this "
              "build): %s." %
              (old_armed - old_base, new_armed - new_base,
               ", ".join("%.2f / %.2f" % pair for pair in
                         zip(baseline["baseline"]["BM_ArmedProfile"],
                             baseline["this"]["BM_ArmedProfile"]))))

    print("\n### Cost of a pair of events against the duration of the call\n")
    print("| steps | uninstrumented ns | armed ns | overhead ns | overhead |")
    print("|---:|---:|---:|---:|---:|")
    steps = sorted(int(k.split("/")[1]) for k in profile
                   if k.startswith("BM_WorkUninstrumented/"))
    for n in steps:
        plain = profile.get("BM_WorkUninstrumented/%d" % n)
        armed_work = profile.get("BM_WorkArmedProfile/%d" % n)
        if plain is None or armed_work is None:
            continue
        print("| %d | %.1f | %.1f | %.1f | %.1f %% |" %
              (n, plain, armed_work, armed_work - plain,
               100.0 * (armed_work - plain) / plain))

    build_dir = os.path.dirname(binary)
    if args.no_count:
        return 0
    if not shutil.which("valgrind") or not os.path.exists(
            os.path.join(build_dir, count_instructions.DRIVER)):
        print("\n(instructions per armed pair not counted: needs valgrind and "
              "%s)" % count_instructions.DRIVER)
        return 0
    print("\n### Instructions per armed enter+exit pair (callgrind)\n")
    counts = count_instructions.count(build_dir)
    before = (count_instructions.count(build_dir, args.baseline_runtime)
              if args.baseline_runtime else None)
    count_instructions.print_table(counts, before)
    return 0


if __name__ == "__main__":
    sys.exit(main())
