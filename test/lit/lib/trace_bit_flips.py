#!/usr/bin/env python3
"""Flip single bits of a trace file and check that `sextant export` notices.

Usage: trace_bit_flips.py SEXTANT EXPERIMENT_DIR FLIPS [SEED]

Exports the intact experiment with `SEXTANT export --format=chrome` once,
then, for FLIPS distinct bit positions of trace/thread-0.sxt drawn with a
fixed seed (headers and events alike), flips that one bit in a copy of the
experiment and exports again. Each flip is classified:
  detected   the export failed (exit status 1) or printed a warning;
  identical  no warning and exactly the intact output (harmless);
  silent     no warning but different output: damage that went unnoticed.
A crash (a signal, or an exit status other than 0 and 1) or an export that
takes longer than 60 s is a failure of its own. Prints, for FileCheck:
  flips: N
  detected: N
  identical: N
  silent: N
  crashes: N
and exits with status 1 when any flip was silent or crashed.
"""
import os
import random
import shutil
import subprocess
import sys
import tempfile


def export(sextant, directory, output):
    try:
        result = subprocess.run(
            [sextant, "export", "--format=chrome", "-o", output, directory],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    return result.returncode, result.stderr.decode("utf-8", "replace")


def read(path):
    with open(path, "rb") as handle:
        return handle.read()


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    sextant, experiment, flips = sys.argv[1], sys.argv[2], int(sys.argv[3])
    seed = int(sys.argv[4]) if len(sys.argv) == 5 else 11
    with tempfile.TemporaryDirectory() as scratch:
        copy = os.path.join(scratch, "experiment")
        shutil.copytree(experiment, copy)
        trace = os.path.join(copy, "trace", "thread-0.sxt")
        output = os.path.join(scratch, "out.json")
        status, errors = export(sextant, copy, output)
        if status != 0 or "warning" in errors:
            sys.exit("the intact experiment does not export cleanly: " +
                     errors)
        intact = read(output)
        good = read(trace)
        bits = len(good) * 8
        positions = sorted(random.Random(seed).sample(range(bits),
                                                       min(flips, bits)))
        counts = {"detected": 0, "identical": 0, "silent": 0, "crashes": 0}
        examples = []
        for bit in positions:
            damaged = bytearray(good)
            damaged[bit // 8] ^= 1 << (bit % 8)
            with open(trace, "wb") as handle:
                handle.write(damaged)
            if os.path.exists(output):
                os.remove(output)
            status, errors = export(sextant, copy, output)
            if status not in (0, 1):
                counts["crashes"] += 1
                examples.append("bit %d: status %s %s" % (bit, status, errors))
            elif status == 1 or "warning" in errors:
                counts["detected"] += 1
            elif read(output) == intact:
                counts["identical"] += 1
            else:
                counts["silent"] += 1
                examples.append("bit %d (byte %d): silently different output"
                                % (bit, bit // 8))
        print("flips: %d" % len(positions))
        for key in ("detected", "identical", "silent", "crashes"):
            print("%s: %d" % (key, counts[key]))
        for example in examples[:10]:
            print(example, file=sys.stderr)
        sys.exit(1 if counts["silent"] or counts["crashes"] else 0)


if __name__ == "__main__":
    main()
