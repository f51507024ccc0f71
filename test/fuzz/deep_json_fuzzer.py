#!/usr/bin/env python3
"""Deeply nested JSON in an experiment's and a job's files.

Each case copies a seed experiment (a run and a two-rank job made from it,
given with --experiment), puts a value nested 1 to 200,000 levels deep
(arrays and objects mixed at random) at a random place of one of its JSON
files, and runs one of combine, report, report --html, and export
--format=chrome|otf2|folded|hatchet on it. A case fails on a signal (the
stack overflow of a recursive copy), an exit status other than 0 or 1, a
sanitizer report, a timeout, or more than 64 MB written (a copy that
multiplies the input).

    deep_json_fuzzer.py --sextant PATH --work DIR --runs N --seed S \\
        --experiment RUN
"""

import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzz_harness  # noqa: E402
import seed_experiments  # noqa: E402

OUTPUT_BOUND = 64 << 20
JSON_FILES = ("experiment.json", "regions.json", "profile.json",
              "profile-threads.json", "mpi.json", "profile-ranks.json")
COMMANDS = (["combine", "--force"], ["report"], ["report", "--html", "OUT"],
            ["export", "--format=chrome", "-o", "OUT"],
            ["export", "--format=otf2", "--force", "-o", "OUT"],
            ["export", "--format=folded", "-o", "OUT"],
            ["export", "--format=hatchet", "-o", "OUT"])


def nested(rng, depth):
    """A JSON text of depth levels, each an array or an object."""
    opening, closing = [], []
    for _ in range(depth):
        if rng.random() < 0.5:
            opening.append("[")
            closing.append("]")
        else:
            opening.append('{"k":')
            closing.append("}")
    return "".join(opening) + "1" + "".join(reversed(closing))


def insert_deep(rng, text, value):
    """text with value put after a random '[' (as its first element) or ':'
    (as the member's value, the old one kept under "fuzz_rest"), or value
    alone, all valid JSON."""
    places = [i + 1 for i, c in enumerate(text) if c in "[:"]
    if not places or rng.random() < 0.1:
        return value
    at = rng.choice(places)
    if text[at - 1] == ":":
        return text[:at] + value + ',"fuzz_rest":' + text[at:]
    empty = text[at:].lstrip().startswith("]")
    return text[:at] + value + ("" if empty else ",") + text[at:]


def main():
    run = seed_experiments.take_experiment_option("deep_json_fuzzer.py")
    arguments, rng = fuzz_harness.parse_arguments(__doc__.splitlines()[0])
    findings = fuzz_harness.Findings(arguments, "deep_json_fuzzer")
    seed_job = seed_experiments.seed_job(findings, arguments, run, True)
    for case in range(arguments.runs):
        directory = os.path.join(arguments.work, "case")
        seed_experiments.remove(directory)
        as_job = rng.random() < 0.6
        shutil.copytree(seed_job if as_job else run, directory)
        candidates = []
        for root, _, files in os.walk(directory):
            for name in files:
                if name in JSON_FILES or name.startswith("library-"):
                    candidates.append(os.path.join(root, name))
        # The free-form files (not the call trees) half of the time.
        free_form = [c for c in candidates if not
                     os.path.basename(c).startswith("profile")]
        target = rng.choice(sorted(free_form if free_form and
                                   rng.random() < 0.5 else candidates))
        depth = rng.choice((1, 2, 100, 511, 512, 513, 1000, 20000, 100000,
                            200000, rng.randint(1, 200000)))
        with open(target, encoding="utf-8") as stream:
            text = stream.read()
        with open(target, "w", encoding="utf-8") as stream:
            stream.write(insert_deep(rng, text, nested(rng, depth)))
        output = os.path.join(arguments.work, "out")
        seed_experiments.remove(output)
        # combine copies the ranks' free-form fields: tried most on jobs.
        command = seed_experiments.commands(arguments.sextant, directory,
                                            output, COMMANDS, as_job, rng, 0.4)
        findings.run_case(command, "%s, %d levels (case %d)" %
                          (os.path.relpath(target, arguments.work), depth,
                           case), output_paths=(output, directory),
                          output_bound=OUTPUT_BOUND + _size(directory))
    findings.finish()


def _size(path):
    return sum(os.path.getsize(os.path.join(root, name))
               for root, _, files in os.walk(path) for name in files
               if not os.path.islink(os.path.join(root, name)))


if __name__ == "__main__":
    main()
