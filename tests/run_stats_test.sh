#!/usr/bin/env bash
# tests/run_stats_test.sh TESSERA ROOT — `tessera stats` totals do not depend on
# how the seeds are split: one worker, two workers, and three shards merged
# (given out of order) print the same report; --merge refuses a shard given
# twice or missing; --vs compares two studies, and its paired comparison
# finds Hegemino's centre bonus changed from 5 to 6 where the side-by-side
# one cannot; --svg writes a drawing.
set -uo pipefail

if [[ $# -ne 2 ]]; then
  echo "usage: $0 TESSERA ROOT" >&2
  exit 2
fi
tessera=$1 root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
export TESSERA_NO_PROGRESS=1
study=(hegemino -n 600 --players 3 --seed 7)

"$tessera" stats "${study[@]}" -j 1 >"$tmp/one.txt" 2>/dev/null || fail "stats -j 1"
"$tessera" stats "${study[@]}" -j 2 >"$tmp/two.txt" 2>/dev/null || fail "stats -j 2"
for i in 1 2 3; do
  "$tessera" stats "${study[@]}" -j 2 --shard "$i/3" --json >"$tmp/shard$i.json" 2>/dev/null || fail "shard $i/3"
done
"$tessera" stats --merge "$tmp/shard3.json" "$tmp/shard1.json" "$tmp/shard2.json" >"$tmp/merged.txt" ||
  fail "--merge"
cmp -s "$tmp/one.txt" "$tmp/two.txt" || fail "-j 1 and -j 2 differ: $(diff "$tmp/one.txt" "$tmp/two.txt")"
cmp -s "$tmp/one.txt" "$tmp/merged.txt" || fail "one run and merged shards differ: $(diff "$tmp/one.txt" "$tmp/merged.txt")"
grep -q '^Hegemino, 3 players (random,random,random), seeds 7..606: 600 matches' "$tmp/one.txt" ||
  fail "unexpected header: $(head -n 1 "$tmp/one.txt")"
grep -q 'a part of the study' <("$tessera" stats --merge "$tmp/shard1.json" 2>&1) || fail "a lone shard is not called a part"
grep -q 'given twice' <("$tessera" stats --merge "$tmp/shard1.json" "$tmp/shard1.json" 2>&1) ||
  fail "--merge accepted a shard twice"
grep -q 'missing' <("$tessera" stats --merge "$tmp/shard1.json" "$tmp/shard3.json" 2>&1) ||
  fail "--merge accepted a missing shard"
"$tessera" stats hexdominomega -n 30 --variant two_player --vs two_player --players 2 -j 1 >"$tmp/vs.txt" 2>/dev/null || fail "--vs"
grep -q 'P1 wins .* +0.00%  p = 1$' "$tmp/vs.txt" && grep -q '^paired, seed by seed: 0 of 30 matches ended otherwise in B$' "$tmp/vs.txt" ||
  fail "--vs of a study with itself: $(cat "$tmp/vs.txt")"
sed '/at_box_centre(bb, c) {/{n;s/n += 5/n += 6/}' "$root/games/hegemino.tess" >"$tmp/centre6.tess"
"$tessera" stats hegemino -n 300 --vs "$tmp/centre6.tess" >"$tmp/centre.txt" 2>/dev/null || fail "--vs FILE"
grep -q '^  P1     score   +[0-9.]* on average (p = [0-9.e-]*, significant)' "$tmp/centre.txt" ||
  fail "--vs did not find the centre bonus change significant: $(cat "$tmp/centre.txt")"
"$tessera" stats hegemino -n 50 -j 1 --svg "$tmp/h.svg" >/dev/null 2>&1 || fail "--svg"
grep -q '^<svg' "$tmp/h.svg" && grep -q '</svg>' "$tmp/h.svg" || fail "--svg wrote no drawing"

if [[ $failures -eq 0 ]]; then
  echo "PASS tessera stats: same totals however split; merge, vs, svg"
  exit 0
fi
exit 1
