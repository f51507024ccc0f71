"""Reading Sextant experiment directories in the lit tests.

The one place where the helper scripts of the lit tests (profile_paths.py,
mpi_check.py, check_metric.py, ...) locate an experiment directory, load its
JSON files and walk its profiles. Python standard library only (and
python/sextant_reader of the source tree, which parses deeply nested files).

An experiment directory holds experiment.json, regions.json, profile.json
(a list of root nodes in LLNL Hatchet's literal shape: every node has
'frame' {'name', 'type'}, 'metrics', 'attributes' and 'children'),
profile-threads.json, profile.folded, and for an MPI job mpi.json and one
sub-directory rank-<r>/ per rank (docs/output-formats.md).

  Experiment(directory, rank=None)  one experiment directory (with RANK: its
                                    rank-<r>/ sub-directory, rank_directory());
                                    .experiment .regions .profile
                                    .thread_profiles .mpi (each file loaded
                                    once), .path(name), .rank(r), .folded()
  load_json(path)                   parsed JSON, or ExperimentError naming
                                    the file; deeply nested files too
  walk(roots)                       a Step (.node .path .depth .metrics
                                    .children .parent) per node, pre-order
                                    in file order; iterative, no recursion
  walk_events(roots)                the same with an "exit" Step after each
                                    node's subtree (checks of the children)
  iter_nodes(roots)                 every node, no particular order (sums)
  metric(node, name, default)       one metric of a node
  sum_by_name(roots, metric)        a metric summed per region name
  parse_folded_line(line) / read_folded(path)
                                    'STACK VALUE' lines -> (STACK, VALUE)
  traffic_matrix(mpi, field, kind)  a job mpi.json's sparse matrix as dense
                                    ranks x ranks lists; load_traffic(dir)
                                    its pairs as records (python/sextant_reader)
  ExperimentError, fail(message), run(main)
                                    errors: run() prints 'PROGRAM: error:
                                    MESSAGE' on stderr and exits with 1

The scripts import it from their own directory (Python puts a script's
directory first on sys.path), so they run as 'python3 test/lit/lib/X.py'.
"""
import collections
import os
import re
import sys

# python/sextant_reader of the source tree parses deeply nested files.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "python"))
from sextant_reader import (load_traffic, read_json,  # noqa: E402,F401
                            traffic_matrix)

EXPERIMENT = "experiment.json"
REGIONS = "regions.json"
PROFILE = "profile.json"
THREAD_PROFILES = "profile-threads.json"
FOLDED = "profile.folded"
MPI = "mpi.json"

# A call path is a string of all its frame names: paths deeper than this
# would take memory quadratic in the depth (walk() nodes, not their paths).
MAX_PATH_DEPTH = 5000

# Frame types of profile.json (docs/output-formats.md).
FRAME_TYPES = ("function", "openmp", "mpi", "library")


class ExperimentError(Exception):
    """A file of an experiment is missing, unreadable or not as expected."""


def fail(message):
    """Stops the script: run() prints MESSAGE as the script's error."""
    raise ExperimentError(message)


def program_name():
    """The running script's name without '.py' (the prefix of its errors)."""
    return os.path.splitext(os.path.basename(sys.argv[0]))[0]


def run(main, program=None):
    """sys.exit(main()); an ExperimentError becomes 'PROGRAM: error: MESSAGE'
    on stderr and exit status 1."""
    try:
        status = main()
    except ExperimentError as e:
        print("%s: error: %s" % (program or program_name(), e), file=sys.stderr)
        status = 1
    sys.exit(status)


def load_json(path):
    """The parsed contents of the JSON file PATH. Python's json module
    recurses once per nesting level: a profile nested deeper than the
    recursion limit is parsed again on a thread with a large stack."""
    try:
        return read_json(path)
    except (OSError, ValueError, RecursionError) as e:
        raise ExperimentError("cannot read %s: %s" % (path, e))


def rank_directory(directory, rank):
    """The directory of rank RANK's own experiment in an MPI job's DIRECTORY."""
    return os.path.join(directory, "rank-%d" % rank)


class Experiment:
    """One experiment directory; its JSON files are loaded on first use."""

    def __init__(self, directory, rank=None):
        self.directory = (directory if rank is None
                          else rank_directory(directory, rank))
        self._files = {}

    def path(self, name):
        return os.path.join(self.directory, name)

    def exists(self, name):
        return os.path.exists(self.path(name))

    def load(self, name):
        if name not in self._files:
            self._files[name] = load_json(self.path(name))
        return self._files[name]

    def rank(self, rank):
        """The experiment of rank RANK (its rank-<r>/ sub-directory)."""
        return Experiment(self.directory, rank)

    @property
    def experiment(self):
        return self.load(EXPERIMENT)

    @property
    def regions(self):
        """The list of regions of regions.json."""
        return self.load(REGIONS)["regions"]

    @property
    def profile(self):
        """profile.json: the list of root nodes."""
        roots = self.load(PROFILE)
        if not isinstance(roots, list):
            fail("%s: the top level is not a list of root nodes" % self.path(PROFILE))
        return roots

    @property
    def thread_profiles(self):
        """profile-threads.json, the whole document."""
        return self.load(THREAD_PROFILES)

    @property
    def mpi(self):
        return self.load(MPI)

    def folded(self, require_newline=False):
        """(LINE_NUMBER, LINE, (STACK, VALUE) or None) per line of profile.folded."""
        return read_folded(self.path(FOLDED), require_newline)


# --- profiles -------------------------------------------------------------

def join_path(prefix, name):
    """The call path of NAME beneath PREFIX ('' at the roots), joined by ';'."""
    return prefix + ";" + name if prefix else name


def frame_name(node):
    return node["frame"]["name"]


class Step:
    """A node met by walk_events(): EVENT is "enter" or "exit", PARENT the
    Step of its parent (None for a root), DEPTH 0 for a root. PATH (the
    frame names from the root joined by ';') is computed when first asked
    for, after the caller has checked the node's frame."""
    __slots__ = ("event", "node", "parent", "depth", "_path")

    def __init__(self, event, node, parent, depth):
        self.event = event
        self.node = node
        self.parent = parent
        self.depth = depth
        self._path = None

    @property
    def path(self):
        if self._path is None:
            if self.depth >= MAX_PATH_DEPTH:
                fail("a call path of more than %d frames: too long to print"
                     % MAX_PATH_DEPTH)
            # Iteratively: the nearest ancestor that knows its path, then down.
            pending, step = [], self
            while step is not None and step._path is None:
                pending.append(step)
                step = step.parent
            prefix = "" if step is None else step._path
            for step in reversed(pending):
                step._path = prefix = join_path(prefix, frame_name(step.node))
        return self._path

    @property
    def parent_path(self):
        return "" if self.parent is None else self.parent.path

    @property
    def metrics(self):
        return self.node["metrics"]

    @property
    def children(self):
        return self.node["children"]


def walk_events(roots):
    """Every node of ROOTS, depth first in file order, as an "enter" Step
    before its subtree and an "exit" Step after it. Iterative: no recursion
    limit. A node's children are read only after its "enter" Step has been
    handled, so the caller may check its shape first."""
    stack = [(False, Step("enter", root, None, 0)) for root in reversed(roots)]
    while stack:
        leaving, step = stack.pop()
        if leaving:
            exit_step = Step("exit", step.node, step.parent, step.depth)
            exit_step._path = step._path
            yield exit_step
            continue
        yield step
        stack.append((True, step))
        stack.extend((False, Step("enter", child, step, step.depth + 1))
                     for child in reversed(step.node["children"]))


def walk(roots):
    """Every node of ROOTS as a Step, in pre-order (file order)."""
    for step in walk_events(roots):
        if step.event == "enter":
            yield step


def iter_nodes(roots):
    """Every node of ROOTS, in no particular order (cheapest: for sums)."""
    stack = list(roots)
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node["children"])


def metric(node, name, default=None):
    """The value of metric NAME of a profile node ("time (inc)", ...)."""
    return node["metrics"].get(name, default)


def sum_by_name(roots, name):
    """collections.Counter: metric NAME summed over every call path of each
    region name."""
    totals = collections.Counter()
    for node in iter_nodes(roots):
        totals[frame_name(node)] += node["metrics"][name]
    return totals


# --- folded stacks ----------------------------------------------------------

_FOLDED_LINE = re.compile(r"(.+) ([0-9]+)")


def parse_folded_line(line, require_newline=False):
    """(STACK, VALUE) of a folded-stack line 'a;b;c VALUE' (VALUE a
    non-negative integer), or None. With REQUIRE_NEWLINE a line without its
    newline (a truncated file) is not one."""
    if line.endswith("\n"):
        line = line[:-1]
    elif require_newline:
        return None
    match = _FOLDED_LINE.fullmatch(line)
    if not match:
        return None
    return match.group(1), int(match.group(2))


def read_folded(path, require_newline=False):
    """(LINE_NUMBER, LINE, (STACK, VALUE) or None) for every line of the
    folded-stack file PATH."""
    try:
        with open(path) as f:
            lines = list(f)
    except OSError as e:
        raise ExperimentError("cannot read %s: %s" % (path, e))
    return [(number, line, parse_folded_line(line, require_newline))
            for number, line in enumerate(lines, 1)]
