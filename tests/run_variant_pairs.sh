#!/usr/bin/env bash
# tests/run_variant_pairs.sh TESSERA GAME — plays GAME to the end (random
# agents, seeds 1 and 2) with no variant, every variant alone and every pair
# of variants, for every player count the selection allows. A selection the
# game refuses (`requires`, `excludes`, a variant's own `players`) must be
# refused with that reason, and is then skipped; every other one must end
# with "Game over". Prints one line per selection tried.
set -uo pipefail
tessera=$1
game=$2
mapfile -t variants < <("$tessera" list | awk -v g="$game" '
  $1 == g { on = 1; next }  /^[^ ]/ { on = 0 }  on && $1 == "--variant" { print $2 }')
[[ ${#variants[@]} -gt 0 ]] || { echo "no variants found for $game"; exit 1; }

selections=("")
for ((i = 0; i < ${#variants[@]}; i++)); do
  selections+=("${variants[i]}")
  for ((j = i + 1; j < ${#variants[@]}; j++)); do selections+=("${variants[i]},${variants[j]}"); done
done

failed=0 played=0 refused=0
for sel in "${selections[@]}"; do
  for n in 1 2 3 4 5 6 7 8; do
    agents=$(printf 'random%.0s,' $(seq "$n")); agents=${agents%,}
    for seed in 1 2; do
      out=$("$tessera" play "$game" ${sel:+--variant "$sel"} --players "$agents" --seed "$seed" 2>&1 </dev/null)
      status=$?
      if grep -q "^Game over" <<<"$out" && [[ $status == 0 ]]; then
        played=$((played + 1))
      elif grep -qE "cannot be combined|requires variant|player|players" <<<"$out" && ! grep -q "runtime error" <<<"$out"; then
        refused=$((refused + 1))
        break
      else
        echo "FAIL: --variant '${sel:--}' --players $agents --seed $seed (exit $status)"
        tail -5 <<<"$out"
        failed=$((failed + 1))
      fi
    done
  done
done
echo "$game: $played games played to the end, $refused selections x player counts refused, $failed failed"
[[ $failed == 0 ]]
