#!/bin/bash
# The batch contract on Tents with the real binary: answers, counts, exit
# statuses, DIMACS output, usage errors, and no terminal needed.
set -u
bin=$1 src=$2
data=$src/tests/data/tents
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

id='8x8de:bcddch_bkcic_,2,2,0,3,0,2,0,3,3,0,3,1,1,0,4,0'
expect_rc 0 "solve an ID" "$bin" --solve "$id"
# the answer: 8 lines of 8 characters from . T *, 12 tents, trees kept
if [ "$(wc -l <"$tmp/out")" -eq 8 ] && ! grep -qv '^[.T*]\{8\}$' "$tmp/out" &&
   [ "$(tr -cd '*' <"$tmp/out" | wc -c)" -eq 12 ]; then ok; else bad "answer shape: $(cat "$tmp/out")"; fi
expect_rc 0 "solve without a terminal" env -u TERM "$bin" --solve "$data/crystal-z3-15x15.tents"
expect_rc 0 "count" "$bin" --count "$id"
[ "$(cat "$tmp/out")" = "1" ] && ok || bad "count printed '$(cat "$tmp/out")'"
# two placements: 4x4 with two trees in opposite corners of an empty middle
amb='4x4:e_i,0,1,1,0,1,0,1,0'
expect_rc 0 "count an ambiguous puzzle" "$bin" --count=5 "$amb"
[ "$(cat "$tmp/out")" = "2" ] && ok || bad "ambiguous count printed '$(cat "$tmp/out")'"
expect_rc 0 "count at the limit" "$bin" --count=1 "$amb"
[ "$(cat "$tmp/out")" = "at least 1" ] && ok || bad "limit count printed '$(cat "$tmp/out")'"
# no solution: a row clue of 3 in a 4-wide row is impossible with no touching
expect_rc 1 "no solution" "$bin" --solve '4x4:_o,0,0,0,0,3,0,0,0'
expect_rc 2 "missing file" "$bin" --solve "$tmp/nope.tents"
grep -q "nope.tents" "$tmp/err" && ok || bad "missing file message: $(cat "$tmp/err")"
expect_rc 2 "unknown option" "$bin" --frobnicate
expect_rc 2 "two commands" "$bin" --solve --count "$id"
expect_rc 2 "no puzzle" "$bin" --solve
expect_rc 2 "unknown game" "$bin" --solve --game chess "$id"
expect_rc 0 "help" "$bin" --help
grep -q -- "--solve" "$tmp/out" && ok || bad "help text"
expect_rc 0 "version" "$bin" --version
# DIMACS: a header and as many clauses as it announces, satisfiable by cadical if present
expect_rc 0 "dimacs" "$bin" --dimacs "$tmp/t.cnf" "$id"
hdr=$(grep '^p cnf' "$tmp/t.cnf")
nclauses=$(grep -vc '^[cp]' "$tmp/t.cnf")
[ "${hdr##* }" = "$nclauses" ] && ok || bad "dimacs header $hdr vs $nclauses clauses"
if command -v cadical >/dev/null; then
    cadical -q "$tmp/t.cnf" >/dev/null; rc=$?
    [ $rc -eq 10 ] && ok || bad "cadical on the dimacs: $rc"
fi
expect_rc 2 "dimacs to an unwritable place" "$bin" --dimacs /nonexistent/dir/x.cnf "$id"
# generate: reproducible, unique by count, and solvable
expect_rc 0 "generate" "$bin" --generate tents --size 12 --seed 5
g1=$(cat "$tmp/out")
g2=$("$bin" --generate tents --size 12 --seed 5)
[ "$g1" = "$g2" ] && ok || bad "generate not reproducible"
[ "$("$bin" --count "$g1")" = "1" ] && ok || bad "generated puzzle not unique"
expect_rc 2 "generate bad size" "$bin" --generate tents --size 2x
expect_rc 2 "generate bad seed" "$bin" --generate tents --seed -4
# a time limit that runs out exits 3 (a big puzzle, a limit too short for it)
big=$("$bin" --generate tents --size 30 --seed 9)
expect_rc 3 "timeout" "$bin" --timeout 0.000000001 --solve "$big"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
