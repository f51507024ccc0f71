#!/usr/bin/env bash
# scripts/setup.sh - install what Sextant needs, build it and install it.
#
# Usage: scripts/setup.sh [--prefix DIR]
# Installs the missing Debian packages (apt-get; root or sudo), builds Sextant
# in build/ (override with SEXTANT_BUILD_DIR) and installs it into DIR
# (default: build/install).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

prefix=$SEXTANT_BUILD_DIR/install
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) prefix=${2:?--prefix needs a directory}; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "setup.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done

install_missing_packages
warn_if_disk_short 2048 "building and installing Sextant"
configure_and_build "$SEXTANT_BUILD_DIR"
say "Installing into $prefix"
cmake --install "$SEXTANT_BUILD_DIR" --prefix "$prefix" >/dev/null
echo "Sextant is installed in $prefix (bin/sextant, lib/SextantPlugin.so, lib/libsextant.so)"
