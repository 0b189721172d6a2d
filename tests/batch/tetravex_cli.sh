#!/bin/bash
# tetravex_cli.sh: the batch contract on Tetravex with the real binary:
# answers accepted by an independent awk check, counts, generation
# (reproducible, unique, solvable), every bundled puzzle, the TetraSAT 3x3,
# an unsolvable set of tiles, a time limit (exit 3), usage errors.
set -u
bin=$1 src=$2
fail=0 pass=0
check() { if eval "$2"; then pass=$((pass + 1)); else echo "FAIL: $1"; fail=$((fail + 1)); fi; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# An independent check of an answer (awk, no solver): n lines of n tiles,
# touching numbers equal, and the same tiles as the puzzle (as a multiset).
answer_ok() { # PUZZLE ANSWER
    awk 'FNR == 1 { file++ }
         file == 1 && /^[0-9][0-9][0-9][0-9]\r?$/ { want[substr($0, 1, 4)]++; m++ }
         file == 2 { rows++; if (NF != n && rows > 1) bad = "ragged"; n = NF
                     for (i = 1; i <= NF; i++) { got[$i]++; t[rows, i] = $i } }
         END {
             if (rows != n || n * n != m) bad = bad " shape " rows "x" n " for " m " tiles"
             for (k in want) if (got[k] != want[k]) bad = bad " tiles differ"
             for (r = 1; r <= rows; r++) for (c = 1; c <= n; c++) {
                 if (c < n && substr(t[r, c], 2, 1) != substr(t[r, c + 1], 4, 1)) bad = bad " row " r
                 if (r < rows && substr(t[r, c], 3, 1) != substr(t[r + 1, c], 1, 1)) bad = bad " col " c
             }
             if (bad) { print "answer rejected:" bad > "/dev/stderr"; exit 1 }
         }' "$1" "$2"
}

out=$("$bin" --solve "$src/tests/data/tetravex/hand-3x3.tetravex"); rc=$?
check "solve exits 0" '[ $rc -eq 0 ]'
check "3 lines of 3 tiles" '[ "$(echo "$out" | grep -cE "^[0-9]{4} [0-9]{4} [0-9]{4}$")" -eq 3 ]'
echo "$out" >"$tmp/hand.ans"
check "the answer passes the awk check" 'answer_ok "$src/tests/data/tetravex/hand-3x3.tetravex" "$tmp/hand.ans"'
"$bin" --solve "$src/tests/data/tetravex/tetrasat-3x3.tetravex" >"$tmp/ts.ans"; rc=$?
check "the TetraSAT 3x3 solves" '[ $rc -eq 0 ] && answer_ok "$src/tests/data/tetravex/tetrasat-3x3.tetravex" "$tmp/ts.ans"'
check "the TetraSAT 3x3 answer" '[ "$(cat "$tmp/ts.ans")" = "$(printf "4026 3920 2439\n2072 2520 3725\n7260 2612 2546")" ]'
# the awk check itself rejects a wrong answer (two tiles swapped)
sed '1s/^\([0-9]*\) \([0-9]*\)/\2 \1/' "$tmp/ts.ans" >"$tmp/swapped.ans"
check "the awk check rejects a swapped answer" '! answer_ok "$src/tests/data/tetravex/tetrasat-3x3.tetravex" "$tmp/swapped.ans" 2>/dev/null'
check "count 1" '[ "$("$bin" --count "$src/tests/data/tetravex/hand-3x3.tetravex")" = 1 ]'
g1=$("$bin" --generate tetravex --size 5 --seed 11); rc=$?
g2=$("$bin" --generate tetravex --size 5 --seed 11)
check "generate exits 0" '[ $rc -eq 0 ]'
check "generate is reproducible" '[ "$g1" = "$g2" ]'
check "25 tiles" '[ "$(echo "$g1" | grep -cE "^[0-9]{4}$")" -eq 25 ]'
echo "$g1" >"$tmp/g.tetravex"
check "generated puzzle is unique" '[ "$("$bin" --count=3 "$tmp/g.tetravex")" = 1 ]'
"$bin" --solve "$tmp/g.tetravex" >"$tmp/g.ans"; rc=$?
check "generated puzzle solves" '[ $rc -eq 0 ] && answer_ok "$tmp/g.tetravex" "$tmp/g.ans"'
check "fewer values" '"$bin" --generate tetravex --size 4 --values 4 --seed 2 >/dev/null'
# --values is the alias of the family's --params: the same puzzle
check "--params values=4 is --values 4" '[ "$("$bin" --generate tetravex --size 3 --params values=4 --seed 2)" = "$("$bin" --generate tetravex --size 3 --values 4 --seed 2)" ]'
check "edges from 0 to 3 only" '! "$bin" --generate tetravex --size 3 --params 4 --seed 2 | grep -q "[4-9]"'
check "--help lists the parameters" '"$bin" --help | grep -q "tetravex *values=K"'
"$bin" --generate tents --params 4 >/dev/null 2>"$tmp/err"; rc=$?
check "a family with no parameters refuses them" '[ $rc -eq 2 ] && grep -q "Tents takes none" "$tmp/err"'
# four tiles whose numbers can never meet
printf '1111\n2222\n3333\n4444\n' >"$tmp/none.tetravex"
"$bin" --solve "$tmp/none.tetravex" >/dev/null 2>&1; rc=$?
check "no solution exits 1" '[ $rc -eq 1 ]'
check "count of none is 0" '[ "$("$bin" --count "$tmp/none.tetravex" 2>/dev/null)" = 0 ]'
# the same tiles saved with no mark: the hint is asked before the check
# there (its search lists the solutions), and both must still say that
# the puzzle has none
{
    printf 'tessera save 1\nfamily tetravex\nsource none.tetravex\npuzzle-lines 4\n'
    sed 's/^/| /' "$tmp/none.tetravex"
    printf 'elapsed 0.0\nhints 0\nchecks 0\nsolved-by-engine 0\nstate 4 -1 -1 -1 -1\nsteps 0 0\nend\n'
} >"$tmp/none.save"
out=$("$bin" --hint "$tmp/none.save" 2>&1); rc=$?
check "--hint on an empty board of unsolvable tiles: no solution, exit 1" \
    '[ $rc -eq 1 ] && grep -q "the puzzle itself has no solution" <<<"$out"'
out=$("$bin" --check "$tmp/none.save" 2>&1); rc=$?
check "--check on it: no solution, exit 1" '[ $rc -eq 1 ] && grep -q "the puzzle itself has no solution" <<<"$out"'
# every bundled puzzle: one solution, and an answer the awk check accepts
for f in "$src"/puzzles/tetravex/[3-6]x*.tetravex; do
    "$bin" --solve "$f" >"$tmp/b.ans"; rc=$?
    check "bundled $(basename "$f") solves" '[ $rc -eq 0 ] && answer_ok "$f" "$tmp/b.ans"'
    check "bundled $(basename "$f") is unique" '[ "$("$bin" --count "$f")" = 1 ]'
done
# a time limit that runs out: exit 3 with a message
"$bin" --timeout 0.3 --solve "$src/tests/data/tetravex/random-10x10.tetravex" >/dev/null 2>"$tmp/err"; rc=$?
check "time limit exits 3" '[ $rc -eq 3 ] && grep -q "time limit" "$tmp/err"'
"$bin" --generate tetravex --size 4 --values 11 >/dev/null 2>&1; rc=$?
check "--values 11 exits 2" '[ $rc -eq 2 ]'
"$bin" --generate tetravex --size 4 --values 1 >/dev/null 2>&1; rc=$?
check "--values 1 exits 2" '[ $rc -eq 2 ]'
"$bin" --generate tetravex --size 20 >/dev/null 2>&1; rc=$?
check "too big a size exits 2" '[ $rc -eq 2 ]'
"$bin" --generate tetravex --size 4x5 >/dev/null 2>&1; rc=$?
check "a non-square size exits 2" '[ $rc -eq 2 ]'
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
