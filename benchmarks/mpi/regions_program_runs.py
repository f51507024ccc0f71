"""Building the generated regions program and running it under mpiexec.

Shared by run_aggregation.py and run_session_costs.py: the program of
generate_regions_program.py is built plain and with Sextant by build(), and
launch() runs one build under `mpiexec.mpich -launcher fork -n P` (this host
only, oversubscribed) and returns what every rank printed after
MPI_Finalize.
"""
import argparse
import os
import signal
import subprocess
import sys

from generate_regions_program import program


class RunFailed(Exception):
    """A job that exited with an error or without every rank's line."""


class RunTimedOut(RunFailed):
    """A job killed (with its ranks) after the time it was given."""


def run(command, env=None, timeout=900):
    """command's standard output; exits with a message if it fails."""
    result = subprocess.run(command, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            timeout=timeout)
    if result.returncode != 0:
        sys.exit("%s: error: %s failed (%d):\n%s%s"
                 % (os.path.basename(sys.argv[0]), " ".join(command),
                    result.returncode, result.stdout, result.stderr))
    return result.stdout


def build(build_dir, source, output, sextant):
    """Builds source into output with MPICH's mpicc around clang-19, -O2,
    functions aligned to 64 bytes (so that both builds place code alike);
    with Sextant: the plugin of build_dir as -fplugin/-fpass-plugin, linked
    with its libsextant-mpich (the MPICH adapter) and libsextant."""
    command = ["mpicc.mpich", "-cc=clang-19", "-O2", "-falign-functions=64",
               source, "-o", output]
    if sextant:
        plugin = os.path.join(build_dir, "plugin", "SextantPlugin.so")
        mpi_dir = os.path.join(build_dir, "mpi")
        runtime_dir = os.path.join(build_dir, "runtime")
        command[4:4] = ["-fplugin=" + plugin, "-fpass-plugin=" + plugin]
        command += ["-L" + mpi_dir, "-Wl,-rpath," + mpi_dir,
                    "-lsextant-mpich", "-L" + runtime_dir,
                    "-Wl,-rpath," + runtime_dir, "-lsextant"]
    run(command)


def build_programs(build_dir, regions, work):
    """Writes the program of regions functions into work and builds it;
    returns the executables {False: plain, True: with Sextant}."""
    source = os.path.join(work, "regions_%d.c" % regions)
    with open(source, "w") as out:
        out.write(program(regions))
    executables = {False: os.path.join(work, "plain_%d" % regions),
                   True: os.path.join(work, "sextant_%d" % regions)}
    for sextant, executable in executables.items():
        build(build_dir, source, executable, sextant)
    return executables


def parse_arguments(description, ranks, regions, add_options):
    """The command line of a script running the generated program: the
    options --build-dir, --ranks (default ranks), --regions (default
    regions) and --work-dir, and those add_options(parser) adds. --ranks
    and --regions become lists of numbers, --build-dir absolute."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--build-dir",
                        default=os.environ.get("SEXTANT_BUILD_DIR", "build"))
    parser.add_argument("--ranks", default=ranks)
    parser.add_argument("--regions", default=regions)
    parser.add_argument("--work-dir")
    add_options(parser)
    args = parser.parse_args()
    try:
        args.ranks = [int(r) for r in args.ranks.split(",")]
        args.regions = [int(r) for r in args.regions.split(",")]
    except ValueError:
        parser.error("--ranks and --regions take numbers separated by commas")
    if min(args.ranks) < 1 or min(args.regions) < 0:
        parser.error("--ranks must be positive, --regions at least 0")
    args.build_dir = os.path.abspath(args.build_dir)
    return args


def launch(executable, ranks, env, timeout):
    """Runs executable on ranks processes; returns {rank: {name: value}}
    from the lines `rank R name value name value ...` the ranks print.
    Raises RunTimedOut after timeout seconds (mpiexec stopped, its ranks
    killed) and RunFailed on an error exit or when a
    rank did not print its line."""
    command = ["mpiexec.mpich", "-launcher", "fork", "-n", str(ranks),
               executable]
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        # mpiexec runs the ranks in sessions of their own: asked to stop
        # (SIGTERM), it has them killed; SIGKILL if it does not end.
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
        raise RunTimedOut("%s -n %d: killed after %g s"
                          % (executable, ranks, timeout))
    if process.returncode != 0:
        raise RunFailed("%s failed (%d):\n%s%s" % (" ".join(command),
                                                   process.returncode, out,
                                                   err))
    figures = {}
    for line in out.splitlines():
        fields = line.split()
        if len(fields) >= 2 and len(fields) % 2 == 0 and fields[0] == "rank":
            figures[int(fields[1])] = dict(
                (fields[i], float(fields[i + 1]))
                for i in range(2, len(fields), 2))
    if sorted(figures) != list(range(ranks)):
        raise RunFailed("%s -n %d: not every rank reported:\n%s%s"
                        % (executable, ranks, out, err))
    return figures
