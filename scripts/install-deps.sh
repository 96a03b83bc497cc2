#!/usr/bin/env bash
# Installs the Debian packages Segscope needs, only those that are missing (idempotent).
# Usage: scripts/install-deps.sh [--no-ui]   (--no-ui: engine, CLI and tests only)
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config   # toolchain
  lld                                # the faster linker of the ci and asan presets
  clang                              # the ci and asan presets' compiler (its sanitized build is faster)
  nlohmann-json3-dev                 # JSON for the CLI contracts and traces
  libmimalloc-dev                    # faster malloc for the executables (optional in CMake)
  qt6-base-dev qt6-base-dev-tools    # Qt 6 Core/Widgets/Test (GUI and every test suite)
  libgl-dev libxkbcommon-dev         # needed by Qt6Gui's CMake config
  libgraphviz-dev                    # graph layout (layout/)
  qt6-svg-dev qt6-charts-dev         # SVG view and run charts (GUI)
  xvfb xauth                         # screenshots of a real window in CI
  dpkg-dev                           # cpack -G DEB works out the packages' Depends with it
)
if [[ "${1:-}" == "--no-ui" ]]; then
  packages=(cmake ninja-build g++ clang pkg-config lld nlohmann-json3-dev libmimalloc-dev qt6-base-dev)
fi

# Real package names only: dpkg never reports a virtual package (libqt6charts6-dev is one, it
# is provided by qt6-charts-dev) as installed, so naming one would run apt-get every time.
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [[ ${#missing[@]} -eq 0 ]]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo=""
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp -t segscope-apt.XXXXXX)
if ! { $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "install-deps: apt-get failed (log above)" >&2
  exit 1
fi
rm -f "$log"
echo "install-deps: installed ${#missing[@]} package(s)"
