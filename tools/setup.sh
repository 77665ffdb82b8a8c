#!/usr/bin/env bash
# tools/setup.sh — install what is missing, build, then play or test.
#
#   tools/setup.sh [play [GAME [ARGS…]]]   build, then `build/tessera play GAME ARGS…`
#                                          (default GAME: hegemino)
#   tools/setup.sh test [CTEST ARGS…]      build, then run every test through ctest
#   tools/setup.sh build                   install what is missing and build
#   tools/setup.sh deps                    only install what is missing
#   tools/setup.sh sanitize [SECONDS]      clang build with ASan + UBSan and libFuzzer
#                                          (build-san/): every test, then each fuzz
#                                          harness for SECONDS (default 20)
#
# Missing Debian packages are installed with apt-get when run as root;
# otherwise the script prints the exact `sudo apt-get install …` line and
# exits 1. When nothing is stale it costs one dpkg-query and one no-op build.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
build=${TESSERA_BUILD_DIR:-build}
me="tools/setup.sh"

usage() { sed -n '4,16s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; }

# Debian packages the build needs besides git, gcc and cmake.
required_packages() {
  echo re2c lemon libxxhash-dev check pkg-config libc6-dev libjansson-dev
  # cmake needs a build tool; make is only a recommendation of Debian's cmake.
  command -v make >/dev/null || command -v ninja >/dev/null || echo make
  # tests/serve_client.py, the protocol's test client.
  command -v python3 >/dev/null || echo python3
}

missing_packages() {
  local wanted installed p
  read -r -a wanted <<<"$(required_packages | xargs)"
  # One dpkg-query for all: unknown packages print nothing on stdout.
  installed=$(dpkg-query -W -f='${Package} ${Status}\n' "${wanted[@]}" 2>/dev/null |
              awk '$NF == "installed" && $(NF-1) == "ok" {print $1}' || true)
  for p in "${wanted[@]}"; do
    grep -qx -- "$p" <<<"$installed" || echo "$p"
  done
}

install_missing() {
  if ! command -v dpkg-query >/dev/null; then
    echo "$me: not a Debian system; make sure re2c, lemon, xxhash, check, jansson and pkg-config are installed" >&2
    return 0
  fi
  local missing
  read -r -a missing <<<"$(missing_packages | xargs)"
  [[ ${#missing[@]} -eq 0 ]] && return 0
  if [[ $(id -u) != 0 ]]; then
    echo "$me: missing Debian packages: ${missing[*]}. Install them with:" >&2
    echo "  sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "$me: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
}

build() {
  for tool in cmake cc; do
    command -v $tool >/dev/null || { echo "$me: $tool not found; install it first (apt-get install cmake gcc)" >&2; exit 1; }
  done
  if [[ ! -f $build/CMakeCache.txt ]]; then
    local generator=()
    command -v make >/dev/null || generator=(-G Ninja)
    cmake -S . -B "$build" "${generator[@]}"
  fi
  # Progress lines only: a no-op build prints nothing.
  cmake --build "$build" -j2 | sed -u -e '/\] Built target /d' -e '/^ninja: no work to do/d'
}

# Installs the named packages when missing (same rules as install_missing).
install_missing_extra() {
  command -v dpkg-query >/dev/null || return 0
  local wanted=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || wanted+=("$p")
  done
  [[ ${#wanted[@]} -eq 0 ]] && return 0
  if [[ $(id -u) != 0 ]]; then
    echo "$me: missing Debian packages: ${wanted[*]}. Install them with:" >&2
    echo "  sudo apt-get install -y ${wanted[*]}" >&2
    exit 1
  fi
  echo "$me: installing ${wanted[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${wanted[@]}"
}

# The sanitizer build: every test under ASan + UBSan (Check's time limits
# stretched for the slower code, 1,200 random-simulation matches per game),
# then each fuzz harness for $1 seconds
# from its seeds; a crash stops it with the input saved in build-san/.
sanitize() {
  local dir=build-san seconds=$1
  [[ -f $dir/CMakeCache.txt ]] || CC=clang cmake -S . -B "$dir" -DTESSERA_SANITIZE=ON -DTESSERA_FUZZ=ON
  cmake --build "$dir" -j2 | sed -u -e '/\] Built target /d'
  # Thousands of random matches per game (tests/simcheck_all.sh) in the light
  # mode (docs/testing.md): every check at one step in 16, the cheap ones at
  # every step.
  CK_TIMEOUT_MULTIPLIER=20 TESSERA_SIMCHECK_N=${TESSERA_SIMCHECK_N:-1200} TESSERA_SIMCHECK_MIN=${TESSERA_SIMCHECK_MIN:-20} \
    TESSERA_SIMCHECK_EVERY=${TESSERA_SIMCHECK_EVERY:-16} ctest --test-dir "$dir" --output-on-failure -j2
  local harness corpus log status
  for harness in compile play replay; do
    corpus=$(mktemp -d) log=$(mktemp)
    local seeds=(games stdlib tests/scripts)
    [[ $harness == replay ]] && seeds=(tests/golden tests/replay)
    status=0
    "$dir/tests/fuzz/fuzz_$harness" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -close_fd_mask=3 \
      -print_final_stats=1 -artifact_prefix="$dir/crash-$harness-" "$corpus" "${seeds[@]}" >"$log" 2>&1 || status=$?
    echo "fuzz_$harness: $(grep -E '^stat::number_of_executed_units' "$log" | tr -dc '0-9') inputs in ${seconds}s"
    if [[ $status != 0 ]]; then
      grep -E '^(==[0-9]+==|SUMMARY|artifact_prefix|Test unit written)' "$log" >&2
      echo "$me: fuzz_$harness found a failure (input saved as $dir/crash-$harness-*)" >&2
      exit 1
    fi
    rm -rf "$corpus" "$log"
  done
}

command=${1:-play}
[[ $# -gt 0 ]] && shift
case $command in
  -h|--help|help) usage; exit 0 ;;
  deps) install_missing ;;
  build) install_missing; build ;;
  test)
    install_missing
    build
    exec ctest --test-dir "$build" --output-on-failure -j2 "$@"
    ;;
  play)
    install_missing
    build
    [[ $# -eq 0 ]] && set -- hegemino
    exec "$build/tessera" play "$@"
    ;;
  sanitize)
    install_missing
    # libFuzzer and the sanitizer runtimes come with clang's compiler-rt
    # package, named after clang's major version (Debian 12: clang 14).
    command -v clang >/dev/null || install_missing_extra clang
    install_missing_extra "libclang-rt-$(clang -dumpversion | cut -d. -f1)-dev"
    sanitize "${1:-20}"
    ;;
  *) echo "$me: unknown command '$command'; commands: play, test, build, sanitize, deps, help" >&2; exit 2 ;;
esac
