#!/usr/bin/env python3
"""Feeds `sextant` experiments whose numbers are absurd (issue 31, #11).

Takes a small traced experiment (--experiment DIR, e.g. made by the lit
test from test/apps), and per case copies it and replaces a few numbers of
its JSON files (experiment.json, profile.json, profile-threads.json,
regions.json) with absurd values: 1e308, -1e308, 1e-300, 0, -0,
18446744073709551616, 18446744073709551615, -1, 4000000000, and the NaN and
Infinity literals that JSON does not have. Some cases set the trace files'
ticks per second (the header field, CRC-32C fixed, test/lit/lib/
trace_header.py) to one of them instead. Then it runs `report`,
`report --html`, `report --summary` and `export` (folded, chrome, hatchet,
svg-flamegraph, otf2) and judges each run with fuzz_harness.py:
exit 0 or 1, no signal, no sanitizer report ("runtime error:" under
UBSan), no time-out, output within 64 MB.

    python3 test/fuzz/absurd_numbers_fuzzer.py --sextant build/tools/sextant/sextant \\
        --work /tmp/fuzz-numbers --experiment DIR --runs 500 --seed 3

Rank counts (mpi_ranks) are left alone: the job's fuzzer has them.
"""

import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "lit", "lib"))

import fuzz_harness  # noqa: E402
import trace_header  # noqa: E402

# Written into the JSON text as they are: some are not JSON at all.
ABSURD_TEXTS = ("1e308", "-1e308", "1e-300", "0", "-0", "-0.0",
                "18446744073709551616", "18446744073709551615", "-1",
                "4000000000", "NaN", "Infinity", "-Infinity",
                "1.7976931348623157e308", "9223372036854775808", "5e-324")
ABSURD_TICKS = (1e308, -1e308, 1e-300, 0.0, -0.0, 18446744073709551616.0,
                -1.0, 4000000000.0, float("nan"), float("inf"), 5e-324)
JSON_FILES = ("experiment.json", "profile.json", "profile-threads.json",
              "regions.json")
# Keys the job's fuzzer owns.
LEFT_ALONE = ("mpi_ranks", "mpi_rank", "format_version")
OUTPUT_BOUND = 64 << 20


def numbers_of(value, path=()):
    """The paths of every number in a parsed JSON document."""
    if isinstance(value, bool):
        return
    if isinstance(value, (int, float)):
        if not (path and path[-1] in LEFT_ALONE):
            yield path
        return
    if isinstance(value, dict):
        for key, item in value.items():
            yield from numbers_of(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from numbers_of(item, path + (index,))


def replaced(document, path, marker):
    """document with the number at path replaced by the string marker."""
    if not path:
        return marker
    head = path[0]
    if isinstance(document, dict):
        copy = dict(document)
    else:
        copy = list(document)
    copy[head] = replaced(document[head], path[1:], marker)
    return copy


def mutate_json(case_dir, rng):
    """Replaces 1 to 3 numbers of one JSON file; returns what it did."""
    names = [n for n in JSON_FILES
             if os.path.isfile(os.path.join(case_dir, n))]
    name = rng.choice(names)
    path = os.path.join(case_dir, name)
    with open(path) as source:
        document = json.load(source)
    paths = list(numbers_of(document))
    if not paths:
        return "%s: no number" % name
    done = []
    markers = {}
    for count in range(rng.randint(1, 3)):
        where = rng.choice(paths)
        marker = "@@ABSURD%d@@" % count
        markers[marker] = rng.choice(ABSURD_TEXTS)
        document = replaced(document, where, marker)
        done.append("%s=%s" % ("/".join(str(p) for p in where),
                               markers[marker]))
    text = json.dumps(document, indent=1)
    for marker, value in markers.items():
        text = text.replace('"%s"' % marker, value)
    with open(path, "w") as target:
        target.write(text)
    return "%s: %s" % (name, ", ".join(done))


def mutate_trace(case_dir, rng):
    """Sets the ticks per second of every trace file; None without any."""
    trace_dir = os.path.join(case_dir, "trace")
    if not os.path.isdir(trace_dir):
        return None
    value = rng.choice(ABSURD_TICKS)
    for name in sorted(os.listdir(trace_dir)):
        if name.endswith(".sxt"):
            trace_header.set_ticks_per_second(os.path.join(trace_dir, name),
                                              value)
    return "trace/*.sxt: ticks_per_second=%r" % value


def commands(sextant, case_dir, out_dir):
    """The commands of one case with the outputs each writes."""
    runs = [
        ([sextant, "report", case_dir], ()),
        ([sextant, "report", "--summary", case_dir], ()),
        ([sextant, "report", "--html", os.path.join(out_dir, "r.html"),
          case_dir], (os.path.join(out_dir, "r.html"),)),
    ]
    for fmt, name in (("folded", "f.folded"), ("chrome", "c.json"),
                      ("hatchet", "h.json"), ("svg-flamegraph", "f.svg")):
        out = os.path.join(out_dir, name)
        runs.append(([sextant, "export", "--format=" + fmt, "-o", out,
                      case_dir], (out,)))
    # A sextant built without OTF2 refuses it with exit 1.
    out = os.path.join(out_dir, "o.otf2")
    runs.append(([sextant, "export", "--format=otf2", "-o", out, case_dir],
                 (out,)))
    return runs


def main():
    import argparse
    # The experiment to mutate is this fuzzer's own option.
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--experiment", required=True)
    known, rest = pre.parse_known_args()
    sys.argv = [sys.argv[0]] + rest
    arguments, rng = fuzz_harness.parse_arguments(
        "absurd numbers in an experiment's files (--experiment DIR)")
    findings = fuzz_harness.Findings(arguments, "absurd_numbers_fuzzer")
    for case in range(arguments.runs):
        case_dir = os.path.join(arguments.work, "case-%d" % case)
        out_dir = case_dir + ".out"
        shutil.copytree(known.experiment, case_dir)
        os.makedirs(out_dir)
        what = None
        if rng.random() < 0.2:
            what = mutate_trace(case_dir, rng)
        if what is None:
            what = mutate_json(case_dir, rng)
        with open(case_dir + ".what", "w") as note:
            note.write(what + "\n")
        for command, outputs in commands(arguments.sextant, case_dir,
                                         out_dir):
            findings.run_case(command, "%s (%s)" % (case_dir, what),
                              output_paths=outputs, output_bound=OUTPUT_BOUND)
        if not findings.problems:
            shutil.rmtree(case_dir)
            shutil.rmtree(out_dir)
            os.remove(case_dir + ".what")
    findings.finish()


if __name__ == "__main__":
    main()
