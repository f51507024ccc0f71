#!/usr/bin/env bash
# benchmarks/overhead.sh - the overhead comparison on the miniFE proxy.
#
# Builds the miniFE proxy (benchmarks/miniFE/) as uninstrumented,
# -finstrument-functions and -finstrument-functions-after-inlining (with the
# profiling hooks of benchmarks/cyg_profile_hooks/), XRay and Sextant
# (default, compile-time filter from 'sextant score -g'), runs every variant
# round-robin, checks every answer, and writes a markdown table of median
# times, ratios, instrumented functions and events per second into
# docs/performance.md; also the dormant-region benchmark
# (benchmarks/dormant/). The work is done by overhead_harness.py next to
# this script; see --help, and docs/performance.md for the variants.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if ! command -v python3 >/dev/null; then
  echo "overhead.sh: error: python3 is needed (apt-get install python3)" >&2
  exit 2
fi
exec python3 "$here/overhead_harness.py" --invoked-as "$0" "$@"
