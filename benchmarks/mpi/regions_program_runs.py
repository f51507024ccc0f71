"""Building the generated regions program and running it under mpiexec.

Shared by run_aggregation.py and run_session_costs.py: the program of
generate_regions_program.py is built plain and with Sextant by build(), and
launch() runs one build under `mpiexec.mpich -launcher fork -n P` (this host
only, oversubscribed) and returns what every rank printed after
MPI_Finalize.
"""
import os
import signal
import subprocess
import sys


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


def launch(executable, ranks, env, timeout):
    """Runs executable on ranks processes; returns {rank: {name: value}}
    from the lines `rank R name value name value ...` the ranks print.
    Raises RunTimedOut after timeout seconds (the whole process group, the
    ranks included, is killed) and RunFailed on an error exit or when a
    rank did not print its line."""
    command = ["mpiexec.mpich", "-launcher", "fork", "-n", str(ranks),
               executable]
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    try:
        out, err = process.communicate(timeout=timeout)
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
