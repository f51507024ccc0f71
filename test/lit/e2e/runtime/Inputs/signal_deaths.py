#!/usr/bin/env python3
"""Run a program with and without Sextant and compare how it ends.

Usage: signal_deaths.py PLAIN INSTRUMENTED OUTPUT_BASE MODE...

For each MODE, runs 'PLAIN MODE' (built without Sextant) and
'INSTRUMENTED MODE' with SEXTANT_OUTPUT_DIR=OUTPUT_BASE/MODE, both with
every signal at its default action (test runners and Python start children
with some signals ignored) and no core files, and prints one line:

  MODE: PLAIN_END, same|DIFFERENT with Sextant; ended_by_signal=S; regions=A,B

where PLAIN_END is "killed by SIGX" or "exit N", S is experiment.json's
ended_by_signal and the regions are the names in profile.json (or what is
missing). With --ignore SIG, that signal is ignored in both runs instead.
"""
import argparse
import os
import resource
import signal
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "lib"))
from sextant_experiment import Experiment, ExperimentError, walk  # noqa: E402


def child_setup(ignored):
    def setup():
        for number in range(1, signal.NSIG):
            if number in (signal.SIGKILL, signal.SIGSTOP):
                continue
            try:
                signal.signal(number, signal.SIG_IGN if number in ignored
                              else signal.SIG_DFL)
            except (OSError, ValueError):
                pass  # glibc's internal real-time signals
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    return setup


def describe_end(status):
    if status < 0:
        return "killed by " + signal.Signals(-status).name
    return "exit %d" % status


def run(command, env, ignored):
    return subprocess.run(command, env=env, preexec_fn=child_setup(ignored),
                          stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode


def measured(directory):
    try:
        experiment = Experiment(directory)
        names = sorted({step.node["frame"]["name"]
                        for step in walk(experiment.profile)})
        return "ended_by_signal=%s; regions=%s" % (
            experiment.experiment.get("ended_by_signal"), ",".join(names))
    except ExperimentError as error:
        return "no measurement (%s)" % error


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ignore", action="append", default=[])
    parser.add_argument("plain")
    parser.add_argument("instrumented")
    parser.add_argument("output_base")
    parser.add_argument("modes", nargs="+")
    args = parser.parse_args()
    ignored = {getattr(signal, name) for name in args.ignore}
    for mode in args.modes:
        base_env = {k: v for k, v in os.environ.items()
                    if not k.startswith("SEXTANT_")}
        plain = run([args.plain, mode], base_env, ignored)
        directory = os.path.join(args.output_base, mode)
        env = dict(base_env, SEXTANT_OUTPUT_DIR=directory)
        instrumented = run([args.instrumented, mode], env, ignored)
        print("%s: %s, %s with Sextant; %s" % (
            mode, describe_end(plain),
            "same" if plain == instrumented else
            "DIFFERENT (%s)" % describe_end(instrumented), measured(directory)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
