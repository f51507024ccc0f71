"""Fails when a file holds a control byte other than the line end.

Usage: no_control_bytes.py FILE...

Messages that show outside text (environment values, filter files, region
names) escape control bytes as \\xNN; this checks that none got through raw,
e.g. an escape sequence (ESC, 0x1b) that a terminal would act on. Prints
the first offending byte of each such file and exits 1.
"""

import sys


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    failed = False
    for path in sys.argv[1:]:
        with open(path, "rb") as stream:
            data = stream.read()
        for offset, byte in enumerate(data):
            if (byte < 0x20 and byte != 0x0a) or byte == 0x7f:
                print("%s: control byte 0x%02x at offset %d"
                      % (path, byte, offset))
                failed = True
                break
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
