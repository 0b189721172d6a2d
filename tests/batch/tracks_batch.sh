#!/bin/bash
# The batch contract on Train Tracks with the real binary: the CSV answer's
# shape and counts, a Tatham ID, an answer read back as a puzzle, counts,
# exit statuses, and the loop trap coming out as one path.
set -u
bin=$1 src=$2
data=$src/tests/data/tracks
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 pass=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
expect_rc() { # expected-status description command...
    local want=$1 what=$2
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    local rc=$?
    if [ $rc -eq "$want" ]; then ok; else bad "$what: exit $rc, expected $want: $(cat "$tmp/err")"; fi
}

# An answer's shape: a header "R,c1..cW", then H rows "r,code..." with
# codes from the seven pieces, as many track cells per row and column as
# the counts say, and exactly two ends pointing off the board.
check_answer() { # file width height
    awk -F, -v W="$2" -v H="$3" '
        NR == 1 { if ($1 != "R" || NF != W + 1) { print "header: " $0; bad = 1 }
                  for (x = 1; x <= W; x++) col[x] = $(x + 1); next }
        { y = NR - 1
          if (NF != W + 1) { print "row " y ": " NF - 1 " cells"; bad = 1 }
          n = 0
          for (x = 1; x <= W; x++) {
              c = $(x + 1)
              if (c !~ /^(0|3|5|6|9|10|12)$/) { print "row " y ": code " c; bad = 1 }
              if (c != 0) { n++; used[x]++ }
              if (x == 1 && c % 8 >= 4) ends++       # west off the board
              if (x == W && c % 2 == 1) ends++        # east
              if (y == 1 && c >= 8) ends++            # north
              if (y == H && c % 4 >= 2) ends++        # south
          }
          if (n != $1) { print "row " y ": " n " track cells, clue " $1; bad = 1 } }
        END { if (NR != H + 1) { print NR " lines"; bad = 1 }
              for (x = 1; x <= W; x++) if (used[x] + 0 != col[x]) { print "column " x; bad = 1 }
              if (ends != 2) { print ends " ends"; bad = 1 }
              exit bad }' "$1"
}

csv=$data/smt-article-8x8.tracks
expect_rc 0 "solve the CSV puzzle" "$bin" --solve "$csv"
if msg=$(check_answer "$tmp/out" 8 8); then ok; else bad "CSV answer: $msg"; fi
head -1 "$tmp/out" | grep -qx 'R,3,4,3,5,2,7,4,5' && ok || bad "CSV answer header: $(head -1 "$tmp/out")"
# the given pieces are kept: 10 at row 2 column 4, 5 at row 4 column 1,
# 10 at row 6 column 8, 6 at row 8 column 3
awk -F, 'NR==3 && $5==10 {a++} NR==5 && $2==5 {a++} NR==7 && $9==10 {a++} NR==9 && $4==6 {a++}
         END {exit a != 4}' "$tmp/out" && ok || bad "givens not kept: $(cat "$tmp/out")"
# the answer is itself a puzzle (every piece given): it reads back, solves
# to itself and is unique
cp "$tmp/out" "$tmp/answer.tracks"
expect_rc 0 "solve the answer" "$bin" --solve "$tmp/answer.tracks"
cmp -s "$tmp/out" "$tmp/answer.tracks" && ok || bad "answer read back differs"
expect_rc 0 "count the answer" "$bin" --count "$tmp/answer.tracks"
[ "$(cat "$tmp/out")" = "1" ] && ok || bad "answer count printed '$(cat "$tmp/out")'"

id='8x8:d9s5c6zgAa,1,4,1,4,4,3,S3,5,2,2,4,S5,3,3,5,1'
expect_rc 0 "solve a Tatham ID" "$bin" --solve "$id"
if msg=$(check_answer "$tmp/out" 8 8); then ok; else bad "ID answer: $msg"; fi
# the entrance: west of row 4 (S5 is the 4th row count); the exit: south
# of column 7
awk -F, 'NR==5 && $2 % 8 >= 4 {a++} NR==9 && $8 % 4 >= 2 {a++} END {exit a != 2}' "$tmp/out" &&
    ok || bad "ends misplaced: $(cat "$tmp/out")"
expect_rc 0 "solve a Tatham ID in a file without a terminal" env -u TERM "$bin" --solve \
    "$src/puzzles/tracks/08x08-easy-01.tracks"
expect_rc 0 "count" "$bin" --count "$id"
[ "$(cat "$tmp/out")" = "1" ] && ok || bad "count printed '$(cat "$tmp/out")'"
expect_rc 0 "--game tracks" "$bin" --game tracks --count "$id"

# a 40x40 board the deductions leave half done: the engine gets only what
# they left open (and the printed answer passed the checker in the binary)
expect_rc 0 "solve a 40x40 the deductions leave open" "$bin" --solve "$(head -1 "$data/stuck-40x40.txt")"
if msg=$(check_answer "$tmp/out" 40 40); then ok; else bad "40x40 answer: $msg"; fi

# the loop trap: without the no-loop rule a straight run plus a 2x2 loop
# would fit; the answer must snake through the middle
trap_id='4x4:p,S4,2,2,0,S1,3,3,1'
expect_rc 0 "solve the loop trap" "$bin" --solve "$trap_id"
printf 'R,4,2,2,0\n1,6,0,0,0\n3,9,5,6,0\n3,3,5,12,0\n1,10,0,0,0\n' >"$tmp/want"
cmp -s "$tmp/out" "$tmp/want" && ok || bad "loop trap answer: $(cat "$tmp/out")"
expect_rc 0 "count the loop trap" "$bin" --count=5 "$trap_id"
[ "$(cat "$tmp/out")" = "1" ] && ok || bad "loop trap count printed '$(cat "$tmp/out")'"
# the same with a 2x4 loop, which only the lazy cuts rule out
expect_rc 0 "solve the 2x4 loop trap" "$bin" --solve '5x4:t,S4,2,2,2,2,S1,5,5,1'
printf 'R,4,2,2,2,2\n1,6,0,0,0,0\n5,9,5,5,5,6\n5,3,5,5,5,12\n1,10,0,0,0,0\n' >"$tmp/want"
cmp -s "$tmp/out" "$tmp/want" && ok || bad "2x4 loop trap answer: $(cat "$tmp/out")"

# two Hamiltonian snakes from corner to corner
amb='3x3:i,3,3,S3,S3,3,3'
expect_rc 0 "count an ambiguous puzzle" "$bin" --count=5 "$amb"
[ "$(cat "$tmp/out")" = "2" ] && ok || bad "ambiguous count printed '$(cat "$tmp/out")'"
expect_rc 0 "count at the limit" "$bin" --count=2 "$amb"
[ "$(cat "$tmp/out")" = "at least 2" ] && ok || bad "limit count printed '$(cat "$tmp/out")'"
# column 1 holds both ends but its count is 1
expect_rc 1 "no solution" "$bin" --solve '4x4:p,S1,1,1,1,S1,1,1,1'
expect_rc 1 "no solution count" "$bin" --count '4x4:p,S1,1,1,1,S1,1,1,1'
[ "$(cat "$tmp/out")" = "0" ] && ok || bad "unsolvable count printed '$(cat "$tmp/out")'"
expect_rc 2 "missing file" "$bin" --solve "$tmp/nope.tracks"
expect_rc 2 "malformed ID" "$bin" --solve '8x8:d9s5c6zgAa,1,4'
grep -q "game ID:1:" "$tmp/err" && ok || bad "malformed ID message: $(cat "$tmp/err")"

# DIMACS: the eager clauses only (loops are cut lazily); the header agrees
expect_rc 0 "dimacs" "$bin" --dimacs "$tmp/t.cnf" "$id"
hdr=$(grep '^p cnf' "$tmp/t.cnf")
nclauses=$(grep -vc '^[cp]' "$tmp/t.cnf")
[ "${hdr##* }" = "$nclauses" ] && ok || bad "dimacs header $hdr vs $nclauses clauses"

# every bundled puzzle has exactly one answer
n=0
for f in "$src"/puzzles/tracks/*.tracks; do
    n=$((n + 1))
    expect_rc 0 "count $f" "$bin" --count "$f"
    [ "$(cat "$tmp/out")" = "1" ] && ok || bad "$f: count printed '$(cat "$tmp/out")'"
done
[ $n -ge 20 ] && ok || bad "only $n bundled puzzles"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
