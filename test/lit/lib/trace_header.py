"""Sets a field of a Sextant trace file's header and fixes its CRC-32C.

    python3 trace_header.py FILE ticks_per_second VALUE

The header's layout is format/schema/TraceFormat.h's (docs/output-formats.md):
the clock's ticks per second are an IEEE 754 binary64 at byte 32, the
CRC-32C of the 64 bytes before it at byte 64 (format version 2 and later).
VALUE is any float() literal, e.g. 1e-300, nan, inf. The fuzzers import
set_ticks_per_second() and crc32c().
"""

import struct
import sys

TICKS_PER_SECOND_OFFSET = 32
CHECKSUM_OFFSET = 64


def crc32c(data):
    """CRC-32C (Castagnoli, reflected polynomial 0x82f63b78)."""
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


def set_ticks_per_second(path, value):
    with open(path, "rb") as trace:
        data = bytearray(trace.read())
    struct.pack_into("<d", data, TICKS_PER_SECOND_OFFSET, value)
    struct.pack_into("<I", data, CHECKSUM_OFFSET,
                     crc32c(bytes(data[:CHECKSUM_OFFSET])))
    with open(path, "wb") as trace:
        trace.write(data)


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[2] != "ticks_per_second":
        sys.exit("usage: trace_header.py FILE ticks_per_second VALUE")
    set_ticks_per_second(sys.argv[1], float(sys.argv[3]))
