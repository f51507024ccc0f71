#!/usr/bin/env python3
"""failure_digest.py - the failures of a test.sh run, gathered at its end.

Usage: failure_digest.py [--lines N] LOG...

test.sh keeps the output of every suite it runs as <config>-ctest.log (ctest
--output-on-failure) and <config>-lit.log (lit -v), and passes them here in
the order it ran them. A CI log is often read from its end only, where a
failure that scrolled past hundreds of passing tests is out of sight. This
script prints, for every failed unit test and lit test, the last N lines of
its output (and, from before them, the last RUN line and the first "error:"
lines), then one line per failure naming the configuration and the test, so
that the end of the log says what failed. A log without its tool's summary
(a suite that did not finish, which test.sh counts as one failure) is named
as "(the whole run)". It prints nothing when nothing failed. Exit status: 0,
or 2 on bad usage.
"""

import argparse
import os
import re
import sys

# ctest: "12/454 Test #12: some name ......***Failed    0.10 sec"; the test's
# output follows until the next "Start" or result line.
CTEST_RESULT = re.compile(r"^\s*\d+/\d+ Test +#(\d+): (.*?) \.*\s*(\*\*\*\S.*?|Passed|Not Run)\s+[\d.]+ sec")
CTEST_START = re.compile(r"^\s+Start +\d+: ")
CTEST_FAILED_HEADER = "The following tests FAILED:"
CTEST_FAILED_LIST = re.compile(r"^\s*(\d+) - (.*) \((.*)\)$")
# "100% tests passed, 0 tests failed out of 454"
CTEST_SUMMARY = re.compile(r".*\btests? failed out of \d+")

# lit -v: "FAIL: Sextant :: e2e/x.test (12 of 182)", then its output between
# "******************** TEST 'Sextant :: e2e/x.test' FAILED ****..." and a line
# of 20 asterisks.
LIT_RESULT = re.compile(r"^(FAIL|XPASS|UNRESOLVED|TIMEOUT): (.*) \(\d+ of \d+\)$")
LIT_BLOCK_START = re.compile(r"^\*{20} TEST '(.*)' (\S+) \*{20}$")
LIT_BLOCK_END = "*" * 20
# lit's counts at the end ("  Passed: 9 (100.00%)", padded when several).
LIT_COUNT = re.compile(r"^ *(Passed|Failed|Unresolved|Timed Out|Expectedly Failed|Unexpectedly Passed|Passed With Retry) *:")


def ctest_failures(lines):
    """(name, status, output lines) of each test ctest reports as failed."""
    failed_ids = {}
    in_list = False
    for line in lines:
        if line.startswith(CTEST_FAILED_HEADER):
            in_list = True
            continue
        if in_list:
            match = CTEST_FAILED_LIST.match(line)
            if not match:
                break
            failed_ids[match.group(1)] = (match.group(2), match.group(3))
    failures = []
    current = None
    for line in lines:
        match = CTEST_RESULT.match(line)
        if (match or CTEST_START.match(line) or CTEST_SUMMARY.match(line)
                or line.startswith(CTEST_FAILED_HEADER)):
            current = None
        if match and match.group(1) in failed_ids:
            name, status = failed_ids.pop(match.group(1))
            current = (name, status, [])
            failures.append(current)
            continue
        if current is not None:
            current[2].append(line)
    # A failed test without a result line (ctest cut short) keeps its name.
    for name, status in failed_ids.values():
        failures.append((name, status, []))
    # test.sh counts a log without ctest's summary as one failure.
    if not any(CTEST_SUMMARY.match(line) for line in lines):
        failures.append(("(the whole run)", "ctest did not finish", lines))
    return failures


def lit_failures(lines):
    """(name, status, output lines) of each lit test that did not pass."""
    statuses = {}
    for line in lines:
        match = LIT_RESULT.match(line)
        if match:
            statuses[match.group(2)] = match.group(1)
    outputs = {}
    current = None
    for line in lines:
        match = LIT_BLOCK_START.match(line)
        if match:
            current = outputs.setdefault(match.group(1), [])
            continue
        if current is not None:
            if line == LIT_BLOCK_END:
                current = None
            else:
                current.append(line)
    # By name, as lit's own list: the results came in the order they ended.
    failures = [(name, statuses[name], outputs.get(name, [])) for name in sorted(statuses)]
    # test.sh counts a log without lit's counts as one failure.
    if not any(LIT_COUNT.match(line) for line in lines):
        failures.append(("(the whole run)", "lit did not finish", lines))
    return failures


# Failures whose output is shown; all of them are named.
MAX_EXCERPTS = 10
# Lines that say why a test failed, also when they are far from its end
# (FileCheck's "error:" before a long dump of its input; the RUN line that
# failed).
MAX_KEY_LINES = 6


def trimmed(output):
    """The output without its trailing blank lines and lit's '--' separators."""
    end = len(output)
    while end > 0 and output[end - 1].strip() in ("", "--"):
        end -= 1
    return output[:end]


def key_lines(lines):
    """The last RUN line and the first error lines among lines."""
    runs = [line for line in lines if line.startswith("RUN: at line")]
    errors = [line for line in lines if "error:" in line][:MAX_KEY_LINES]
    return runs[-1:] + errors


def read_lines(path):
    with open(path, encoding="utf-8", errors="replace") as log:
        return log.read().splitlines()


def main():
    parser = argparse.ArgumentParser(
        description="Print the failures recorded in test.sh's suite logs.")
    parser.add_argument("logs", nargs="+", metavar="LOG",
                        help="a <config>-ctest.log or <config>-lit.log file")
    parser.add_argument("--lines", type=int, default=25,
                        help="output lines shown per failure, its last ones (default 25)")
    arguments = parser.parse_args()

    found = []  # (config, kind, name, status, output)
    for path in arguments.logs:
        log_name = os.path.basename(path)
        if not os.path.isfile(path):
            parser.error("no such file: " + path)
        if log_name.endswith("-ctest.log"):
            config, kind, failures = log_name[:-len("-ctest.log")], "unit", ctest_failures(read_lines(path))
        elif log_name.endswith("-lit.log"):
            config, kind, failures = log_name[:-len("-lit.log")], "lit", lit_failures(read_lines(path))
        else:
            parser.error("not a <config>-ctest.log or <config>-lit.log file: " + path)
        for name, status, output in failures:
            found.append((config, kind, name, status, output))

    if not found:
        return 0
    print()
    print("Output of the failed tests (last %d lines of each):" % arguments.lines)
    for config, kind, name, status, output in found[:MAX_EXCERPTS]:
        print()
        print("--- [%s] %s test %s (%s)" % (config, kind, name, status))
        output = trimmed(output)
        shown = output[-arguments.lines:] if arguments.lines > 0 else []
        earlier = output[:len(output) - len(shown)]
        if earlier:
            keys = key_lines(earlier)
            print("    [%d earlier lines in the full log above%s]"
                  % (len(earlier), ", among them:" if keys else ""))
            for line in keys:
                print("    " + line)
            if keys:
                print("    [...]")
        for line in shown:
            print("    " + line)
    if len(found) > MAX_EXCERPTS:
        print()
        print("[the output of %d more failed tests is in the full log above]"
              % (len(found) - MAX_EXCERPTS))
    print()
    print("Failed tests:")
    for config, kind, name, status, _ in found:
        print("  [%s] %s: %s (%s)" % (config, kind, name, status))
    return 0


if __name__ == "__main__":
    sys.exit(main())
