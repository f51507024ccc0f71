# A lit suite for failure_digest.test: one test passes, two fail (one in
# FileCheck, whose "error:" line is far from the end of its output).
import os

import lit.formats

config.name = "Digest"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".txt"]
config.environment["PATH"] = os.environ["PATH"]
