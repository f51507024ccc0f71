"""Damages one chunk of a trace file (format/schema/TraceFormat.h, version
2 or later): flips a bit in the first byte after chunk CHUNK's header, so
that its CRC-32C no longer matches and readers skip it as damaged.

Usage: damage_trace_chunk.py TRACE_FILE CHUNK
Prints "damaged chunk K of N" (the chunk's sequence number and the chunks
in the file), or fails when the file has no chunk CHUNK."""
import struct
import sys

FILE_HEADER = 68
CHUNK_HEADER = 36


def main():
    path, wanted = sys.argv[1], int(sys.argv[2])
    with open(path, "rb") as f:
        data = bytearray(f.read())
    offsets = []
    at = FILE_HEADER
    while at + CHUNK_HEADER <= len(data):
        if data[at:at + 4] != b"SXCK":
            sys.exit("no chunk at offset %d" % at)
        stack_bytes, event_bytes = struct.unpack_from("<II", data, at + 20)
        offsets.append(at)
        at += CHUNK_HEADER + stack_bytes + event_bytes
    if wanted >= len(offsets):
        sys.exit("%s has %d chunks, no chunk %d" % (path, len(offsets), wanted))
    data[offsets[wanted] + CHUNK_HEADER] ^= 0x01
    with open(path, "wb") as f:
        f.write(data)
    sequence = struct.unpack_from("<I", data, offsets[wanted] + 4)[0]
    print("damaged chunk %d of %d" % (sequence, len(offsets)))


main()
