"""Checks the JSON of `sextant export --format=wait-states` against known
answers: each argument KIND:RANK:FRAME:MIN:MAX asks for the seconds of kind
KIND on rank RANK summed over the call paths that pass through FRAME to lie
in [MIN, MAX]. Prints one line per check ("ok" or what is wrong), then the
file's format and what it could not match."""
import json
import sys


def main():
    with open(sys.argv[1]) as f:
        doc = json.load(f)
    print("format: %s %d" % (doc["format"], doc["format_version"]))
    for spec in sys.argv[2:]:
        kind, rank, frame, low, high = spec.split(":")
        total = sum(e["seconds"] for e in doc["wait_states"]
                    if e["kind"] == kind and e["rank"] == int(rank)
                    and frame in e["call_path"])
        verdict = ("ok" if float(low) <= total <= float(high)
                   else "%.6f s is out of [%s, %s]" % (total, low, high))
        print("%s rank %s in %s: %s" % (kind, rank, frame, verdict))
    # Totals are the sums of the entries.
    for kind, total in doc["totals"].items():
        summed = sum(e["seconds"] for e in doc["wait_states"]
                     if e["kind"] == kind)
        if abs(summed - total) > 1e-9:
            print("total of %s: %f, entries sum to %f" % (kind, total, summed))
    print("unmatched: " + " ".join(
        "%s=%s" % (k, v) for k, v in sorted(doc["unmatched"].items())))


main()
