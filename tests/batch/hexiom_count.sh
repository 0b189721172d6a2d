#!/bin/bash
# hexiom_count.sh: --count on Hexiom levels with the real binary (published
# counts: 1, 12, 3 and 1 for levels 00, 01, 02 and 08, 109,821 for level 22,
# 79 for level 38; 309,196 for level 39 by the DP), limits, exit statuses, and a level with no solution.
set -u
bin=$1 src=$2
data=$src/tests/data/hexiom
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 pass=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
expect() { # status output description command...
    local want=$1 text=$2 what=$3
    shift 3
    "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    local rc=$?
    if [ $rc -ne "$want" ]; then
        bad "$what: exit $rc, expected $want: $(cat "$tmp/err")"
    elif [ -n "$text" ] && [ "$(cat "$tmp/out")" != "$text" ]; then
        bad "$what: printed '$(cat "$tmp/out")', expected '$text'"
    else
        ok
    fi
}

expect 0 1 "level 00" "$bin" --count=1000 "$data/level00.txt"
expect 0 12 "level 01" "$bin" --count=1000 "$data/level01.txt"
expect 0 3 "level 02" "$bin" --count=1000 "$data/level02.txt"
expect 0 1 "level 08" "$bin" --count=1000 "$data/level08.txt"
expect 0 1 "level 08, default limit" "$bin" --count "$data/level08.txt"
expect 0 "at least 2" "level 01, default limit" "$bin" --count "$data/level01.txt"
expect 0 "at least 12" "level 01 at its count" "$bin" --count=12 "$data/level01.txt"
expect 0 12 "level 01 one above" "$bin" --count=13 "$data/level01.txt"
expect 0 109821 "level 22" "$bin" --count=1000000 "$data/level22.txt"
expect 0 79 "level 38" "$bin" --count=1000 "$data/level38.txt"
expect 0 309196 "level 39" "$bin" --count=1000000 "$data/level39.txt"
expect 0 "at least 2" "level 38, default limit" "$bin" --count "$data/level38.txt"
# the bundled copy (.hexiom) reads the same
expect 0 3 "bundled level 02" "$bin" --count=10 "$src/puzzles/hexiom/level02.hexiom"
expect 0 "" "--game hexiom" "$bin" --game hexiom --solve "$data/level02.txt"

# a 6 on the rim of a side-2 board can never have six neighbours
printf '2\n . 6\n. . .\n . .\n' >"$tmp/none.hexiom"
expect 1 "" "no solution" "$bin" --solve "$tmp/none.hexiom"
grep -q "no solution" "$tmp/err" && ok || bad "no-solution message: $(cat "$tmp/err")"
expect 1 0 "count of an unsolvable level" "$bin" --count=10 "$tmp/none.hexiom"
# a time limit that cannot be met: exit 3
expect 3 "" "count under a tiny time limit" "$bin" --count=1000000 --timeout 0.001 "$data/level37.txt"
expect 2 "" "a malformed level" "$bin" --count "$src/tests/bad/hexiom/tile-value-7.hexiom"

# under ulimit -v the DP's memory limit shrinks (it takes RLIMIT_AS into
# account, not only the machine's memory): level 40's count gives up the DP
# and enumerates, as the manual says, until the time limit (exit 3 with
# solutions found), instead of running out of memory (exit 2).  Not in
# sanitizer builds, whose shadow memory no ulimit -v leaves room for.
if ! ldd "$bin" 2>/dev/null | grep -q 'lib[at]san'; then
    (ulimit -v 250000; exec "$bin" --count=1000 --timeout 2 "$data/level40.txt") >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 3 ] && grep -qE "the time limit ran out after [1-9][0-9]* solutions" "$tmp/err"; then
        ok
    else
        bad "level 40 under ulimit -v 250000: exit $rc, $(cat "$tmp/err")"
    fi
fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
