#!/usr/bin/env bash
# tests/simcheck_all.sh TESSERA [GAME] — `tessera simcheck` (random matches that
# check the engine's invariants at every step) for every game `tessera list`
# prints: each player count of its range, each variant alone (at each of
# those counts it accepts; exit status 2 means the variant does not take that
# count, or needs another variant — then its default seating is tried), and
# each match option set to its default + 1 at the fewest and the most players
# (options declare no range, so the next value stands for "not the default"). The variants of a file that
# extends the game are listed, and so checked, with it.
# A game added to games/ is checked without touching this file. With GAME,
# only that game (ctest runs one test per game: simcheck.GAME).
# TESSERA_SIMCHECK_N matches per game (default 200), shared among its
# combinations, at least TESSERA_SIMCHECK_MIN (default 10) each;
# TESSERA_SIMCHECK_EVERY K (default 1) gives simcheck --every K: every check
# at one step in K and at each match's first and last state, the cheap ones
# at every step (docs/testing.md).
set -uo pipefail
tessera=$1
only=${2:-}
min_each=${TESSERA_SIMCHECK_MIN:-10}
per_game=${TESSERA_SIMCHECK_N:-200}
every=${TESSERA_SIMCHECK_EVERY:-1}
failed=0 runs=0

simcheck() { # N GAME ARGS...: 0 ok, 2 not a valid combination, else failure
  local n=$1 out status
  shift
  out=$("$tessera" simcheck "$@" -n "$n" --every "$every" 2>&1)
  status=$?
  if [[ $status == 0 ]]; then echo "ok    $*: ${out##*: }"; runs=$((runs + 1)); fi
  if [[ $status != 0 && $status != 2 ]]; then echo "FAIL  $*"; echo "$out" | sed 's/^/      /'; failed=1; fi
  return $status
}

# One game: its player range, variants and options (NAME=DEFAULT), from its
# lines of the listing.
check_game() { # GAME LO HI VARIANT... [-- OPTION...]
  local game=$1 lo=$2 hi=$3 p variant any status option
  shift 3
  [[ -n $only && $game != "$only" ]] && return 0
  local variant_list=() option_list=()
  while [[ $# -gt 0 && $1 != -- ]]; do variant_list+=("$1"); shift; done
  [[ $# -gt 0 ]] && shift
  option_list=("$@")
  set -- "${variant_list[@]}"
  local ends=($lo) # the fewest and the most players, for the options
  ((hi > lo)) && ends+=($hi)
  local combos=$(((hi - lo + 1) * (1 + $#) + ${#ends[@]} * ${#option_list[@]}))
  local n=$((per_game / combos))
  ((n < min_each)) && n=$min_each
  for ((p = lo; p <= hi; p++)); do simcheck "$n" "$game" --players "$p"; done
  for option in "${option_list[@]}"; do
    for p in "${ends[@]}"; do simcheck "$n" "$game" --set "${option%%=*}=$((${option#*=} + 1))" --players "$p"; done
  done
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
game="" lo=0 hi=0 variants=() options=()
while IFS= read -r line; do
  if [[ $line =~ ^([^[:space:]]+)[[:space:]].*[[:space:]]([0-9]+)(-([0-9]+))?\ players?$ ]]; then
    [[ -n $game ]] && check_game "$game" "$lo" "$hi" "${variants[@]}" -- "${options[@]}"
    game=${BASH_REMATCH[1]} lo=${BASH_REMATCH[2]} hi=${BASH_REMATCH[4]:-${BASH_REMATCH[2]}} variants=() options=()
  elif [[ -n $game && $line =~ ^[[:space:]]+--variant[[:space:]]+([^[:space:]]+) ]]; then
    variants+=("${BASH_REMATCH[1]}")
  elif [[ -n $game && $line =~ ^[[:space:]]+--set[[:space:]]+([A-Za-z_][A-Za-z0-9_]*=-?[0-9]+) ]]; then
    options+=("${BASH_REMATCH[1]}")
  fi
done <<<"$listing"
[[ -n $game ]] && check_game "$game" "$lo" "$hi" "${variants[@]}" -- "${options[@]}"
if [[ -n $only && $runs == 0 && $failed == 0 ]] && ! grep -q "^$only " <<<"$listing"; then
  echo "skip  $only: not listed by tessera list (a file that extends a game is checked with it)"
  exit 0
fi
[[ $runs -gt 0 ]] || { echo "FAIL no game was checked"; exit 1; }
exit $failed
