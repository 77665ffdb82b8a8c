#!/usr/bin/env bash
# tests/run_golden_broken_test.sh TESSERA FILE — proves `tessera replay` fails
# on a corrupted trace (tests/golden/broken/, made by tools/golden.sh): runs
# `tessera replay [OPTIONS] NAME.jsonl` in FILE's directory (OPTIONS: the first
# line of NAME.args when there is one) and expects exit status 1 and
# a stderr line containing the text in NAME.expect (e.g.
# `wrong-hash.jsonl:4: step 2: hash differs: expected 0000000000000000, got `).
set -uo pipefail

if [[ $# -ne 2 ]]; then
  echo "usage: $0 TESSERA FILE" >&2
  exit 2
fi
tessera=$1 file=$2
[[ $tessera == */* ]] && tessera="$(cd "$(dirname "$tessera")" && pwd)/$(basename "$tessera")"
dir=$(dirname "$file") name=$(basename "$file")
expect_file=$dir/${name%.jsonl}.expect
if [[ ! -r $file || ! -r $expect_file ]]; then
  echo "FAIL $file: cannot read it or $expect_file"
  exit 1
fi
IFS= read -r want <"$expect_file"
options=() # NAME.args: options for `tessera replay` (e.g. --strict)
[[ -r $dir/${name%.jsonl}.args ]] && read -r -a options <"$dir/${name%.jsonl}.args"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$dir" && exec timeout "${TESSERA_TEST_TIMEOUT:-60}" "$tessera" replay "${options[@]}" "$name") \
  </dev/null >"$tmp/out" 2>"$tmp/err"
status=$?

problems=()
[[ $status == 1 ]] || problems+=("exit status: expected 1, got $status")
grep -qF -- "$want" "$tmp/err" || problems+=("stderr: no line contains '$want'")

if [[ ${#problems[@]} -eq 0 ]]; then
  echo "PASS $file: $(head -n 1 "$tmp/err")"
  exit 0
fi
echo "FAIL $file"
echo "  command: (cd $dir && $tessera replay ${options[*]} $name </dev/null)"
for p in "${problems[@]}"; do echo "  - $p"; done
echo "  --- stdout ---"
sed 's/^/  | /' "$tmp/out"
echo "  --- stderr ---"
sed 's/^/  | /' "$tmp/err"
exit 1
