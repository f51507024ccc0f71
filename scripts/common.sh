# scripts/common.sh - shared by setup.sh, demo.sh and test.sh (sourced).
#
# Installs the Debian packages Sextant needs (only the missing ones), then
# configures and builds Sextant in $SEXTANT_BUILD_DIR (default: build/).

set -euo pipefail

SEXTANT_SOURCE_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SEXTANT_BUILD_DIR=${SEXTANT_BUILD_DIR:-$SEXTANT_SOURCE_DIR/build}
SEXTANT_JOBS=${SEXTANT_JOBS:-$(nproc)}

# Everything the build, the tests and the demo use, from Debian 12.
SEXTANT_DEBIAN_PACKAGES=(
  clang-19 llvm-19-dev llvm-19-tools libclang-19-dev libclang-rt-19-dev
  libomp-19-dev cmake ninja-build catch2 nlohmann-json3-dev libbenchmark-dev python3
  ca-certificates gcc libpapi-dev
  # Headers of elfutils' libdw (debug information, loaded at run time).
  libdw-dev
  # The PMPI adapters (libsextant-mpich, libsextant-openmpi) and their tests:
  # MPICH, Open MPI (also OpenSHMEM's oshcc/oshrun), flang for Fortran.
  mpich libmpich-dev openmpi-bin libopenmpi-dev flang-19
  # The wrapped-library tests (sextant wrap): FFTW 3.
  libfftw3-dev
  # LTO tests: lld loads the plugin at the link (-Wl,--load-pass-plugin=).
  lld-19
  # The compiler wrappers' tests: an autotools project, pkg-config files.
  autoconf automake pkgconf
  # `sextant export --format=otf2` (the OTF2 library) and its tests
  # (otf2-print, the Python bindings of Debian's /usr/bin/python3).
  libotf2-trace-dev otf2-tools python3-otf2
  # The instruction count of the micro benchmarks (count_instructions.py).
  valgrind
  # The SVG exports' tests render them (rsvg-convert); the HTML report's
  # tests drive headless Chromium with Node.js (browser_check.js).
  librsvg2-bin chromium nodejs
)

say() { printf '\n==> %s\n' "$*"; }

install_missing_packages() {
  local missing=()
  for package in "${SEXTANT_DEBIAN_PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null |
        grep -q 'install ok installed'; then
      missing+=("$package")
    fi
  done
  if [ ${#missing[@]} -eq 0 ]; then
    say "All required Debian packages are installed"
    return
  fi
  say "Installing missing Debian packages: ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null; then
      sudo=(sudo)
    else
      echo "error: not root and no sudo; install as root: apt-get install ${missing[*]}" >&2
      exit 1
    fi
  fi
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq \
    --no-install-recommends "${missing[@]}"
}

# warn_if_disk_short MIB WHAT: warns when the file system holding the source
# tree has less than MIB mebibytes free for WHAT, counting what the build
# directories there already hold as done. A build that fills the disk dies in
# the middle of a compile ("No space left on device"), minutes into the run;
# the warning says why at the start. Measured on a clean clone: build/ holds
# 1.2 GiB after the normal build and its tests (setup.sh's install adds 0.2),
# test.sh's four build directories 5.8 GiB; the callers ask for some room
# above that.
warn_if_disk_short() {
  local need_mib=$1 what=$2 free_mib built_mib=0 dir dir_mib
  free_mib=$(df -Pm "$SEXTANT_SOURCE_DIR" 2>/dev/null | awk 'NR == 2 {print $4}' || true)
  case $free_mib in '' | *[!0-9]*) return 0 ;; esac # df could not tell
  if [ "$free_mib" -ge "$need_mib" ]; then
    return 0 # room enough without counting the builds: no du over them
  fi
  for dir in "$SEXTANT_BUILD_DIR" "$SEXTANT_SOURCE_DIR"/build-*; do
    [ -d "$dir" ] || continue
    dir_mib=$(du -sm "$dir" 2>/dev/null | cut -f1 || true)
    case $dir_mib in '' | *[!0-9]*) dir_mib=0 ;; esac
    built_mib=$((built_mib + dir_mib))
  done
  if [ $((free_mib + built_mib)) -lt "$need_mib" ]; then
    echo "warning: only $free_mib MiB free on the file system of" \
      "$SEXTANT_SOURCE_DIR; $what takes about $need_mib MiB, of which the" \
      "build directories already hold $built_mib MiB. The build stops with" \
      "'No space left on device' when the disk fills." >&2
  fi
}

# configure_and_build BUILD_DIR [extra cmake arguments...]
configure_and_build() {
  local build_dir=$1
  shift
  say "Configuring $build_dir"
  cmake -S "$SEXTANT_SOURCE_DIR" -B "$build_dir" -G Ninja \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 "$@" >/dev/null
  say "Building $build_dir (${SEXTANT_JOBS} jobs)"
  cmake --build "$build_dir" -j "$SEXTANT_JOBS"
}
