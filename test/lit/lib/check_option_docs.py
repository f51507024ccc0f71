"""Checks that every option of every `sextant` command is documented.

  check_option_docs.py SEXTANT DOCS_DIR

For each command that `sextant --help` lists (and `sextant wrap init`,
`generate` and `check`), reads the options its --help lists (the rows of
its OPTIONS or Options: section, which the tool renders from the command's
option table) and checks each of them:

  - the parser takes it: `sextant CMD --NAME=1 --no-such-option` stops at
    the second option (the run never starts), never at the first;
  - DOCS_DIR/sextant.md names it in the command's part of "## OPTIONS"
    ("### sextant CMD"; for `sextant score -g` and `sextant filter check`
    the part of their command), the wrap commands in DOCS_DIR/sextant-wrap.md
    (their SYNOPSIS entry or their "### sextant wrap CMD" section), and
    -h/--help in the "### All commands" part of sextant.md.

Prints "options documented: N options of M commands" and exits 0, or
names each option that is missing and exits 1.
"""

import os
import re
import subprocess
import sys

SENTINEL = "--no-such-option-of-sextant"


def run(sextant, words):
    result = subprocess.run([sextant] + words, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            universal_newlines=True, timeout=60)
    return result.returncode, result.stdout, result.stderr


def commands(sextant):
    """The commands of `sextant --help`, as lists of words."""
    status, out, _ = run(sextant, ["--help"])
    if status != 0:
        sys.exit("sextant --help failed with status %d" % status)
    names = []
    listing = False
    for line in out.splitlines():
        if line == "Commands:":
            listing = True
        elif listing and not line.strip():
            break
        elif listing:
            names.append([line.split()[0]])
    if not names:
        sys.exit("sextant --help lists no command")
    for sub in ("init", "generate", "check"):
        names.append(["wrap", sub])
    return names


def help_options(help_text):
    """The option names ("--tree", "-o") of the rows of the options'
    section of a --help text, in their order."""
    names = []
    section = False
    for line in help_text.splitlines():
        if line in ("OPTIONS", "Options:"):
            section = True
            continue
        if not section:
            continue
        if line and not line.startswith(" "):
            break  # the next heading
        row = re.match(r"^ {2,4}(-\S.*)$", line)
        if not row:
            continue
        # The names end where two blanks start the description.
        label = re.split(r"  +", row.group(1))[0]
        for part in label.split(", "):
            name = re.match(r"^(--[A-Za-z0-9-]+|-[A-Za-z0-9])", part)
            if name:
                names.append(name.group(1))
    return names


def markdown_part(text, heading, below):
    """The lines of text from the line `heading` to the next heading of
    the same or a higher level; only within the part below `below` (a
    heading of a higher level) when that is given."""
    lines = text.splitlines()
    start = 0
    if below:
        start = lines.index(below) + 1
    level = len(heading) - len(heading.lstrip("#"))
    part = []
    inside = False
    for line in lines[start:]:
        if line == heading:
            inside = True
            continue
        if inside:
            marks = len(line) - len(line.lstrip("#"))
            if marks and marks <= level and line[marks:marks + 1] == " ":
                break
            part.append(line)
    return "\n".join(part)


def wrap_synopsis(text, command):
    """The SYNOPSIS entry of `sextant wrap COMMAND` in sextant-wrap.md."""
    synopsis = markdown_part(text, "## SYNOPSIS", None).splitlines()
    entry = []
    for line in synopsis:
        if line.strip().startswith("sextant "):
            if entry:
                break
            if line.strip().startswith("sextant wrap " + command):
                entry.append(line)
        elif entry:
            entry.append(line)
    return "\n".join(entry)


def documented(name, text):
    return re.search(r"(?<![A-Za-z0-9-])" + re.escape(name) +
                     r"(?![A-Za-z0-9-])", text) is not None


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sextant, docs = sys.argv[1], sys.argv[2]
    with open(os.path.join(docs, "sextant.md")) as f:
        sextant_md = f.read()
    with open(os.path.join(docs, "sextant-wrap.md")) as f:
        wrap_md = f.read()
    all_commands = markdown_part(sextant_md, "### All commands", "## OPTIONS")
    problems = []
    checked = 0
    with_options = 0
    for words in commands(sextant):
        command = " ".join(words)
        status, out, _ = run(sextant, words + ["--help"])
        if status != 0:
            problems.append("sextant %s --help: exit status %d" %
                            (command, status))
            continue
        names = help_options(out)
        if not names:
            continue
        with_options += 1
        if words[0] == "wrap":
            part = (wrap_synopsis(wrap_md, words[1]) + "\n" +
                    markdown_part(wrap_md, "### sextant " + command, None))
            where = "sextant-wrap.md (sextant %s)" % command
        else:
            part = markdown_part(sextant_md, "### sextant " + command,
                                 "## OPTIONS")
            where = "sextant.md, OPTIONS, sextant %s" % command
        if not part.strip():
            problems.append("%s: no such part of the documentation" % where)
            continue
        # `sextant filter check|explain`: its options come after the action.
        probe = words + (["explain"] if words == ["filter"] else [])
        for name in names:
            checked += 1
            if name in ("-h", "--help"):
                if not documented(name, all_commands):
                    problems.append("sextant %s %s: not in sextant.md, "
                                    "OPTIONS, All commands" % (command, name))
                continue
            value = ("=1" if name.startswith("--") else "1")
            status, _, err = run(sextant, probe + [name + value, SENTINEL])
            unknown = re.search(r"unknown option:? '?" + re.escape(name) +
                                r"(?![A-Za-z0-9-])", err)
            if status != 2 or unknown:
                problems.append("sextant %s %s: the parser does not take "
                                "it (status %d): %s" %
                                (command, name, status, err.strip()))
            if not documented(name, part):
                problems.append("sextant %s %s: not in %s" %
                                (command, name, where))
    if problems:
        for problem in problems:
            print(problem)
        sys.exit(1)
    print("options documented: %d options of %d commands" %
          (checked, with_options))


if __name__ == "__main__":
    main()
