"""Runs a program whose stderr is a pipe nobody reads any more.

Usage: broken_stderr_pipe.py PROGRAM [ARG...]

Makes a pipe, closes its read end, and runs PROGRAM with the write end as
its file descriptor 2 (stdout and stdin are inherited) and with SIGPIPE at
its default action, as a shell gives it. Every write to stderr then fails
with EPIPE and, unless the writer guards against it, raises SIGPIPE. This is
`PROGRAM 2>&1 >out | true` without the race: the reader has gone before the
program starts. Prints "status=N" (the exit status) or "signal=NAME" (the
signal that ended it) on stdout after the program has ended.
"""

import os
import signal
import subprocess
import sys


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    read_end, write_end = os.pipe()
    os.close(read_end)
    sys.stdout.flush()
    # restore_signals: SIGPIPE back to its default action (Python ignores it).
    result = subprocess.run(sys.argv[1:], stderr=write_end,
                            restore_signals=True)
    os.close(write_end)
    if result.returncode < 0:
        print("signal=" + signal.Signals(-result.returncode).name)
    else:
        print("status=%d" % result.returncode)


if __name__ == "__main__":
    main()
