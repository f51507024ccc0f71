#!/usr/bin/env python3
"""Print the regions of an experiment with the file name of their module.

Usage: region_modules.py EXPERIMENT_DIR

One line per region of regions.json, in id order:
  NAME module=MODULE_FILE_NAME file=SOURCE_FILE_NAME:LINE id=ID
"""
import os
import sys

from sextant_experiment import Experiment, run


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    for region in Experiment(sys.argv[1]).regions:
        print("%s module=%s file=%s:%d id=%d" % (
            region["name"], os.path.basename(region["module"]),
            os.path.basename(region["file"]), region["begin_line"], region["id"]))
    return 0


if __name__ == "__main__":
    run(main)
