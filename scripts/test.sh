#!/usr/bin/env bash
# scripts/test.sh - set up Sextant and run the whole test suite.
#
# Usage: scripts/test.sh [--quick]
# Installs missing Debian packages, then for each build configuration builds
# Sextant and runs its unit tests (Catch2, through ctest) and its lit suite
# (IR-level plugin tests and end-to-end tests):
#   build/        the normal build: everything
#   build-asan/   runtime, filter, tool and tests under ASan+UBSan; the lit
#                 end-to-end tests link the sanitized runtime
#   build-tsan/   the same under ThreadSanitizer
#   build-gcc/    everything built by GCC (runtime, tool, plugin, tests),
#                 its unit tests and its whole lit suite: the GCC-built
#                 runtime with clang-instrumented code (through its
#                 preserve_most trampolines) and with -finstrument-functions
#                 code (e2e/gcc)
# --quick runs the normal build only. The last line is
# 'N passed, N failed, N skipped' (skipped: unit tests whose precondition the
# machine lacks; lit's unsupported tests are not counted). Before it, each
# failed test's name and the end of its output (scripts/failure_digest.py).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

quick=0
case ${1:-} in
  --quick) quick=1 ;;
  -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  "") ;;
  *) echo "test.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
esac

total_passed=0
total_failed=0
total_skipped=0
suite_logs=() # in the order the suites ran, for failure_digest.py
log_dir=$(mktemp -d)
trap 'rm -rf "$log_dir"' EXIT

# count_ctest LOG: adds the 'N tests failed out of M' line of a ctest run.
count_ctest() {
  local line failed all
  line=$(grep -E 'tests? failed out of [0-9]+' "$1" | tail -n 1 || true)
  if [ -z "$line" ]; then
    total_failed=$((total_failed + 1)) # ctest itself failed to run
    return
  fi
  failed=$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\1/' <<<"$line")
  all=$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\2/' <<<"$line")
  # Test cases that skipped themselves (test/unit/support/SkipTest.h) are
  # listed as "(Skipped)" among the tests that did not run.
  skipped=$(grep -cE '^[[:space:]]*[0-9]+ - .*\(Skipped\)$' "$1" || true)
  total_passed=$((total_passed + all - failed - skipped))
  total_failed=$((total_failed + failed))
  total_skipped=$((total_skipped + skipped))
}

# count_lit LOG: adds lit's summary (Passed / Failed / Unresolved / ...).
count_lit() {
  local passed failed
  # lit pads the category names when several are shown ("Passed     : 9").
  passed=$(awk -F: '/^ *(Passed|Expectedly Failed|Passed With Retry) *:/ {split($2, n, " "); s += n[1]} END {print s + 0}' "$1")
  failed=$(awk -F: '/^ *(Failed|Unresolved|Timed Out|Unexpectedly Passed) *:/ {split($2, n, " "); s += n[1]} END {print s + 0}' "$1")
  if [ "$passed" -eq 0 ] && [ "$failed" -eq 0 ]; then
    failed=1 # lit did not run
  fi
  total_passed=$((total_passed + passed))
  total_failed=$((total_failed + failed))
}

# run_suite NAME BUILD_DIR LIT_FILTER
run_suite() {
  local name=$1 build_dir=$2 lit_filter=$3
  say "[$name] unit tests"
  (cd "$build_dir" && ctest --output-on-failure -E '^lit$' -j "$SEXTANT_JOBS") \
    2>&1 | tee "$log_dir/$name-ctest.log" || true
  count_ctest "$log_dir/$name-ctest.log"
  suite_logs+=("$log_dir/$name-ctest.log")
  say "[$name] lit tests"
  cmake --build "$build_dir" --target sextant_lit_install_prefix >/dev/null
  python3 /usr/lib/llvm-19/build/utils/lit/lit.py -sv -j "$SEXTANT_JOBS" \
    ${lit_filter:+--filter "$lit_filter"} "$build_dir/test/lit" \
    2>&1 | tee "$log_dir/$name-lit.log" || true
  count_lit "$log_dir/$name-lit.log"
  suite_logs+=("$log_dir/$name-lit.log")
}

install_missing_packages
if [ "$quick" -eq 0 ]; then
  warn_if_disk_short 7168 "the whole test suite (four builds)"
else
  warn_if_disk_short 2048 "the normal build and its tests"
fi

configure_and_build "$SEXTANT_BUILD_DIR"
run_suite normal "$SEXTANT_BUILD_DIR" ""

if [ "$quick" -eq 0 ]; then
  plugin=$SEXTANT_BUILD_DIR/plugin/SextantPlugin.so
  configure_and_build "$SEXTANT_SOURCE_DIR/build-asan" \
    "-DSEXTANT_SANITIZER=address;undefined" -DSEXTANT_EXTERNAL_PLUGIN="$plugin"
  run_suite asan+ubsan "$SEXTANT_SOURCE_DIR/build-asan" "e2e"
  configure_and_build "$SEXTANT_SOURCE_DIR/build-tsan" \
    -DSEXTANT_SANITIZER=thread -DSEXTANT_EXTERNAL_PLUGIN="$plugin"
  run_suite tsan "$SEXTANT_SOURCE_DIR/build-tsan" "e2e"
  # The later -D options override configure_and_build's clang.
  configure_and_build "$SEXTANT_SOURCE_DIR/build-gcc" \
    -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++
  # The whole suite: 2.5 minutes (unit tests 1 minute) on 2 busy cores.
  run_suite gcc "$SEXTANT_SOURCE_DIR/build-gcc" ""
fi

# What failed, where the end of a CI log shows it.
python3 "$SEXTANT_SOURCE_DIR/scripts/failure_digest.py" "${suite_logs[@]}" || true

echo
echo "Summary over all configurations:"
echo "$total_passed passed, $total_failed failed, $total_skipped skipped"
[ "$total_failed" -eq 0 ]
