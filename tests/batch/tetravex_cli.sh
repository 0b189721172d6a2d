#!/bin/bash
# tetravex_cli.sh: the batch contract on Tetravex with the real binary:
# the answer's shape, counts, generation (reproducible, unique, solvable),
# an unsolvable set of tiles, usage errors.
set -u
bin=$1 src=$2
fail=0 pass=0
check() { if eval "$2"; then pass=$((pass + 1)); else echo "FAIL: $1"; fail=$((fail + 1)); fi; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

out=$("$bin" --solve "$src/tests/data/tetravex/hand-3x3.tetravex"); rc=$?
check "solve exits 0" '[ $rc -eq 0 ]'
check "3 lines of 3 tiles" '[ "$(echo "$out" | grep -cE "^[0-9]{4} [0-9]{4} [0-9]{4}$")" -eq 3 ]'
check "count 1" '[ "$("$bin" --count "$src/tests/data/tetravex/hand-3x3.tetravex")" = 1 ]'
g1=$("$bin" --generate tetravex --size 5 --seed 11); rc=$?
g2=$("$bin" --generate tetravex --size 5 --seed 11)
check "generate exits 0" '[ $rc -eq 0 ]'
check "generate is reproducible" '[ "$g1" = "$g2" ]'
check "25 tiles" '[ "$(echo "$g1" | grep -cE "^[0-9]{4}$")" -eq 25 ]'
echo "$g1" >"$tmp/g.tetravex"
check "generated puzzle is unique" '[ "$("$bin" --count=3 "$tmp/g.tetravex")" = 1 ]'
check "generated puzzle solves" '"$bin" --solve "$tmp/g.tetravex" >/dev/null'
check "fewer values" '"$bin" --generate tetravex --size 4 --values 4 --seed 2 >/dev/null'
# four tiles whose numbers can never meet
printf '1111\n2222\n3333\n4444\n' >"$tmp/none.tetravex"
"$bin" --solve "$tmp/none.tetravex" >/dev/null 2>&1; rc=$?
check "no solution exits 1" '[ $rc -eq 1 ]'
check "count of none is 0" '[ "$("$bin" --count "$tmp/none.tetravex" 2>/dev/null)" = 0 ]'
"$bin" --generate tetravex --size 20 >/dev/null 2>&1; rc=$?
check "too big a size exits 2" '[ $rc -eq 2 ]'
"$bin" --generate tetravex --size 4x5 >/dev/null 2>&1; rc=$?
check "a non-square size exits 2" '[ $rc -eq 2 ]'
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
