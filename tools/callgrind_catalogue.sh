#!/usr/bin/env bash
# tools/callgrind_catalogue.sh TESSERA [N] — where the time of every shipped
# game goes, by callgrind's instruction counts: for each game (its base
# variant, fewest players, as `bench --all` lists it), the functions with
# the largest self cost inside the playouts (playout + ts_reset; the bench's
# clone/hash loop and the C baseline left out), as a share of the game's
# instructions, then the instructions per game. N playouts per game
# (default 30). Slow under valgrind: about a minute for the catalogue.
set -euo pipefail
if [[ $# -lt 1 || ! -x $1 ]]; then
  echo "usage: tools/callgrind_catalogue.sh TESSERA [N]" >&2
  exit 2
fi
tessera=$1 n=${2:-30} top=${TOP:-6}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$tessera" bench --all -n 1 | awk 'NR > 2 && $2 == "-" {print $1, $3}' | while read -r game players; do
  valgrind --tool=callgrind --callgrind-out-file="$dir/$game.out" --toggle-collect=playout --toggle-collect=ts_reset --separate-recs=1 \
    "$tessera" bench "$game" --players "$players" -n "$n" >"$dir/bench" 2>&1
  # With a C baseline the bench replays its first 20 seeds to compare.
  games=$n
  grep -q '^agreement' "$dir/bench" && games=$((n + (n < 20 ? n : 20)))
  callgrind_annotate "$dir/$game.out" 2>/dev/null |
    awk -v game="$game" -v top="$top" -v n="$games" '
      /PROGRAM TOTALS/ { c = $1; gsub(",", "", c); total = c }
      /file:function/ { body = 1; next }
      body && $1 ~ /^[0-9,]+$/ && shown < top {
        c = $1; gsub(",", "", c); name = $0
        sub(/^[^)]*\) +/, "", name); sub(/ .*$/, "", name); sub(/^.*:/, "", name)
        line = line sprintf("  %s %.0f%%", name, 100 * c / total); shown++
      }
      END { printf "%-14s %9.0f/game %s\n", game, total / n, line }'
done
