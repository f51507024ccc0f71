#!/usr/bin/env python3
"""Files of an experiment or a job replaced by special ones.

Each case copies a seed experiment (a run, given with --experiment, and a
two-rank job made from it), replaces a random file of it (a JSON file, a
trace or .metrics file, a claim file) by a FIFO, an empty file, a sparse
file of 1.1 GiB, a directory, a dangling symbolic link, a link to /dev/zero
or a link to a FIFO, and runs one of combine, report, report --html and
export --format=chrome|otf2|folded|hatchet on it. A case fails on a signal,
an exit status other than 0 or 1, a sanitizer report, a timeout (a blocking
open of a FIFO, reading /dev/zero) or more than 64 MB written.

    special_files_fuzzer.py --sextant PATH --work DIR --runs N --seed S \\
        --experiment RUN
"""

import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzz_harness  # noqa: E402

OUTPUT_BOUND = 64 << 20
SPARSE_BYTES = 1100 << 20
KINDS = ("fifo", "empty", "sparse", "directory", "dangling", "dev-zero",
         "fifo-link")
COMMANDS = (["combine", "--force"], ["report"], ["report", "--html", "OUT"],
            ["export", "--format=chrome", "-o", "OUT"],
            ["export", "--format=otf2", "--force", "-o", "OUT"],
            ["export", "--format=folded", "-o", "OUT"],
            ["export", "--format=hatchet", "-o", "OUT"])


def make_job(run, job):
    os.makedirs(job)
    for rank in range(2):
        directory = os.path.join(job, "rank-%d" % rank)
        shutil.copytree(run, directory)
        path = os.path.join(directory, "experiment.json")
        with open(path, encoding="utf-8") as stream:
            meta = json.load(stream)
        meta["mpi_rank"], meta["mpi_ranks"] = rank, 2
        with open(path, "w", encoding="utf-8") as stream:
            json.dump(meta, stream, indent=2)


def replace(path, kind, work):
    """Puts a special file of the kind at path (which is removed first)."""
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    elif os.path.lexists(path):
        os.unlink(path)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "empty":
        open(path, "w").close()
    elif kind == "sparse":
        with open(path, "w") as stream:
            stream.truncate(SPARSE_BYTES)
    elif kind == "directory":
        os.mkdir(path)
    elif kind == "dangling":
        os.symlink(os.path.join(work, "nowhere"), path)
    elif kind == "dev-zero":
        os.symlink("/dev/zero", path)
    elif kind == "fifo-link":
        target = os.path.join(work, "a-fifo")
        if not os.path.lexists(target):
            os.mkfifo(target)
        os.symlink(target, path)


def main():
    # --experiment RUN is this fuzzer's own option, taken out before the
    # harness parses the common ones.
    if "--experiment" not in sys.argv[1:-1]:
        sys.exit("special_files_fuzzer.py: --experiment RUN is required")
    at = sys.argv.index("--experiment")
    run = os.path.abspath(sys.argv[at + 1])
    del sys.argv[at:at + 2]
    arguments, rng = fuzz_harness.parse_arguments(__doc__.splitlines()[0])
    findings = fuzz_harness.Findings(arguments, "special_files_fuzzer")
    seed_job = os.path.join(arguments.work, "seed-job")
    make_job(run, seed_job)
    seeded = findings.run_case([arguments.sextant, "combine", seed_job],
                               "the seed job")
    if seeded is None or seeded.returncode != 0:
        sys.exit("special_files_fuzzer.py: cannot combine the seed job")
    for case in range(arguments.runs):
        directory = os.path.join(arguments.work, "case")
        if os.path.lexists(directory):
            shutil.rmtree(directory)
        as_job = rng.random() < 0.5
        shutil.copytree(seed_job if as_job else run, directory, symlinks=True)
        candidates = []
        for root, _, files in os.walk(directory):
            candidates.extend(os.path.join(root, name) for name in files)
        target = rng.choice(sorted(candidates))
        kind = rng.choice(KINDS)
        replace(target, kind, arguments.work)
        output = os.path.join(arguments.work, "out")
        if os.path.isdir(output):
            shutil.rmtree(output)
        elif os.path.lexists(output):
            os.unlink(output)
        command = rng.choice(COMMANDS[1:])
        if as_job and rng.random() < 0.3:
            command = COMMANDS[0]
        command = [arguments.sextant] + [
            output if part == "OUT" else part for part in command] + [directory]
        sparse = SPARSE_BYTES if kind == "sparse" else 0
        findings.run_case(command, "%s as %s (case %d)" %
                          (os.path.relpath(target, arguments.work), kind,
                           case), output_paths=(output,),
                          output_bound=OUTPUT_BOUND + sparse)
    findings.finish()


if __name__ == "__main__":
    main()
