#!/usr/bin/env bash
# tools/bench_ab.sh OLD NEW [RUNS] [GAME] — compare two builds of tessera by the
# bench's script/baseline ratio: RUNS (default 7) runs of each, interleaved so
# that the machine's load weighs on both alike, then the medians. Use it to
# judge a speed change: instruction counts alone can mislead (see
# docs/performance.md, "Figures").
set -euo pipefail
if [[ $# -lt 2 || ! -x $1 || ! -x $2 ]]; then
  echo "usage: tools/bench_ab.sh OLD_TESSERA NEW_TESSERA [RUNS] [GAME]  (two tessera executables)" >&2
  exit 2
fi
old=$1 new=$2 runs=${3:-7} game=${4:-hegemino}
ratio() { "$1" bench "$game" -n 3000 --players 2 | awk '/^ratio/ {print $2}'; }
median() { printf '%s\n' "$@" | sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
a=() b=()
for ((i = 0; i < runs; i++)); do
  a+=("$(ratio "$old")")
  b+=("$(ratio "$new")")
done
echo "old: median $(median "${a[@]}")  (${a[*]})"
echo "new: median $(median "${b[@]}")  (${b[*]})"
