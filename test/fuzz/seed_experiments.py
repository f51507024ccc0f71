"""The seed inputs the experiment fuzzers start from (deep_json_fuzzer.py,
special_files_fuzzer.py): a traced run given with --experiment RUN, and a
two-rank MPI job made from it without mpiexec, combined once.

Only the Python standard library is used.
"""

import json
import os
import shutil
import sys


def take_experiment_option(fuzzer):
    """Removes --experiment RUN from sys.argv (before fuzz_harness parses
    the common options) and returns RUN as an absolute path."""
    if "--experiment" not in sys.argv[1:-1]:
        sys.exit("%s: --experiment RUN is required" % fuzzer)
    at = sys.argv.index("--experiment")
    run = os.path.abspath(sys.argv[at + 1])
    del sys.argv[at:at + 2]
    return run


def make_job(run, job, mpi_json):
    """job/rank-0 and rank-1, copies of run whose experiment.json says which
    rank of 2 they are; with mpi_json, each with a small mpi.json."""
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
        if mpi_json:
            with open(os.path.join(directory, "mpi.json"), "w") as stream:
                stream.write('{"ended_by": "MPI_Finalize", "functions": [],\n'
                             ' "other_pmpi_tools": []}\n')


def seed_job(findings, arguments, run, mpi_json):
    """The combined seed job under the work directory; exits when the tool
    cannot combine it (then the fuzzer's cases would mean nothing)."""
    job = os.path.join(arguments.work, "seed-job")
    make_job(run, job, mpi_json)
    seeded = findings.run_case([arguments.sextant, "combine", job],
                               "the seed job")
    if seeded is None or seeded.returncode != 0:
        sys.exit("%s: cannot combine the seed job" % findings.name)
    return job


def remove(path):
    """Removes path, a directory tree or a file or link, if it is there."""
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    elif os.path.lexists(path):
        os.unlink(path)


def commands(sextant, directory, output, choices, as_job, rng, combine_share):
    """One of choices (choices[0] is combine, for jobs only, taken with the
    probability combine_share), OUT replaced by output, on directory."""
    command = rng.choice(choices[1:])
    if as_job and rng.random() < combine_share:
        command = choices[0]
    return [sextant] + [output if part == "OUT" else part
                        for part in command] + [directory]
