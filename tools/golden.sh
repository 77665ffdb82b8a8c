#!/usr/bin/env bash
# tools/golden.sh [NAME…] — regenerates the golden playthroughs (docs/testing.md).
#
#   tools/golden.sh          every trace listed in tests/golden/MANIFEST, then the
#                            corrupted copies in tests/golden/broken/
#   tools/golden.sh NAME…    only those MANIFEST entries (broken/ too when its base is one)
#
# Each entry is played with `tessera play GAME --variant … --players … --seed …
# [--set …] --trace tests/golden/NAME.jsonl` from the repository root with TESSERA_GAMES=games,
# so the header's "file" reads games/GAME.tess on every machine; every trace made is
# then replayed as a check. Uses $TESSERA, else build/tessera (`tools/setup.sh build`).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
me=tools/golden.sh
golden=tests/golden
manifest=$golden/MANIFEST
tessera=${TESSERA:-$root/${TESSERA_BUILD_DIR:-build}/tessera}
export TESSERA_GAMES=games

# The corrupted copies are made from this entry's trace (and one from final_base's).
broken_base=hexdominomega-3p-s1
final_base=holomino-2p-s1

die() { echo "$me: $*" >&2; exit 1; }

[[ -x $tessera ]] || die "no tessera at $tessera; build it with tools/setup.sh build (or set TESSERA)"
[[ -r $manifest ]] || die "cannot read $manifest"

# all: the MANIFEST lines as "name game variants players seed [set]", comments and blank lines dropped.
load_entries() {
  local line=0 text name game variants players seed settings extra
  all=()
  while IFS= read -r text || [[ -n $text ]]; do
    line=$((line + 1))
    text=${text%%#*}
    [[ $text =~ ^[[:space:]]*$ ]] && continue
    read -r name game variants players seed settings extra <<<"$text"
    [[ -n $seed && -z $extra ]] ||
      die "$manifest:$line: expected 'name game variants players seed [set]', got '$text'"
    all+=("$name $game $variants $players $seed ${settings:--}")
  done <"$manifest"
}

play_entry() { # name game variants players seed settings
  local name=$1 game=$2 variants=$3 players=$4 seed=$5 settings=$6
  local args=(play "$game" --players "$players" --seed "$seed" --trace "$golden/$name.jsonl")
  [[ $variants != - ]] && args+=(--variant "$variants")
  [[ $settings != - ]] && args+=(--set "$settings")
  "$tessera" "${args[@]}" </dev/null >/dev/null || die "$name: tessera ${args[*]} failed"
  "$tessera" replay "$golden/$name.jsonl"
}

# broken/NAME.jsonl: the first LINES lines of the base trace changed by the sed
# SCRIPT; broken/NAME.expect: what `tessera replay` must print on stderr for it.
make_broken() { # name lines script expected [base] [replay options]
  local name=$1 lines=$2 script=$3 expected=$4 base=${5:-$broken_base} options=${6:-} out=$golden/broken/$1.jsonl
  head -n "$lines" "$golden/$base.jsonl" | sed "$script" >"$out"
  [[ -z $script ]] || ! head -n "$lines" "$golden/$base.jsonl" | cmp -s - "$out" ||
    die "the sed script for broken/$name.jsonl changed nothing; has the trace format changed?"
  printf '%s\n' "$expected" >"$golden/broken/$name.expect"
  if [[ -n $options ]]; then printf '%s\n' "$options" >"$golden/broken/$name.args"; else rm -f "$golden/broken/$name.args"; fi
}

make_all_broken() {
  mkdir -p "$golden/broken"
  make_broken truncated 4 '' \
    'truncated.jsonl:4: the trace ends after 3 moves without a final line'
  make_broken wrong-hash 4 '4s/"hash":"[0-9a-f]\{16\}"/"hash":"0000000000000000"/' \
    'wrong-hash.jsonl:4: step 2: hash differs: expected 0000000000000000, got ' "$broken_base" --strict
  make_broken wrong-legal 4 '4s/,"[^"]*"\],"move":/],"move":/' \
    'wrong-legal.jsonl:4: step 2: legal moves differ: expected '
  make_broken wrong-observation 4 '3s/"decisions":2,/"decisions":7,/' \
    'wrong-observation.jsonl:3: step 1: decisions differs: expected 7, got 2'
  # The real final line after 3 moves: the game is not over yet.
  make_broken wrong-final 4 '' \
    'wrong-final.jsonl:5: final: over differs: expected true, got false'
  tail -n 1 "$golden/$broken_base.jsonl" >>"$golden/broken/wrong-final.jsonl"
  make_broken wrong-cell 4 '3s/"x":0,"y":1,"level":0,"value":[0-9]*,/"x":0,"y":1,"level":0,"value":99,/' \
    'wrong-cell.jsonl:3: step 1: table differs at 0,1: expected 99, got '
  make_broken wrong-score "$(wc -l <"$golden/$broken_base.jsonl")" '$s/"scores":\[\([0-9-]*\),[0-9-]*,/"scores":[\1,999,/' \
    "wrong-score.jsonl:$(wc -l <"$golden/$broken_base.jsonl"): final: score of P2 differs: expected 999, got "
  echo "$golden/broken/: remade from $broken_base.jsonl"
}

load_entries
if [[ $# -eq 0 ]]; then
  chosen=("${all[@]}")
else
  chosen=()
  for want in "$@"; do
    hit=""
    for e in "${all[@]}"; do [[ ${e%% *} == "$want" ]] && { chosen+=("$e"); hit=1; }; done
    [[ -n $hit ]] || die "'$want' is not in $manifest; names: $(printf '%s ' "${all[@]%% *}")"
  done
fi

for e in "${chosen[@]}"; do
  read -r -a fields <<<"$e"
  play_entry "${fields[@]}"
done
for e in "${chosen[@]}"; do
  [[ ${e%% *} == "$broken_base" ]] && make_all_broken
  # The final line's observation (the state after the last move), from a
  # trace that has one.
  [[ ${e%% *} == "$final_base" ]] &&
    make_broken wrong-final-observation 40 '40s/"passes":0}}/"passes":5}}/' \
      'wrong-final-observation.jsonl:40: final: passes differs: expected 5, got 0' "$final_base"
done

# A trace nobody regenerates would go stale silently.
for f in "$golden"/*.jsonl; do
  name=$(basename "$f" .jsonl)
  printf '%s\n' "${all[@]%% *}" | grep -qx -- "$name" ||
    echo "$me: warning: $f is not in $manifest; add a line for it or delete it" >&2
done
echo "Now: git diff --stat $golden; ctest --test-dir ${TESSERA_BUILD_DIR:-build} -R golden"
