#!/usr/bin/env bash
# tests/run_test_tool_test.sh TESSERA ROOT — tests `tessera test` and
# `tessera replay` themselves on a designer's folder: a temporary copy of
# Hegemino with a rule-file test and a golden trace beside it.
#  1. the copy passes;
#  2. the centre bonus changed from 5 to 6 is caught in under a second, by
#     the rule-file test (file:line, expected vs got) and by the golden
#     (naming the score);
#  3. a refactor that changes no rule (a loop instead of `sum`) replays ok,
#     and only --strict may tell;
#  4. an expectation that does not hold fails with the line of the
#     expectation, and an unexpected printed line fails too (exact matching).
set -uo pipefail

if [[ $# -ne 2 ]]; then
  echo "usage: $0 TESSERA ROOT" >&2
  exit 2
fi
tessera=$1 root=$2
[[ $tessera == */* ]] && tessera="$(cd "$(dirname "$tessera")" && pwd)/$(basename "$tessera")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# expect_output WHAT STATUS TEXT COMMAND...: COMMAND exits with STATUS and prints a line containing TEXT.
expect_output() {
  local what=$1 status=$2 text=$3
  shift 3
  local out got
  out=$("$@" 2>&1)
  got=$?
  [[ $got == "$status" ]] || fail "$what: exit status $got, expected $status; output:"$'\n'"$out"
  grep -qF -- "$text" <<<"$out" || fail "$what: no line contains '$text'; output:"$'\n'"$out"
}

designer=$tmp/mygames
mkdir -p "$designer"
cp "$root/games/hegemino.tess" "$root/tests/scripts/games/hegemino_bonus.tess" \
  "$root/tests/scripts/games/hegemino_centre_bonus.tess" "$designer/"
# The golden is recorded in the designer's folder, from the copy: its header
# names hegemino.tess relative to the trace (seed 1, 3 players: the centre
# bonus fires).
(cd "$designer" && "$tessera" play hegemino.tess --players random,random,random --seed 1 \
  --trace centre.jsonl >/dev/null) || fail "cannot record the golden"
grep -q '"file":"hegemino.tess"' "$designer/centre.jsonl" || fail "the header's file is not relative to the trace"

expect_output "the copy" 0 "3 tests passed" "$tessera" test "$designer"

sed -i '/at_box_centre(bb, c) {/{n;s/n += 5/n += 6/}' "$designer/hegemino.tess"
grep -q 'n += 6' "$designer/hegemino.tess" || fail "the centre bonus was not changed (has hegemino.tess changed?)"
start=$(date +%s%N)
expect_output "centre bonus 6: the rule-file test" 1 'hegemino_bonus.tess:7: expected "10", got "11"' \
  "$tessera" test "$designer"
expect_output "centre bonus 6: the bonus by name" 1 \
  'hegemino_centre_bonus.tess:28: expected "complete + centre bonus: 10", got "complete + centre bonus: 11"' \
  "$tessera" test "$designer"
expect_output "centre bonus 6: the golden" 1 'centre.jsonl:71: final: score of P3 differs: expected 34, got 35' \
  "$tessera" test "$designer"
elapsed_ms=$((($(date +%s%N) - start) / 1000000 / 3))
[[ $elapsed_ms -lt 1000 ]] || fail "tessera test took ${elapsed_ms} ms (wanted under 1000)"
# Replay says which file it replayed; --rules replays another.
expect_output "replay names its file" 1 "final: score of P3 differs" "$tessera" replay "$designer/centre.jsonl"
expect_output "--rules" 0 "rules $root/games/hegemino.tess (given by --rules)" \
  "$tessera" replay --rules "$root/games/hegemino.tess" "$designer/centre.jsonl"

# A refactor that changes no rule: the sum in tableau_score as a loop.
cp "$root/games/hegemino.tess" "$designer/hegemino.tess"
perl -0pi -e 's/  return sum\(value_scores\(b\)\) \+ bonus\(b\)\n/  let total = bonus(b)\n  for s in value_scores(b) {\n    total += s\n  }\n  return total\n/' \
  "$designer/hegemino.tess"
grep -q 'total += s' "$designer/hegemino.tess" || fail "the refactor was not applied (has tableau_score changed?)"
expect_output "a refactor" 0 "ok (Hegemino, 3 players, seed 1" "$tessera" replay "$designer/centre.jsonl"
expect_output "a refactor, changed rules noted" 0 "changed since the trace was written" \
  "$tessera" replay "$designer/centre.jsonl"

# Exact expectations: a wrong one is blamed on its own line; an extra printed
# line is an error; a missing one too.
cat >"$designer/exact.tess" <<'TESS'
game "Exact"
players 1
var score: per player int
play {
  print(1) // expect: 1
  print(2) // expect: 3
}
TESS
expect_output "a wrong expectation" 1 'exact.tess:6: expected "3", got "2"' "$tessera" test "$designer/exact.tess"
sed -i 's|// expect: 3||' "$designer/exact.tess"
expect_output "an unexpected line" 1 'exact.tess:5: printed "2" after the last expectation' \
  "$tessera" test "$designer/exact.tess"
sed -i 's|print(2)|print(2) // expect: 2\n  // expect: 4|' "$designer/exact.tess"
expect_output "a missing line" 1 'exact.tess:7: expected "4", got nothing more' "$tessera" test "$designer/exact.tess"

if [[ $failures -eq 0 ]]; then
  echo "PASS tessera test / replay on a designer's folder"
  exit 0
fi
exit 1
