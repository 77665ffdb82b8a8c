#!/usr/bin/env bash
# tests/run_script_test.sh TESSERA FILE — runs one script test; its
# expectations live in comments inside FILE (docs/testing.md):
#   // args: check FILE            arguments for tessera (FILE = this file)
#   // expect: TEXT                a stdout line, in order (trailing spaces ignored)
#   // expect error: TEXT          some stderr line contains TEXT
#   // expect exit: N              the exit status (default 0)
# Default arguments: play FILE --seed 1 --players first,… (one `first` per
# player of the file's `players N` declaration; without one, the game's own
# default seating). Runs in FILE's directory, so FILE is its base name.
set -uo pipefail

if [[ $# -ne 2 ]]; then
  echo "usage: $0 TESSERA FILE" >&2
  exit 2
fi
tessera=$1 file=$2
[[ $tessera == */* ]] && tessera="$(cd "$(dirname "$tessera")" && pwd)/$(basename "$tessera")"
if [[ ! -r $file ]]; then
  echo "FAIL $file: cannot read the test file"
  exit 1
fi
dir=$(dirname "$file") name=$(basename "$file")

rtrim() { local s=${1%$'\r'}; printf '%s' "${s%"${s##*[![:space:]]}"}"; }

# ---- expectations ----
args=() expect_out=() expect_err=() expect_exit=0 players=""
while IFS= read -r line || [[ -n $line ]]; do
  if [[ $line =~ //[[:space:]]*expect[[:space:]]+error:[[:space:]]?(.*)$ ]]; then
    expect_err+=("$(rtrim "${BASH_REMATCH[1]}")")
  elif [[ $line =~ //[[:space:]]*expect[[:space:]]+exit:[[:space:]]*([0-9]+) ]]; then
    expect_exit=${BASH_REMATCH[1]}
  elif [[ $line =~ //[[:space:]]*expect:[[:space:]]?(.*)$ ]]; then
    expect_out+=("$(rtrim "${BASH_REMATCH[1]}")")
  elif [[ $line =~ //[[:space:]]*args:(.*)$ ]]; then
    read -r -a words <<<"${BASH_REMATCH[1]}"
    for w in "${words[@]}"; do [[ $w == FILE ]] && args+=("$name") || args+=("$w"); done
  elif [[ -z $players && $line =~ ^[[:space:]]*players[[:space:]]+([0-9]+) ]]; then
    players=${BASH_REMATCH[1]}
  fi
done <"$file"

if [[ ${#args[@]} -eq 0 ]]; then
  args=(play "$name" --seed 1)
  if [[ -n $players && $players -gt 0 ]]; then
    seats=first
    for ((i = 1; i < players; i++)); do seats+=",first"; done
    args+=(--players "$seats")
  fi
fi

# ---- run ----
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$dir" && exec timeout "${TESSERA_TEST_TIMEOUT:-60}" "$tessera" "${args[@]}") \
  </dev/null >"$tmp/out" 2>"$tmp/err"
status=$?
mapfile -t out <"$tmp/out"
mapfile -t err <"$tmp/err"

# ---- compare ----
problems=()
[[ $status == 124 ]] && problems+=("timed out after ${TESSERA_TEST_TIMEOUT:-60} s")
[[ $status != "$expect_exit" ]] && problems+=("exit status: expected $expect_exit, got $status")

next=0 # stdout lines must appear in order
for ((e = 0; e < ${#expect_out[@]}; e++)); do
  want=${expect_out[e]} found=""
  for ((i = next; i < ${#out[@]}; i++)); do
    if [[ "$(rtrim "${out[i]}")" == "$want" ]]; then found=$i; break; fi
  done
  if [[ -z $found ]]; then
    problems+=("stdout: expectation $((e + 1)) not found after output line $next: '$want'")
    break
  fi
  next=$((found + 1))
done

for want in "${expect_err[@]}"; do
  hit=""
  for l in "${err[@]}"; do [[ $l == *"$want"* ]] && { hit=1; break; }; done
  [[ -z $hit ]] && problems+=("stderr: no line contains '$want'")
done

if [[ ${#problems[@]} -eq 0 ]]; then
  echo "PASS $file"
  exit 0
fi

echo "FAIL $file"
echo "  command: (cd $dir && $tessera ${args[*]} </dev/null)"
for p in "${problems[@]}"; do echo "  - $p"; done
show() {
  local title=$1
  shift
  echo "  --- $title ($# lines) ---"
  local n=0
  for l in "$@"; do n=$((n + 1)); printf '  %4d | %s\n' "$n" "$l"; done
}
show stdout "${out[@]}"
show stderr "${err[@]}"
exit 1
