#!/usr/bin/env bash
# tools/opcode_profile.sh TESSERA [N] — what the interpreter runs, over the
# whole catalogue: dynamic instruction frequencies and the pairs that run one
# straight after the other (what a superinstruction could replace).
#
# TESSERA must be a build configured with -DTESSERA_OPCODE_STATS=ON (see
# runtime/opcode_stats.c); build it without superinstructions (an empty
# fusions table in lang/compile.c) to see the pairs they would fuse. Each
# `bench --all` row (game × variant) plays N random playouts (default 50);
# shares are taken per row, averaged over a game's variants, then over the
# games, so every game weighs the same however slow it is. Prints the
# instructions and the pairs above 0.5% of the dispatches, with the
# number of games where each is above 0.5%.
set -euo pipefail
if [[ $# -lt 1 || ! -x $1 ]]; then
  echo "usage: tools/opcode_profile.sh TESSERA_WITH_OPCODE_STATS [N]" >&2
  exit 2
fi
tessera=$1 n=${2:-50}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$tessera" bench --all -n 1 | awk 'NR > 2 && NF >= 4 {print $1, $2, $3}' >"$dir/rows"
while read -r game variant players; do
  args=(bench "$game" --players "$players" -n "$n")
  [[ $variant != - ]] && args+=(--variant "$variant")
  TESSERA_OPCODE_STATS="$dir/counts" "$tessera" "${args[@]}" >/dev/null
  awk -v game="$game" '{print game, $0}' "$dir/counts" >>"$dir/all"
  echo "$game $variant" >>"$dir/played"
done <"$dir/rows"
awk '
  FILENAME ~ /played$/ { variants[$1]++; next }
  # A row starts where its counts start again: count rows per game by the
  # first op line after a pair line or at the start.
  {
    game = $1
    if ($2 == "op" && last != "op") rowid[game]++
    last = $2
    r = game SUBSEP rowid[game]
    if ($2 == "op") { key = $3; count = $4; dispatches[r] += count; kind = "op" }
    else { key = $3 " " $4; count = $5; kind = "pair" }
    n_items++; item_r[n_items] = r; item_key[n_items] = kind " " key; item_count[n_items] = count; item_game[n_items] = game
  }
  END {
    for (i = 1; i <= n_items; i++) {
      g = item_game[i]; k = item_key[i]
      s = item_count[i] / dispatches[item_r[i]] / variants[g]
      share[g, k] += s
      keys[k] = 1; games[g] = 1
    }
    ng = 0; for (g in games) ng++
    for (k in keys) {
      mean = 0; used = 0
      for (g in games) { v = share[g, k] + 0; mean += v / ng; if (v > 0.005) used++ }
      if (mean > (ENVIRON["MIN_SHARE"] == "" ? 0.005 : ENVIRON["MIN_SHARE"])) printf "%-5s %7.2f%% %3d/%d  %s\n", substr(k, 1, index(k, " ") - 1), 100 * mean, used, ng, substr(k, index(k, " ") + 1)
    }
  }
' "$dir/played" "$dir/all" | sort -k1,1 -k2,2nr
