#!/usr/bin/python3
"""Check an OTF2 archive written by `sextant export --format=otf2`.

Usage: check_otf2.py ARCHIVE_DIR [--experiment DIR] [--chrome TRACE_JSON]
                     [--print OTF2_PRINT_OUTPUT]

Reads ARCHIVE_DIR/traces.otf2 with the OTF2 library's Python bindings
(Debian: python3-otf2; run with /usr/bin/python3, lit's %check_otf2) and
checks, printing every violation to stderr and exiting with status 1:
  - every event is read back, and each location has as many as its
    definition says; timestamps never decrease per location and stay within
    the clock properties' trace length;
  - per location, Enter and Leave nest (each Leave closes the innermost
    Enter of the same region, nothing is left open);
  - metric values (cumulative readings) never decrease per member;
  - MpiSend and MpiRecv pair up: the multiset of (sender, receiver,
    communicator, tag, bytes) of the sends equals that of the receives, the
    ranks being positions in MPI_COMM_WORLD's group;
  - with --experiment DIR (an experiment or a job's directory): per process,
    enters + leaves + message events + enters of collective MPI calls equal
    the trace's event count in its experiment.json ("trace"."events_written":
    what the runtime wrote, its message records and the collective records
    that the export does not carry over included), and the enters per region name equal the
    visits in profile.json;
  - with --chrome: per thread, the Chrome export of the same directory has
    as many "B" as Enter, "E" as Leave, "s" as MpiSend, "f" as MpiRecv and
    "C" as Metric times the metric's members;
  - with --print: the per-location counts of the output of `otf2-print
    ARCHIVE` equal the bindings'.
Then prints, for FileCheck:
  clock: resolution=R
  group NAME: NAME OF ITS SYSTEM TREE PARENT'S CLASS
  location ID (GROUP): NAME enter=N leave=N send=N recv=N metric=N
  region NAME: ROLE PARADIGM FILE:LINE   (sorted by name)
  metric NAME: MODE
  comm NAME: parent=NAME ranks=N
  events read: N
  nesting: ok
  messages: sends=N receives=N paired bytes=N
  native: events match (N process(es)), enters match visits (N names)
  chrome: counts match (N threads)
  otf2-print: counts match (N locations)
"""
import collections
import json
import os
import re
import sys

import otf2

from sextant_experiment import Experiment, sum_by_name

errors = []


def error(message):
    errors.append(message)


EVENT_KINDS = {
    "Enter": "enter", "Leave": "leave", "MpiSend": "send",
    "MpiRecv": "recv", "Metric": "metric",
}
PRINT_KINDS = {
    "ENTER": "enter", "LEAVE": "leave", "MPI_SEND": "send",
    "MPI_RECV": "recv", "METRIC": "metric",
}


def enum_name(value):
    return str(value).rsplit(".", 1)[-1]


def world_ranks(definitions):
    """Location group -> rank: positions in MPI_COMM_WORLD's group."""
    ranks = {}
    for comm in definitions.comms:
        if comm.name == "MPI_COMM_WORLD":
            for rank, location in enumerate(comm.group.members):
                ranks[location.group] = rank
    return ranks


def read_archive(path):
    """Definitions summary and per-location event tallies."""
    counts = collections.defaultdict(collections.Counter)
    enters_by_name = collections.Counter()
    sends, receives = collections.Counter(), collections.Counter()
    summary = {}
    with otf2.reader.open(os.path.join(path, "traces.otf2")) as trace:
        definitions = trace.definitions
        clock = definitions.clock_properties
        summary["clock"] = clock.timer_resolution
        length = clock.global_offset + clock.trace_length
        ranks = world_ranks(definitions)
        stacks = collections.defaultdict(list)
        last_time = {}
        last_metric = {}
        metric_members = {}
        collective_enters = collections.Counter()
        total = 0
        for location, event in trace.events:
            total += 1
            kind = EVENT_KINDS.get(type(event).__name__)
            if kind is None:
                error("%s: unexpected event %s"
                      % (location.name, type(event).__name__))
                continue
            counts[location][kind] += 1
            if event.time < last_time.get(location, 0):
                error("%s: time goes back to %d" % (location.name, event.time))
            if event.time > length:
                error("%s: time %d beyond the trace length %d"
                      % (location.name, event.time, length))
            last_time[location] = event.time
            if kind == "enter":
                stacks[location].append(event.region)
                enters_by_name[event.region.name] += 1
                if COLLECTIVE.fullmatch(event.region.name):
                    collective_enters[location] += 1
            elif kind == "leave":
                stack = stacks[location]
                if not stack or stack[-1] != event.region:
                    error("%s: leave of %s does not close the innermost enter (%s)"
                          % (location.name, event.region.name,
                             stack[-1].name if stack else "none"))
                else:
                    stack.pop()
            elif kind == "metric":
                metric_members[location] = len(event.metric.members)
                for member, value in zip(event.metric.members, event.values):
                    key = (location, member.name)
                    if value < last_metric.get(key, 0):
                        error("%s: metric %s goes back to %s"
                              % (location.name, member.name, value))
                    last_metric[key] = value
            else:
                rank = ranks.get(location.group)
                if rank is None:
                    error("%s: a message event, but its process is not in "
                          "MPI_COMM_WORLD" % location.name)
                    continue
                if kind == "send":
                    sends[(rank, event.receiver, event.communicator.name,
                           event.msg_tag, event.msg_length)] += 1
                else:
                    receives[(event.sender, rank, event.communicator.name,
                              event.msg_tag, event.msg_length)] += 1
        for location, stack in stacks.items():
            if stack:
                error("%s: %d region(s) left open" % (location.name, len(stack)))
        summary["locations"] = []
        for location in definitions.locations:
            tally = counts.get(location, collections.Counter())
            if sum(tally.values()) != location.number_of_events:
                error("%s: %d events read, the definition says %d"
                      % (location.name, sum(tally.values()),
                         location.number_of_events))
            summary["locations"].append((location, tally))
        summary["groups"] = [
            "group %s: %s %s" % (group.name, group.system_tree_parent.class_name,
                                 group.system_tree_parent.name)
            for group in definitions.location_groups]
        summary["regions"] = sorted(
            "region %s: %s %s %s:%d" % (region.name, enum_name(region.region_role),
                                        enum_name(region.paradigm),
                                        os.path.basename(region.source_file or ""),
                                        region.begin_line_number)
            for region in definitions.regions)
        summary["metrics"] = [
            "metric %s: %s" % (member.name, enum_name(member.metric_mode))
            for member in definitions.metric_members]
        summary["comms"] = [
            "comm %s: parent=%s ranks=%d"
            % (comm.name, comm.parent.name if comm.parent else "none",
               len(comm.group.members))
            for comm in definitions.comms]
        summary["metric_members"] = metric_members
        summary["collective_enters"] = collective_enters
        summary["total"] = total
    if sends != receives:
        error("sends and receives do not pair: sends only %s, receives only %s"
              % (dict(sends - receives), dict(receives - sends)))
    summary["messages"] = (sum(sends.values()), sum(receives.values()),
                           sum(key[4] * n for key, n in sends.items()))
    summary["enters_by_name"] = enters_by_name
    return summary


# The MPI collectives the adapter records in the trace (a record per call,
# mpi/CollectiveHooks.h), which the OTF2 export leaves out: MPI_Barrier,
# MPI_Ibarrier, MPI_Allreduce_c, ... (ignoring case: MPI_Iallreduce).
COLLECTIVE = re.compile(
    r"MPI_I?(Barrier|Bcast|Reduce|Allreduce|Scan|Exscan|Gatherv?|Scatterv?|"
    r"Allgatherv?|Alltoall[vw]?|Reduce_scatter(_block)?)(_c)?", re.IGNORECASE)


def location_key(location):
    """(rank or -1, thread index) of a location: the id is the rank in the
    upper 32 bits, the thread's index in the lower ones."""
    return location._ref >> 32, location._ref & 0xffffffff


def check_native(directory, summary):
    """Against the experiment's own files: events_written, visits."""
    ranks = sorted(int(name[5:]) for name in os.listdir(directory)
                   if re.fullmatch(r"rank-[0-9]+", name)) \
        if not os.path.isdir(os.path.join(directory, "trace")) else []
    experiments = ([Experiment(directory, rank) for rank in ranks] if ranks
                   else [Experiment(directory)])
    per_process = collections.Counter()
    for location, tally in summary["locations"]:
        per_process[location.group.name] += (
            tally["enter"] + tally["leave"] + tally["send"] + tally["recv"] +
            summary["collective_enters"][location])
    written = sorted(experiment.experiment["trace"]["events_written"]
                     for experiment in experiments)
    exported = sorted(count for name, count in per_process.items()
                      if not name.endswith("(no trace)"))
    if written != exported:
        error("enters + leaves + messages per process %s, experiment.json says %s"
              % (exported, written))
    visits = collections.Counter()
    for experiment in experiments:
        visits.update(sum_by_name(experiment.profile, "visits"))
    visits = +visits
    if visits != summary["enters_by_name"]:
        names = set(visits) | set(summary["enters_by_name"])
        for name in sorted(names):
            if visits[name] != summary["enters_by_name"][name]:
                error("%s: %d enters, %d visits in the profile"
                      % (name, summary["enters_by_name"][name], visits[name]))
    return "native: events match (%d process(es)), enters match visits (%d names)" \
        % (len(experiments), len(visits))


def check_chrome(path, summary):
    with open(path) as f:
        events = json.load(f)["traceEvents"]
    chrome = collections.defaultdict(collections.Counter)
    kinds = {"B": "enter", "E": "leave", "s": "send", "f": "recv", "C": "metric"}
    for event in events:
        kind = kinds.get(event.get("ph"))
        if kind:
            chrome[(event["pid"], event["tid"])][kind] += 1
    threads = 0
    for location, tally in summary["locations"]:
        rank, thread = location_key(location)
        matches = [key for key in chrome if key[1] == thread and
                   (key[0] == rank or len({k[0] for k in chrome}) == 1)]
        if tally and not matches:
            error("%s: no thread (%d, %d) in the Chrome trace"
                  % (location.name, rank, thread))
            continue
        if not matches:
            continue
        threads += 1
        theirs = chrome[matches[0]]
        width = summary["metric_members"].get(location, 0)
        for kind in ("enter", "leave", "send", "recv"):
            if tally[kind] != theirs[kind]:
                error("%s: %d %s event(s), the Chrome trace has %d"
                      % (location.name, tally[kind], kind, theirs[kind]))
        if tally["metric"] * width != theirs["metric"]:
            error("%s: %d metric event(s) of %d members, the Chrome trace has "
                  "%d counter events" % (location.name, tally["metric"], width,
                                         theirs["metric"]))
    return "chrome: counts match (%d threads)" % threads


def check_print(path, summary):
    printed = collections.defaultdict(collections.Counter)
    line_pattern = re.compile(r"^([A-Z_]+)\s+([0-9]+)\s+[0-9]+\s")
    with open(path) as f:
        for line in f:
            match = line_pattern.match(line)
            if match and match.group(1) in PRINT_KINDS:
                printed[int(match.group(2))][PRINT_KINDS[match.group(1)]] += 1
    for location, tally in summary["locations"]:
        theirs = printed.get(location._ref, collections.Counter())
        if +tally != +theirs:
            error("%s: otf2-print counts %s, the bindings %s"
                  % (location.name, dict(theirs), dict(tally)))
    return "otf2-print: counts match (%d locations)" % len(summary["locations"])


def main():
    arguments = sys.argv[1:]
    if not arguments:
        print(__doc__, file=sys.stderr)
        return 2
    archive = arguments.pop(0)
    options = {}
    while arguments:
        option = arguments.pop(0)
        if option not in ("--experiment", "--chrome", "--print") or not arguments:
            print(__doc__, file=sys.stderr)
            return 2
        options[option] = arguments.pop(0)
    summary = read_archive(archive)
    lines = ["clock: resolution=%d" % summary["clock"]]
    lines += summary["groups"]
    for location, tally in summary["locations"]:
        lines.append("location %d (%s): %s enter=%d leave=%d send=%d recv=%d metric=%d"
                     % (location._ref, location.group.name, location.name,
                        tally["enter"], tally["leave"], tally["send"],
                        tally["recv"], tally["metric"]))
    lines += summary["regions"] + summary["metrics"] + summary["comms"]
    lines.append("events read: %d" % summary["total"])
    lines.append("nesting: ok")
    lines.append("messages: sends=%d receives=%d paired bytes=%d"
                 % summary["messages"])
    if "--experiment" in options:
        lines.append(check_native(options["--experiment"], summary))
    if "--chrome" in options:
        lines.append(check_chrome(options["--chrome"], summary))
    if "--print" in options:
        lines.append(check_print(options["--print"], summary))
    if errors:
        for message in errors:
            print("check_otf2: error: %s" % message, file=sys.stderr)
        return 1
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
