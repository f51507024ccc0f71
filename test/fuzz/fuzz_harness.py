"""The shared part of Sextant's fuzzers (test/fuzz/*_fuzzer.py).

A fuzzer builds hostile inputs and hands each to `run_case`, which runs a
command with a time limit and judges how it ended. A run passes when the
command exited 0 or 1 (success, or an error it reported), printed no
sanitizer report, finished within its time limit and wrote no more than
the bound it was given. Anything else is a finding: the fuzzer prints the
seed, the case's input and what went wrong, and exits 1.

Only the Python standard library is used (nothing from PyPI).

    python3 test/fuzz/<what>_fuzzer.py --sextant build/tools/sextant/sextant \
        --work /tmp/fuzz --runs 1000 --seed 7
"""

import argparse
import os
import random
import shutil
import signal
import subprocess
import sys

SANITIZER_MARKERS = (
    "ERROR: AddressSanitizer",
    "ERROR: LeakSanitizer",
    "runtime error:",  # UBSan
    "WARNING: ThreadSanitizer",
    "ERROR: MemorySanitizer",
)


def parse_arguments(description, default_runs=20):
    """The options every fuzzer takes; returns (arguments, random.Random)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--sextant", required=True,
                        help="the sextant command to run")
    parser.add_argument("--work", required=True,
                        help="a directory for the cases (emptied first)")
    parser.add_argument("--runs", type=int, default=default_runs,
                        help="cases to try (default %(default)s)")
    parser.add_argument("--seed", type=int, default=1,
                        help="the random seed (default %(default)s)")
    parser.add_argument("--timeout", type=float, default=30.0,
                        help="seconds a case may take (default %(default)s)")
    parser.add_argument("--keep-going", action="store_true",
                        help="try every case, then report all findings")
    arguments = parser.parse_args()
    if arguments.runs < 1:
        parser.error("--runs must be at least 1")
    if os.path.lexists(arguments.work):
        shutil.rmtree(arguments.work)
    os.makedirs(arguments.work)
    return arguments, random.Random(arguments.seed)


class Findings:
    """What went wrong over a fuzzer's cases, and how it reports them."""

    def __init__(self, arguments, name):
        self.arguments = arguments
        self.name = name
        self.cases = 0
        self.problems = []

    def run_case(self, command, case_input, timeout=None, output_paths=(),
                 output_bound=64 << 20, cwd=None, stdin=None):
        """Runs command (a list) on the case described by case_input (a path
        or a short text shown when the case fails). Returns the
        subprocess.CompletedProcess, or None when it timed out."""
        self.cases += 1
        limit = timeout if timeout is not None else self.arguments.timeout
        try:
            result = subprocess.run(command, cwd=cwd, stdin=stdin
                                    if stdin is not None else subprocess.DEVNULL,
                                    capture_output=True, timeout=limit)
        except subprocess.TimeoutExpired:
            self._problem(case_input, command,
                          "did not finish within %g s" % limit)
            return None
        stderr = result.stderr.decode("utf-8", "replace")
        if result.returncode < 0:
            self._problem(case_input, command, "died of signal %s" %
                          _signal_name(-result.returncode), stderr)
        elif result.returncode not in (0, 1):
            self._problem(case_input, command,
                          "exited %d (only 0 or 1 are allowed)" %
                          result.returncode, stderr)
        else:
            marker = next((m for m in SANITIZER_MARKERS if m in stderr), None)
            if marker:
                self._problem(case_input, command,
                              "printed a sanitizer report (%s)" % marker,
                              stderr)
        written = sum(_size_of(path) for path in output_paths)
        if written > output_bound:
            self._problem(case_input, command,
                          "wrote %d bytes (more than the bound %d)" %
                          (written, output_bound))
        return result

    def _problem(self, case_input, command, what, stderr=""):
        text = "%s: seed %d, case %d (%s): %s\n  command: %s" % (
            self.name, self.arguments.seed, self.cases, case_input, what,
            " ".join(command))
        if stderr:
            text += "\n  stderr (last lines):\n    " + "\n    ".join(
                stderr.strip().splitlines()[-8:])
        self.problems.append(text)
        print(text, file=sys.stderr)
        if not self.arguments.keep_going:
            self.finish()

    def finish(self):
        """Prints the summary and exits: 0 without findings, 1 with."""
        print("%s: %d case(s), %d finding(s), seed %d" %
              (self.name, self.cases, len(self.problems), self.arguments.seed))
        sys.exit(1 if self.problems else 0)


def _signal_name(number):
    try:
        return signal.Signals(number).name
    except ValueError:
        return str(number)


def _size_of(path):
    """Bytes under path (a file or a directory tree); 0 when absent."""
    if os.path.isfile(path) and not os.path.islink(path):
        return os.path.getsize(path)
    total = 0
    for root, _, files in os.walk(path):
        for name in files:
            full = os.path.join(root, name)
            if not os.path.islink(full):
                total += os.path.getsize(full)
    return total
