"""Checks the SVG pictures of `sextant export` against their data.

  check_svg.py flamegraph FILE.svg FOLDED
      FOLDED: the same profile's `sextant export --format=folded` (with the
      same --metric). The frames (<g class="frame">) are exactly the
      merged stacks flamegraph.pl would draw: the root "all" and every
      frame at least the minimum width wide (data-min-width of the
      background, in pixels of data-area-width for the whole), each with
      its value in its tooltip and its width in proportion; children lie
      side by side within their parent.
  check_svg.py matrix FILE.svg MPI_JSON bytes|messages
      MPI_JSON: the job's mpi.json. One cell (<rect class="cell">) per pair
      of ranks with traffic, its tooltip giving the pair and the value.

  check_svg.py roofline FILE.svg ROOFLINE_TABLE
      ROOFLINE_TABLE: the output of `sextant roofline DIR` for the same
      peaks. One point (<g class="point">) per region the table lists, at
      its intensity and GFLOP/s (from the tooltip, to the table's three
      decimals), memory or compute bound as the table says, and one roof
      (<polyline class="roof">).

  check_svg.py folded PROFILE_JSON METRIC
      Prints the folded stacks of an exclusive metric of profile.json
      (seconds as whole microseconds), made here independently of sextant,
      for checking a flame graph of --metric=METRIC.

Prints "flame graph ok: N frames", "matrix ok: N cells" or "roofline ok:
N points"; exits 1 with
the differences otherwise. The document is parsed with xml.etree, so it
must be well-formed XML.
"""

import json
import math
import re
import sys
import xml.etree.ElementTree as ET

from sextant_experiment import traffic_matrix

SVG = "{http://www.w3.org/2000/svg}"


def fail(message):
    print("check_svg: " + message)
    sys.exit(1)


def folded_frames(path):
    """The merged frames of folded stacks: {stack tuple: value}."""
    frames = {(): 0}
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            stack, _, value = line.rpartition(" ")
            value = int(value)
            frames[()] += value
            names = tuple(stack.split(";"))
            for depth in range(1, len(names) + 1):
                frames[names[:depth]] = frames.get(names[:depth], 0) + value
    return frames


def check_flamegraph(svg_path, folded_path):
    root = ET.parse(svg_path).getroot()
    background = root.find(SVG + "rect")
    area = float(background.get("data-area-width"))
    min_width = float(background.get("data-min-width"))
    frames = folded_frames(folded_path)
    total = frames[()]
    if int(background.get("data-total")) != total:
        fail("data-total %s, the folded stacks sum to %d" % (background.get("data-total"), total))
    # Frames wide enough, their parents too (a parent is never narrower).
    expected = {}
    for stack, value in frames.items():
        if all(frames[stack[:d]] / max(total, 1) * area >= min_width for d in range(len(stack) + 1)):
            expected[stack] = value
    drawn = root.findall(SVG + "g[@class='frame']")
    if len(drawn) != len(expected):
        fail("%d frames drawn, expected %d" % (len(drawn), len(expected)))
    # Each frame's y gives its depth; its name, value and share are in its
    # tooltip; the frames of one depth are ordered by x.
    height = float(root.get("height"))
    by_depth = {}
    for g in drawn:
        title = g.find(SVG + "title").text
        match = re.fullmatch(r"(.*) \(([0-9,]+) (.+), ([0-9.]+)%\)", title, re.S)
        if not match:
            fail("tooltip %r is not 'name (value unit, percent%%)'" % title)
        rect = g.find(SVG + "rect")
        x, y, width = (float(rect.get(k)) for k in ("x", "y", "width"))
        value = int(match.group(2).replace(",", ""))
        share = float(match.group(4))
        if abs(share - 100.0 * value / max(total, 1)) > 0.006:
            fail("%r: share %s%%, expected %.2f%%" % (title, share, 100.0 * value / total))
        if abs(width - value / max(total, 1) * area) > 0.01:
            fail("%r: width %s, expected %.2f" % (title, width, value / total * area))
        by_depth.setdefault(y, []).append((x, width, match.group(1), value))
    # Rebuild the stacks from the geometry: a frame's parent is the frame of
    # the depth below whose span holds it.
    levels = sorted(by_depth, reverse=True)
    placed = {}
    for level_index, y in enumerate(levels):
        for x, width, name, value in sorted(by_depth[y]):
            if level_index == 0:
                stack = ()
            else:
                below = [(px, pw, s) for (px, pw, s) in placed[levels[level_index - 1]]
                         if px - 0.02 <= x and x + width <= px + pw + 0.02]
                if len(below) != 1:
                    fail("frame %s at x=%s lies on %d frames below" % (name, x, len(below)))
                stack = below[0][2] + (name,)
            if expected.get(stack) != value:
                fail("frame %s: value %d, the folded stacks give %s" % (";".join(stack) or "all", value, expected.get(stack)))
            placed.setdefault(y, []).append((x, width, stack))
    print("flame graph ok: %d frames" % len(drawn))


def check_matrix(svg_path, mpi_path, metric):
    root = ET.parse(svg_path).getroot()
    with open(mpi_path) as f:
        mpi = json.load(f)
    matrix = traffic_matrix(mpi, "bytes_sent" if metric == "bytes" else "messages_sent")
    expected = {}
    for i, row in enumerate(matrix):
        for j, value in enumerate(row):
            if value:
                expected[(i, j)] = value
    cells = root.findall(SVG + "rect[@class='cell']")
    if len(cells) != len(expected):
        fail("%d cells drawn, expected %d (the pairs with traffic)" % (len(cells), len(expected)))
    for cell in cells:
        title = cell.find(SVG + "title").text
        match = re.fullmatch(r"rank (\d+) -> rank (\d+): (\d+) (\w+)", title)
        if not match or match.group(4) != metric:
            fail("tooltip %r is not 'rank I -> rank J: VALUE %s'" % (title, metric))
        pair = (int(match.group(1)), int(match.group(2)))
        if expected.get(pair) != int(match.group(3)):
            fail("%r: mpi.json has %s" % (title, expected.get(pair)))
    print("matrix ok: %d cells" % len(cells))


def check_roofline(svg_path, table_path):
    with open(table_path) as f:
        lines = f.read().splitlines()
    header = next(i for i, line in enumerate(lines) if line.strip().startswith("FLOP/byte"))
    expected = {}
    for line in lines[header + 1:]:
        if not line.strip():
            continue
        fields = re.split(r"\s{2,}", line.strip())
        expected[fields[-1]] = (fields[0], fields[1], fields[4])
    root = ET.parse(svg_path).getroot()
    points = root.findall(".//%sg[@class='point']" % SVG)
    if len(points) != len(expected):
        fail("%d points drawn, sextant roofline lists %d regions" % (len(points), len(expected)))
    for point in points:
        title = point.find(SVG + "title").text
        if point.find(SVG + "circle") is None:
            fail("point %r has no circle" % title)
        match = re.fullmatch(r"(.*): ([0-9.]+) FLOP/byte, ([0-9.]+) ([KMGT]?)FLOP/s, "
                             r"[0-9.]+% of the attainable [0-9.]+ [KMGT]?FLOP/s, (\w+) bound", title)
        if not match or match.group(1) not in expected:
            fail("tooltip %r names no region of the table" % title)
        scale = {"": 1e-9, "K": 1e-6, "M": 1e-3, "G": 1, "T": 1e3}[match.group(4)]
        intensity, gflops, bound = expected[match.group(1)]
        if (match.group(2) != intensity or abs(float(match.group(3)) * scale - float(gflops)) > 0.01
                or match.group(5) != bound):
            fail("%r: the table has %s FLOP/byte, %s GFLOP/s, %s bound" % (title, intensity, gflops, bound))
    if len(root.findall(".//%spolyline[@class='roof']" % SVG)) != 1:
        fail("no roof drawn")
    print("roofline ok: %d points" % len(points))


def whole_microseconds(seconds):
    """Seconds as whole microseconds, halves rounded away from zero as
    sextant does (std::round), not to even as Python's round() does: a value
    of 2088.5 us is 2089 in both."""
    micro = max(0.0, seconds) * 1e6
    whole = math.floor(micro)
    return int(whole) + (1 if micro - whole >= 0.5 else 0)


def print_folded(profile_path, metric):
    with open(profile_path) as f:
        profile = json.load(f)
    stack = [(node, []) for node in reversed(profile)]
    while stack:
        node, prefix = stack.pop()
        frames = prefix + [node["frame"]["name"].replace(";", ":")]
        value = whole_microseconds(node["metrics"].get(metric) or 0.0)
        if value:
            print("%s %d" % (";".join(frames), value))
        stack.extend((child, frames) for child in reversed(node.get("children", [])))


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "flamegraph":
        check_flamegraph(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "folded":
        print_folded(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "roofline":
        check_roofline(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 5 and sys.argv[1] == "matrix":
        check_matrix(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        fail("usage: check_svg.py flamegraph FILE.svg FOLDED | "
             "matrix FILE.svg MPI_JSON bytes|messages | roofline FILE.svg TABLE")


if __name__ == "__main__":
    main()
