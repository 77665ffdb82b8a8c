#!/usr/bin/env bash
# tests/simcheck_all.sh TESSERA — `tessera simcheck` (random matches that
# check the engine's invariants at every step) for every game `tessera list`
# prints: each player count of its range, and each variant alone (at each of
# those counts it accepts; exit status 2 means the variant does not take that
# count, or needs another variant — then its default seating is tried).
# A game added to games/ is checked without touching this file.
# TESSERA_SIMCHECK_N matches per game (default 200), shared among its
# combinations, at least 10 each.
set -uo pipefail
tessera=$1
per_game=${TESSERA_SIMCHECK_N:-200}
failed=0 runs=0

simcheck() { # N GAME ARGS...: 0 ok, 2 not a valid combination, else failure
  local n=$1 out status
  shift
  out=$("$tessera" simcheck "$@" -n "$n" 2>&1)
  status=$?
  if [[ $status == 0 ]]; then echo "ok    $*: ${out##*: }"; runs=$((runs + 1)); fi
  if [[ $status != 0 && $status != 2 ]]; then echo "FAIL  $*"; echo "$out" | sed 's/^/      /'; failed=1; fi
  return $status
}

# One game: its player range and variants, from its lines of the listing.
check_game() { # GAME LO HI VARIANT...
  local game=$1 lo=$2 hi=$3 p variant any status
  shift 3
  local combos=$(((hi - lo + 1) * (1 + $#)))
  local n=$((per_game / combos))
  ((n < 10)) && n=10
  for ((p = lo; p <= hi; p++)); do simcheck "$n" "$game" --players "$p"; done
  for variant in "$@"; do
    any=0
    for ((p = lo; p <= hi; p++)); do simcheck "$n" "$game" --variant "$variant" --players "$p" && any=1; done
    if [[ $any == 0 ]]; then
      simcheck "$n" "$game" --variant "$variant"
      status=$?
      [[ $status == 2 ]] && echo "skip  $game --variant $variant: needs other variants (see tessera check)"
    fi
  done
}

listing=$("$tessera" list) || { echo "FAIL tessera list"; exit 1; }
game="" lo=0 hi=0 variants=()
while IFS= read -r line; do
  if [[ $line =~ ^([^[:space:]]+)[[:space:]].*[[:space:]]([0-9]+)(-([0-9]+))?\ players?$ ]]; then
    [[ -n $game ]] && check_game "$game" "$lo" "$hi" "${variants[@]}"
    game=${BASH_REMATCH[1]} lo=${BASH_REMATCH[2]} hi=${BASH_REMATCH[4]:-${BASH_REMATCH[2]}} variants=()
  elif [[ -n $game && $line =~ ^[[:space:]]+--variant[[:space:]]+([^[:space:]]+) ]]; then
    variants+=("${BASH_REMATCH[1]}")
  fi
done <<<"$listing"
[[ -n $game ]] && check_game "$game" "$lo" "$hi" "${variants[@]}"
[[ $runs -gt 0 ]] || { echo "FAIL no game was checked"; exit 1; }
exit $failed
