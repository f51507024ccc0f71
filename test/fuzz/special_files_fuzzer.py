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

import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzz_harness  # noqa: E402
import seed_experiments  # noqa: E402

OUTPUT_BOUND = 64 << 20
SPARSE_BYTES = 1100 << 20
KINDS = ("fifo", "empty", "sparse", "directory", "dangling", "dev-zero",
         "fifo-link")
COMMANDS = (["combine", "--force"], ["report"], ["report", "--html", "OUT"],
            ["export", "--format=chrome", "-o", "OUT"],
            ["export", "--format=otf2", "--force", "-o", "OUT"],
            ["export", "--format=folded", "-o", "OUT"],
            ["export", "--format=hatchet", "-o", "OUT"])


def replace(path, kind, work):
    """Puts a special file of the kind at path (which is removed first)."""
    seed_experiments.remove(path)
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
    run = seed_experiments.take_experiment_option("special_files_fuzzer.py")
    arguments, rng = fuzz_harness.parse_arguments(__doc__.splitlines()[0])
    findings = fuzz_harness.Findings(arguments, "special_files_fuzzer")
    seed_job = seed_experiments.seed_job(findings, arguments, run, False)
    for case in range(arguments.runs):
        directory = os.path.join(arguments.work, "case")
        seed_experiments.remove(directory)
        as_job = rng.random() < 0.5
        shutil.copytree(seed_job if as_job else run, directory, symlinks=True)
        candidates = []
        for root, _, files in os.walk(directory):
            candidates.extend(os.path.join(root, name) for name in files)
        target = rng.choice(sorted(candidates))
        kind = rng.choice(KINDS)
        replace(target, kind, arguments.work)
        output = os.path.join(arguments.work, "out")
        seed_experiments.remove(output)
        command = seed_experiments.commands(arguments.sextant, directory,
                                            output, COMMANDS, as_job, rng, 0.3)
        sparse = SPARSE_BYTES if kind == "sparse" else 0
        findings.run_case(command, "%s as %s (case %d)" %
                          (os.path.relpath(target, arguments.work), kind,
                           case), output_paths=(output,),
                          output_bound=OUTPUT_BOUND + sparse)
    findings.finish()


if __name__ == "__main__":
    main()
