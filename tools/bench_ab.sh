#!/usr/bin/env bash
# tools/bench_ab.sh OLD NEW [RUNS] [GAME | --all] — compare two builds of tessera.
#
#   GAME (default hegemino): the bench's script/baseline ratio, RUNS (default 7)
#     runs of each build, then the medians.
#   --all: `bench --all` of each build, RUNS times, then one row per shipped
#     game × variant with the median playouts/s of each build and new/old.
#     A row only one build has shows "-" for the other.
#
# The runs of the two builds are interleaved so that the machine's load weighs
# on both alike. Use it to judge a speed change: instruction counts alone can
# mislead (see docs/performance.md, "Figures"). BENCH_AB_N sets the playouts
# per row of --all (default 200), or of each ratio run (default 3000; on a
# loaded machine more, so that a run outlasts the bursts of other jobs).
set -euo pipefail
if [[ $# -lt 2 || ! -x $1 || ! -x $2 ]]; then
  echo "usage: tools/bench_ab.sh OLD_TESSERA NEW_TESSERA [RUNS] [GAME | --all]  (two tessera executables)" >&2
  exit 2
fi
old=$1 new=$2 runs=${3:-7} game=${4:-hegemino}
median() { printf '%s\n' "$@" | sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }

compare_ratio() {
  ratio() { "$1" bench "$game" -n "${BENCH_AB_N:-3000}" --players 2 | awk '/^ratio/ {print $2}'; }
  local a=() b=() i
  for ((i = 0; i < runs; i++)); do
    a+=("$(ratio "$old")")
    b+=("$(ratio "$new")")
  done
  echo "old: median $(median "${a[@]}")  (${a[*]})"
  echo "new: median $(median "${b[@]}")  (${b[*]})"
}

# One line per row and run: "build game variant players playouts_per_s".
all_rows() {
  "$2" bench --all -n "${BENCH_AB_N:-200}" |
    awk -v build="$1" 'NR > 2 && NF >= 4 {print build, $1, $2, $3, $4}'
}

compare_all() {
  local rows i
  rows=$(mktemp)
  trap 'rm -f "$rows"' RETURN
  for ((i = 0; i < runs; i++)); do
    all_rows old "$old" >>"$rows"
    all_rows new "$new" >>"$rows"
  done
  echo "bench --all, $runs interleaved runs of each build, ${BENCH_AB_N:-200} playouts per row; medians"
  awk '
    function median(key,   n, i, j, t, v) {
      n = split(runs[key], v, " ")
      for (i = 2; i <= n; i++)            # insertion sort: a handful of values
        for (j = i; j > 1 && v[j - 1] + 0 > v[j] + 0; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
      return v[int((n + 1) / 2)]
    }
    {
      row = $2 " " $3 " " $4
      if (!(row in seen)) { seen[row] = 1; order[++count] = row }
      runs[$1 SUBSEP row] = runs[$1 SUBSEP row] " " $5
    }
    END {
      printf "%-14s %-16s %2s %11s %11s %7s\n", "game", "variant", "p", "old/s", "new/s", "new/old"
      for (i = 1; i <= count; i++) {
        row = order[i]; split(row, f, " ")
        o = ((("old" SUBSEP row) in runs) ? median("old" SUBSEP row) : "-")
        n = ((("new" SUBSEP row) in runs) ? median("new" SUBSEP row) : "-")
        r = (o == "-" || n == "-" || o + 0 == 0) ? "-" : sprintf("%.2f", n / o)
        printf "%-14s %-16s %2s %11s %11s %7s\n", f[1], f[2], f[3], o, n, r
      }
    }' "$rows"
}

if [[ $game == --all ]]; then compare_all; else compare_ratio; fi
