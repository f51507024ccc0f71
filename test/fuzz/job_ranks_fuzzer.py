#!/usr/bin/env python3
"""Fuzzes what the tool does with an MPI job's ranks (issue 31, #5 and #7).

Starts from a small job directory (--job: rank-<r>/ directories, as
test/lit/e2e/fuzz/job_ranks.test makes one without mpiexec) and per case
copies it, then at random: adds stray rank directories (rank-999999 and
the like, copies of a real rank), removes a rank, and gives "mpi_ranks",
"mpi_rank", "pid" and other numeric fields of random ranks' files absurd
values or wrong types, or removes them. Each case runs `combine --force`,
`report`, `report --html`, `export --format=chrome`, `--format=otf2` and
`--format=hatchet` on the job. Besides what fuzz_harness.py judges (exit 0
or 1, no signal, no sanitizer report, no timeout), a case fails when a
command's files are larger than --output-bound (default 16 MB; the 4-rank
job's view is a few KB) or when nlohmann-json's text ("[json.exception")
reaches standard error.

    python3 test/fuzz/job_ranks_fuzzer.py --sextant build/tools/sextant/sextant \\
        --job JOBDIR --work /tmp/fuzz-job-ranks --runs 300 --seed 7
"""

import argparse
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzz_harness  # noqa: E402

STRAY_RANKS = [4, 5, 63, 1000, 99999, 999999, 9999999, 123456789, 999999999]
ABSURD_VALUES = [
    4000000000, 2**31, 2**31 - 1, 2**63, 2**64 - 1, -1, -(2**63), 0, 1, 3,
    1e300, -1e300, 0.5, "x", "", None, True, [], {}, [1, 2], {"a": 1},
]
# (file, path of keys and indexes) the merge and the readers read numbers
# or strings from; "*" is a random element of an array.
FIELDS = [
    ("experiment.json", ["mpi_ranks"]),
    ("experiment.json", ["mpi_rank"]),
    ("experiment.json", ["pid"]),
    ("experiment.json", ["threads"]),
    ("experiment.json", ["wall_time_seconds"]),
    ("experiment.json", ["hostname"]),
    ("experiment.json", ["program"]),
    ("experiment.json", ["clock_ticks_per_second"]),
    ("experiment.json", ["trace", "files"]),
    ("regions.json", ["regions"]),
    ("regions.json", ["regions", "*", "id"]),
    ("regions.json", ["regions", "*", "name"]),
    ("regions.json", ["regions", "*", "begin_line"]),
    ("profile.json", ["*", "attributes", "region_id"]),
    ("profile.json", ["*", "frame"]),
    ("profile.json", ["*", "frame", "name"]),
    ("profile.json", ["*", "metrics", "visits"]),
    ("profile.json", ["*", "children"]),
    ("library-ring.json", ["ranks"]),
    ("library-ring.json", ["rank"]),
    ("library-ring.json", ["traffic", "*", "partner"]),
]
REMOVED = object()


def parse_job_argument():
    """--job and --output-bound, taken out of sys.argv before the harness
    parses the options every fuzzer takes."""
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--job", required=True)
    parser.add_argument("--output-bound", type=int, default=16 << 20)
    known, rest = parser.parse_known_args()
    sys.argv = [sys.argv[0]] + rest
    return known


def ranks_of(job):
    return sorted(int(name[5:]) for name in os.listdir(job)
                  if name.startswith("rank-") and name[5:].isdigit())


def set_path(document, path, value, rng):
    """Sets (or removes) the value at path; False when the path is absent."""
    node = document
    for i, step in enumerate(path):
        last = i == len(path) - 1
        if step == "*":
            if not isinstance(node, list) or not node:
                return False
            step = rng.randrange(len(node))
        elif not isinstance(node, dict) or (step not in node and not last):
            return False
        if last:
            if value is REMOVED:
                if isinstance(node, dict):
                    node.pop(step, None)
                else:
                    del node[step]
            else:
                node[step] = value
            return True
        node = node[step]
    return False


def mutate_field(case, rng, ranks):
    rank = rng.choice(ranks)
    name, path = rng.choice(FIELDS)
    file = os.path.join(case, "rank-%d" % rank, name)
    try:
        with open(file) as f:
            document = json.load(f)
    except (OSError, ValueError):
        return None
    value = REMOVED if rng.random() < 0.15 else rng.choice(ABSURD_VALUES)
    if not set_path(document, path, value, rng):
        return None
    with open(file, "w") as f:
        json.dump(document, f)
    return "rank-%d/%s %s = %s" % (rank, name, ".".join(path),
                                   "(removed)" if value is REMOVED
                                   else json.dumps(value))


def make_case(job, case, rng):
    """Copies job to case and mutates it; returns what was done."""
    shutil.copytree(job, case, symlinks=True)
    for name in os.listdir(case):  # the view is the commands' to write
        path = os.path.join(case, name)
        if not name.startswith("rank-") and os.path.isfile(path):
            os.remove(path)
    ranks = ranks_of(case)
    done = []
    for _ in range(rng.randint(1, 4)):
        what = rng.random()
        if what < 0.3:
            stray = rng.choice(STRAY_RANKS)
            target = os.path.join(case, "rank-%d" % stray)
            if not os.path.exists(target):
                shutil.copytree(os.path.join(case, "rank-%d" %
                                             rng.choice(ranks)), target)
                done.append("stray rank-%d" % stray)
        elif what < 0.38 and len(ranks) > 1:
            gone = rng.choice(ranks)
            shutil.rmtree(os.path.join(case, "rank-%d" % gone))
            ranks.remove(gone)
            done.append("removed rank-%d" % gone)
        else:
            change = mutate_field(case, rng, ranks)
            if change:
                done.append(change)
    return "; ".join(done) or "unchanged"


def main():
    extra = parse_job_argument()
    arguments, rng = fuzz_harness.parse_arguments(
        "Fuzzes the ranks of an MPI job for combine, report and export.")
    findings = fuzz_harness.Findings(arguments, "job_ranks_fuzzer")
    job = os.path.abspath(extra.job)
    sextant = arguments.sextant
    for run in range(arguments.runs):
        case = os.path.join(arguments.work, "case-%d" % run)
        description = "%s: %s" % (case, make_case(job, case, rng))
        out = os.path.join(arguments.work, "out-%d" % run)
        os.makedirs(out)
        view = [os.path.join(case, name) for name in
                ("experiment.json", "profile.json", "profile-ranks.json",
                 "regions.json", "mpi.json", "summary.txt",
                 "library-ring.json")]
        commands = [
            ([sextant, "combine", "--force", case], view),
            ([sextant, "report", case], []),
            ([sextant, "report", "--html=" + os.path.join(out, "r.html"),
              case], [os.path.join(out, "r.html")]),
            ([sextant, "export", "--format=chrome", "-o",
              os.path.join(out, "c.json"), case],
             [os.path.join(out, "c.json")]),
            ([sextant, "export", "--format=otf2", "-o",
              os.path.join(out, "otf2"), case], [os.path.join(out, "otf2")]),
            ([sextant, "export", "--format=hatchet", "-o",
              os.path.join(out, "h.json"), case],
             [os.path.join(out, "h.json")]),
        ]
        for command, outputs in commands:
            result = findings.run_case(command, description,
                                       output_paths=outputs,
                                       output_bound=extra.output_bound)
            if result is None:
                continue
            stderr = result.stderr.decode("utf-8", "replace")
            if "[json.exception" in stderr:
                # The harness judges exits and sizes; this rule is ours.
                findings._problem(description, command,
                                  "nlohmann-json's text reached the user",
                                  stderr)
        shutil.rmtree(case)
        shutil.rmtree(out)
    findings.finish()


if __name__ == "__main__":
    main()
