#!/usr/bin/env python3
"""What Sextant adds to MPI_Init and MPI_Finalize, against the budgets.

Usage: run_session_costs.py [--build-dir DIR] [--ranks 2,4,8,16,32]
                            [--regions 50] [--rounds 9] [--timeout 120]
                            [--traced] [--work-dir DIR]

For each number of regions R, builds the program of
generate_regions_program.py (R instrumented functions called once each
between MPI_Init and MPI_Finalize) plain and with Sextant (the plugin,
libsextant and the MPICH adapter libsextant-mpich of the build tree; both
-O2 -falign-functions=64: regions_program_runs.py, shared with
run_aggregation.py). For each number of ranks P it runs the builds in
turn, plain, Sextant, plain, Sextant, ..., --rounds times, each under
`mpiexec.mpich -launcher fork -n P` (this host only: oversubscribed beyond
its cores). Every rank times its own MPI_Init and MPI_Finalize
(CLOCK_MONOTONIC just before and after each) and prints both after
MPI_Finalize; a run's figure is the largest over its ranks. A run that
does not end within --timeout seconds is killed with its ranks and
counted as timed out, not measured. With --traced, a third variant, the
Sextant build with SEXTANT_TRACE=1, takes its turn after Sextant's in
every round, and is reported separately (it is judged against no budget).

The tables give, per variant, the median, minimum and maximum over the
rounds of MPI_Init and MPI_Finalize (milliseconds); the time Sextant adds
(the median of the Sextant variant minus the plain one's, and per rank);
and the profile's MPI_Init: in each Sextant run, the inclusive time of the
MPI_Init (or MPI_Init_thread) region in the job's profile-ranks.json, its
largest over the ranks (the "max" statistic of "time (inc)"), median over
the rounds, against the plain program's own MPI_Init median, with their
ratio. Then one line per budget of issue 33 (docs/performance.md, MPI):

    budget: MPI_Init +X ms at 16 ranks <= 30 ms: yes/no
    budget: MPI_Finalize +X ms at 32 ranks, 50 regions <= 60 ms: yes/no
    budget: added time at most linear in the ranks (...): yes/no
    budget: profile's MPI_Init within 10 % or 5 ms of the plain ...: yes/no

(a budget whose ranks or regions were not run says so), and the load
average before and after. The figures are the machine's: more ranks than
cores measure the oversubscription too.
"""
import json
import os
import shutil
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
from machine_info import cpu_model  # noqa: E402  (benchmarks/machine_info.py)
from regions_program_runs import (  # noqa: E402
    RunFailed, RunTimedOut, build_programs, launch, parse_arguments)

INIT_BUDGET_RANKS, INIT_BUDGET_MS = 16, 30.0
FINALIZE_BUDGET_RANKS, FINALIZE_BUDGET_REGIONS = 32, 50
FINALIZE_BUDGET_MS = 60.0
PROFILE_TOLERANCE, PROFILE_TOLERANCE_MS = 0.10, 5.0
# "At most linear": the added time at the largest P may exceed the largest
# per-rank added time at the smaller P, times P, by this factor plus slack
# (medians of a shared machine: the slack keeps noise around 0 from
# deciding).
LINEAR_FACTOR, LINEAR_SLACK_MS = 1.25, 5.0
INIT_REGIONS = ("MPI_Init", "MPI_Init_thread")


def profile_init_seconds(job):
    """The largest inclusive time over the ranks of the MPI_Init region in
    job's profile-ranks.json, or None without that file or region."""
    try:
        with open(os.path.join(job, "profile-ranks.json")) as f:
            ranks = json.load(f)
    except (OSError, ValueError):
        return None
    times = [node["metrics"]["time (inc)"]["max"] for node in ranks["nodes"]
             if node["name"] in INIT_REGIONS]
    return max(times) if times else None


class Variant:
    """One build with its environment, and what its runs measured."""

    def __init__(self, name, sextant, env):
        self.name, self.sextant, self.env = name, sextant, env
        self.init, self.finalize, self.profile_init = [], [], []
        self.timeouts, self.failures = 0, 0


def run_size(variants, executables, ranks, rounds, timeout, work):
    """Runs every variant rounds times in turn on ranks processes."""
    for round_index in range(rounds):
        for variant in variants:
            job = os.path.join(work, "job-%d-%d-%s" % (ranks, round_index,
                                                        variant.name))
            env = dict(os.environ)
            env.pop("SEXTANT_TRACE", None)  # only the traced variant's
            env.update(variant.env)
            env["SEXTANT_OUTPUT_DIR"] = job
            env["SEXTANT_VERBOSE"] = "0"
            try:
                figures = launch(executables[variant.sextant], ranks, env,
                                 timeout)
            except RunFailed as error:
                if isinstance(error, RunTimedOut):
                    variant.timeouts += 1
                else:
                    variant.failures += 1
                print("run_session_costs: %s" % error, file=sys.stderr,
                      flush=True)
                shutil.rmtree(job, ignore_errors=True)
                continue
            variant.init.append(max(f["init_seconds"]
                                    for f in figures.values()))
            variant.finalize.append(max(f["finalize_seconds"]
                                        for f in figures.values()))
            if variant.sextant:
                variant.profile_init.append(profile_init_seconds(job))
            shutil.rmtree(job, ignore_errors=True)


def ms(seconds):
    return None if seconds is None else 1000.0 * seconds


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def show(value, digits=2):
    return "—" if value is None else "%.*f" % (digits, value)


def difference(a, b):
    return None if a is None or b is None else a - b


def yes(condition):
    return "yes" if condition else "no"


class Size:
    """The figures of one (ranks, regions) pair."""

    def __init__(self, ranks, regions, variants):
        self.ranks, self.regions = ranks, regions
        self.variants = dict((v.name, v) for v in variants)

    def init(self, name):
        return ms(median(self.variants[name].init))

    def finalize(self, name):
        return ms(median(self.variants[name].finalize))

    def added_init(self, name="sextant"):
        return difference(self.init(name), self.init("plain"))

    def added_finalize(self, name="sextant"):
        return difference(self.finalize(name), self.finalize("plain"))

    def profile_init(self):
        return ms(median(self.variants["sextant"].profile_init))


def print_tables(sizes):
    print("| ranks P | regions | variant | runs | timed out | failed "
          "| MPI_Init median (ms) | min | max "
          "| MPI_Finalize median (ms) | min | max |")
    print("|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for size in sizes:
        for name, v in size.variants.items():
            init, fin = [ms(x) for x in v.init], [ms(x) for x in v.finalize]
            print("| %d | %d | %s | %d | %d | %d | %s | %s | %s | %s | %s "
                  "| %s |" % (size.ranks, size.regions, name, len(v.init),
                              v.timeouts, v.failures, show(size.init(name)),
                              show(min(init, default=None)),
                              show(max(init, default=None)),
                              show(size.finalize(name)),
                              show(min(fin, default=None)),
                              show(max(fin, default=None))))
    print()
    print("| ranks P | regions | variant | MPI_Init added (ms) | per rank "
          "| MPI_Finalize added (ms) | per rank |")
    print("|---:|---:|---|---:|---:|---:|---:|")
    for size in sizes:
        for name in size.variants:
            if name == "plain":
                continue
            init, fin = size.added_init(name), size.added_finalize(name)
            print("| %d | %d | %s | %s | %s | %s | %s |" % (
                size.ranks, size.regions, name, show(init),
                show(None if init is None else init / size.ranks, 3),
                show(fin), show(None if fin is None else fin / size.ranks,
                                3)))
    print()
    print("| ranks P | regions | profile's MPI_Init, largest over the ranks "
          "(ms) | plain program's own MPI_Init (ms) | ratio |")
    print("|---:|---:|---:|---:|---:|")
    for size in sizes:
        profile, plain = size.profile_init(), size.init("plain")
        ratio = profile / plain if profile is not None and plain else None
        print("| %d | %d | %s | %s | %s |" % (
            size.ranks, size.regions, show(profile), show(plain),
            show(ratio, 3)))


def linear_verdict(sizes, regions, added, what):
    """The budget line "at most linear in the ranks" for one figure."""
    points = sorted((s.ranks, added(s)) for s in sizes
                    if s.regions == regions and added(s) is not None)
    if len(points) < 2:
        return ("budget: %s added time at most linear in the ranks, %d "
                "regions: not measured (fewer than two numbers of ranks)"
                % (what, regions))
    largest, at_largest = points[-1]
    per_rank = max(a / p for p, a in points[:-1])
    bound = LINEAR_FACTOR * max(per_rank, 0.0) * largest + LINEAR_SLACK_MS
    return ("budget: %s added time at most linear in the ranks, %d regions "
            "(+%.1f ms at %d ranks <= %.2f x %.3f ms per rank x %d + %.0f ms "
            "= %.1f ms): %s" % (what, regions, at_largest, largest,
                                LINEAR_FACTOR, per_rank, largest,
                                LINEAR_SLACK_MS, bound,
                                yes(at_largest <= bound)))


def print_budgets(sizes):
    regions = sorted(set(s.regions for s in sizes))
    for count in regions:
        size = next((s for s in sizes if s.ranks == INIT_BUDGET_RANKS and
                     s.regions == count), None)
        added = size.added_init() if size else None
        if added is None:
            print("budget: MPI_Init at %d ranks, %d regions <= plain + %.0f "
                  "ms: not measured" % (INIT_BUDGET_RANKS, count,
                                        INIT_BUDGET_MS))
        else:
            print("budget: MPI_Init %+.1f ms at %d ranks, %d regions <= %.0f "
                  "ms: %s" % (added, INIT_BUDGET_RANKS, count,
                              INIT_BUDGET_MS, yes(added <= INIT_BUDGET_MS)))
    size = next((s for s in sizes if s.ranks == FINALIZE_BUDGET_RANKS and
                 s.regions == FINALIZE_BUDGET_REGIONS), None)
    added = size.added_finalize() if size else None
    if added is None:
        print("budget: MPI_Finalize at %d ranks, %d regions <= plain + %.0f "
              "ms: not measured" % (FINALIZE_BUDGET_RANKS,
                                    FINALIZE_BUDGET_REGIONS,
                                    FINALIZE_BUDGET_MS))
    else:
        print("budget: MPI_Finalize %+.1f ms at %d ranks, %d regions <= %.0f "
              "ms: %s" % (added, FINALIZE_BUDGET_RANKS,
                          FINALIZE_BUDGET_REGIONS, FINALIZE_BUDGET_MS,
                          yes(added <= FINALIZE_BUDGET_MS)))
    for count in regions:
        print(linear_verdict(sizes, count, Size.added_init, "MPI_Init"))
        print(linear_verdict(sizes, count, Size.added_finalize,
                             "MPI_Finalize"))
    for size in sizes:
        profile, plain = size.profile_init(), size.init("plain")
        what = ("budget: profile's MPI_Init within %.0f %% or %.0f ms of the "
                "plain program's own, %d ranks, %d regions"
                % (100 * PROFILE_TOLERANCE, PROFILE_TOLERANCE_MS, size.ranks,
                   size.regions))
        if profile is None or plain is None:
            print("%s: not measured" % what)
            continue
        tolerance = max(PROFILE_TOLERANCE * plain, PROFILE_TOLERANCE_MS)
        print("%s (%.2f ms against %.2f ms): %s" % (
            what, profile, plain, yes(abs(profile - plain) <= tolerance)))


def load_average():
    return "%.2f %.2f %.2f" % os.getloadavg()


def add_options(parser):
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="seconds a run may take (default 120)")
    parser.add_argument("--traced", action="store_true",
                        help="also the Sextant build with SEXTANT_TRACE=1")


def main():
    args = parse_arguments(__doc__.splitlines()[0], "2,4,8,16,32", "50",
                           add_options)
    if args.rounds < 1 or args.timeout <= 0:
        sys.exit("run_session_costs: error: --rounds and --timeout must be "
                 "positive")
    print("machine: %s, %d logical CPUs" % (cpu_model(), os.cpu_count()))
    print("load average before: %s" % load_average(), flush=True)
    work = args.work_dir or tempfile.mkdtemp(prefix="sextant-session-costs-")
    os.makedirs(work, exist_ok=True)
    sizes = []
    try:
        for count in args.regions:
            executables = build_programs(args.build_dir, count, work)
            for size in args.ranks:
                variants = [Variant("plain", False, {}),
                            Variant("sextant", True, {})]
                if args.traced:
                    variants.append(Variant("traced", True,
                                            {"SEXTANT_TRACE": "1"}))
                run_size(variants, executables, size, args.rounds,
                         args.timeout, work)
                sizes.append(Size(size, count, variants))
                print("run_session_costs: %d ranks, %d regions measured"
                      % (size, count), file=sys.stderr, flush=True)
    finally:
        if not args.work_dir:
            shutil.rmtree(work, ignore_errors=True)
    print("rounds: %d, variants in turn; a run's figure is the largest over "
          "its ranks; medians, min and max over the rounds" % args.rounds)
    print()
    print_tables(sizes)
    print()
    print_budgets(sizes)
    print("load average after: %s" % load_average())


if __name__ == "__main__":
    main()
