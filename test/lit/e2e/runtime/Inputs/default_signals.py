#!/usr/bin/env python3
"""Run a command with SIGINT and SIGTERM at their default action.

Usage: default_signals.py PROGRAM [ARGUMENTS...]

Test runners may start tests with SIGINT ignored, and an ignored signal
stays ignored in every child (a shell cannot reset it). This helper resets
both signals and replaces itself with PROGRAM, so PROGRAM's exit status is
the command's.
"""
import os
import signal
import sys

if len(sys.argv) < 2:
    print(__doc__, file=sys.stderr)
    sys.exit(2)
signal.signal(signal.SIGINT, signal.SIG_DFL)
signal.signal(signal.SIGTERM, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])
