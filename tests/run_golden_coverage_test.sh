#!/usr/bin/env bash
# tests/run_golden_coverage_test.sh TESSERA ROOT — the golden playthroughs
# catch every scoring rule and bonus: each rule below is changed in a copy of
# its game, and at least one of the game's goldens must then fail to replay
# with the copy (`tessera replay --rules COPY`). When a game's script is
# reworded so that a change no longer applies, update its sed expression.
set -uo pipefail

if [[ $# -ne 2 ]]; then
  echo "usage: $0 TESSERA ROOT" >&2
  exit 2
fi
tessera=$1 root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

# game | what | sed expression changing it
mutations=(
  'hegemino|the complete-tableau bonus|s/let n = if filled(b) == side \* side then 5 else 0/let n = if filled(b) == side * side then 6 else 0/'
  'hegemino|the centre bonus|/at_box_centre(bb, c) {/{n;s/n += 5/n += 6/}'
  'hegemino|the corner bonus|/at_box_corner(bb, c) {/{n;s/n += 10/n += 11/}'
  'hegemino|the multiplier floor|s/if wilds > v then 1 else/if wilds > v then 2 else/'
  'hegemino|the wild penalty|s/v - (wilds - 1)/v - (wilds - 1) + 1/'
  'hegemino|equally large regions decided by score|s/(size == best_size and s > best)/(size == best_size and s < best)/'
  'hexdominomega|the two-player symbols|s/return \[1, 4, 2\]\[ord(p)\]/return [1, 2, 4][ord(p)]/'
  'hexdominomega|the symbols of three players|s/return 1 << ord(p)/return 1 << (2 - ord(p))/'
  'hexdominimum|the product of group sizes|s/score\[s\] = product(groups\[s\])/score[s] = sum(groups[s])/'
  'hemingway|the pips left added to the total|s/total\[q\] += last\[q\]/total[q] += last[q] + 1/'
  'hextra|the pips left in hand|s/pips\[s\] = sum(\[t\[0\] + t\[1\] for t in hand\[s\]\])/pips[s] = sum([t[0] + t[1] + 1 for t in hand[s]])/'
)

for m in "${mutations[@]}"; do
  IFS='|' read -r game what expression <<<"$m"
  copy=$tmp/$game.tess
  sed "$expression" "$root/games/$game.tess" >"$copy"
  if cmp -s "$copy" "$root/games/$game.tess"; then
    echo "FAIL: $game: the change of $what no longer applies (has the script changed?)"
    failures=$((failures + 1))
    continue
  fi
  caught=""
  for trace in "$root"/tests/golden/"$game"-*.jsonl; do
    if ! "$tessera" replay --rules "$copy" "$trace" >/dev/null 2>&1; then caught=$(basename "$trace"); break; fi
  done
  if [[ -n $caught ]]; then
    echo "ok: $game: $what changed: caught by $caught"
  else
    echo "FAIL: $game: $what changed, and every golden still replays: add a golden where it fires"
    failures=$((failures + 1))
  fi
done
exit $((failures > 0))
