#!/usr/bin/env bash
# scripts/demo.sh - set up Sextant, instrument a real program, show its profile.
#
# Usage: scripts/demo.sh
# Installs missing Debian packages, builds and installs Sextant (see
# setup.sh), compiles test/apps/poisson_cg.cpp (a conjugate-gradient Poisson
# solver) with clang++-19 and the Sextant plugin at -O2, runs it, and prints
# the profile summary the runtime wrote.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
case ${1:-} in -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac

prefix=$SEXTANT_BUILD_DIR/install
"$SEXTANT_SOURCE_DIR/scripts/setup.sh" --prefix "$prefix"

demo_dir=$SEXTANT_BUILD_DIR/demo
rm -rf "$demo_dir"
mkdir -p "$demo_dir"
plugin=$prefix/lib/SextantPlugin.so
compile=(clang++-19 -O2 -g -fplugin="$plugin" -fpass-plugin="$plugin"
         "$SEXTANT_SOURCE_DIR/test/apps/poisson_cg.cpp"
         -L"$prefix/lib" -Wl,-rpath,"$prefix/lib" -lsextant
         -o "$demo_dir/poisson_cg")
say "Compiling the demo with the Sextant plugin"
echo "${compile[*]}"
"${compile[@]}"

say "Running it"
(cd "$demo_dir" && SEXTANT_OUTPUT_DIR="$demo_dir/experiment" ./poisson_cg 128 500)

say "Profile ($demo_dir/experiment/summary.txt)"
cat "$demo_dir/experiment/summary.txt"

cat <<'NOTE'

Note: at -O2 the optimizer inlined the small kernels (dot, axpy, xpby,
CsrMatrix::multiply) into conjugateGradient. Sextant instruments after
optimization, so inlined code costs nothing and is measured as part of its
caller. The full profile is profile.json (LLNL Hatchet literal format) in the
same directory; docs/user-guide.md explains every file.
NOTE
