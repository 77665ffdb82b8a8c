#!/usr/bin/env bash
# tools/run_vs_bench.sh TESSERA GAME [PLAYERS] [N1 N2] [VARIANT] — instructions per game of
# `tessera run` against `tessera bench` (random agents, the same seeds, so the same games).
#
# Counts each command's instructions with callgrind for N1 and for N2 games (default 20 and 120)
# and divides the difference by N2 - N1: compiling and the other once-per-command costs cancel
# out, and the machine's load does not change the counts. Use PLAYERS where `bench` has a C
# baseline (hegemino: 2), since the baseline's own playouts would count too.
set -euo pipefail
if [[ $# -lt 2 || ! -x $1 ]]; then
  echo "usage: tools/run_vs_bench.sh TESSERA GAME [PLAYERS] [N1 N2] [VARIANT]" >&2
  exit 2
fi
command -v valgrind >/dev/null || { echo "tools/run_vs_bench.sh: needs valgrind" >&2; exit 1; }
tessera=$1 game=$2 players=${3:-0} n1=${4:-20} n2=${5:-120} variant=${6:-}
args=(); [[ $players != 0 ]] && args+=(--players "$players"); [[ -n $variant ]] && args+=(--variant "$variant")
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$tessera" "$@" 2>&1 >/dev/null | awk '/Collected :/ {print $4}'; }
r1=$(count run "$game" -n "$n1" "${args[@]}") r2=$(count run "$game" -n "$n2" "${args[@]}")
b1=$(count bench "$game" -n "$n1" "${args[@]}") b2=$(count bench "$game" -n "$n2" "${args[@]}")
awk -v g="$game${variant:+ $variant}" -v r1="$r1" -v r2="$r2" -v b1="$b1" -v b2="$b2" -v d=$((n2 - n1)) \
  'BEGIN { r = (r2 - r1) / d; b = (b2 - b1) / d; printf "%-24s run %10.0f  bench %10.0f  run/bench %.2f\n", g, r, b, r / b }'
