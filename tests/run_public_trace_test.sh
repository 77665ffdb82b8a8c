#!/usr/bin/env bash
# tests/run_public_trace_test.sh TESSERA GAME SEED — plays GAME (two random
# seats) with a full trace and a spectator's trace (--public-trace), and
# checks the spectator's: no seed, no hashes; the secret decisions (those
# the full trace shows and the public one hides) show neither their options
# nor their answer; no step's observation shows a secret variable's values;
# the final line's observation reveals every secret answer.
set -uo pipefail
tessera=$1 game=$2 seed=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL $game seed $seed: $*"; exit 1; }

"$tessera" play "$game" --players random,random --seed "$seed" --trace "$tmp/full.jsonl" \
  --public-trace "$tmp/public.jsonl" >/dev/null || fail "play failed"
mapfile -t full <"$tmp/full.jsonl"
mapfile -t public <"$tmp/public.jsonl"
[[ ${#full[@]} == "${#public[@]}" ]] || fail "the traces have ${#full[@]} and ${#public[@]} lines"
[[ ${public[0]} == *'"seed":null'* && ${public[0]} == *'"viewer":-2'* ]] || fail "header: ${public[0]}"
last=$((${#public[@]} - 1))
secrets=()
for ((i = 1; i < last; i++)); do
  line=${public[i]}
  [[ $line == *'"hash":'* ]] && fail "step $((i - 1)) has a hash"
  # a secret variable, while the game runs, is hidden for both seats
  [[ $line =~ \"hexed\":\[\{\"hidden\":true,\"count\":[0-9]\},\{\"hidden\":true,\"count\":[0-9]\}\] ]] ||
    fail "step $((i - 1)) shows hexed: $(grep -o '"hexed":[^]]*]' <<<"$line")"
  if [[ $line == *'"move":{"hidden":true}'* ]]; then
    [[ $line == *'"legal":{"hidden":true,"count":'* ]] || fail "step $((i - 1)) shows its options"
    [[ ${full[i]} =~ \"move\":\"([^\"]*)\" ]] || fail "full trace step $((i - 1)) has no move"
    secrets+=("${BASH_REMATCH[1]}")
  fi
done
[[ ${#secrets[@]} == 6 ]] || fail "expected 6 secret decisions, found ${#secrets[@]}"
# no public step line shows a secret answer as a move or a legal option
for ((i = 1; i < last; i++)); do
  for s in "${secrets[@]}"; do
    [[ ${public[i]} == *"\"move\":\"$s\""* || ${public[i]} =~ \"legal\":\[[^]]*\"$s\" ]] &&
      fail "step $((i - 1)) shows $s"
  done
done
final=${public[last]}
[[ $final == *'"final":true'* && $final != *'"hash":'* ]] || fail "final line: $final"
revealed=$(grep -o '"hexed":\[\[[^]]*\],\[[^]]*\]\]' <<<"$final") || fail "hexed not revealed: $final"
for s in "${secrets[@]}"; do
  [[ $revealed == *"\"$s\""* ]] || fail "$s not revealed in $revealed"
done
echo "PASS $game seed $seed (${#secrets[@]} secret answers hidden, then revealed)"
