#!/usr/bin/env python3
"""Give the compressed sections of an ELF64 file an unknown compression type.

Usage: set_compression_type.py FILE TYPE

Every SHF_COMPRESSED section's Elf64_Chdr.ch_type is set to TYPE in place,
so that no reader (libdw or Sextant's own) can decompress it; prints the
number of sections changed (0 is an error: the file had none).
"""
import struct
import sys

SHF_COMPRESSED = 0x800


def main():
    path, new_type = sys.argv[1], int(sys.argv[2])
    with open(path, "r+b") as f:
        data = f.read()
        if data[:4] != b"\x7fELF" or data[4] != 2:
            sys.exit("not an ELF64 file: " + path)
        shoff, = struct.unpack_from("<Q", data, 0x28)
        shentsize, shnum = struct.unpack_from("<HH", data, 0x3a)
        changed = 0
        for index in range(shnum):
            header = shoff + index * shentsize
            flags, = struct.unpack_from("<Q", data, header + 8)
            offset, = struct.unpack_from("<Q", data, header + 24)
            if flags & SHF_COMPRESSED:
                f.seek(offset)
                f.write(struct.pack("<I", new_type))
                changed += 1
    if changed == 0:
        sys.exit("no compressed section in " + path)
    print(changed)


if __name__ == "__main__":
    main()
