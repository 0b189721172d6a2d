#!/bin/bash
# tantrix_cli.sh: Tantrix through the real binary.  Bundled puzzles are
# solved and each answer ("N Q R COLOURS" per tile) is checked once more
# here, by a second implementation of the rules in awk: every tile once,
# touching edges equal, the loop colour traced tile to tile through all of
# them, no empty cell enclosed.  Then an inline puzzle, tiles by colours,
# --count, --dimacs, no solution (exit 1), --check with a tile too far and
# a time limit (exit 3).
set -u
bin=$1 src=$2
dir=$src/puzzles/tantrix
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 pass=0
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

# check ANSWER N LOOP: prints what is wrong, nothing when the answer is right.
check() {
    awk -v want="$2" -v L="$3" '
    BEGIN { dq[0] = 0; dr[0] = -1; dq[1] = 1; dr[1] = -1; dq[2] = 1; dr[2] = 0
            dq[3] = 0; dr[3] = 1; dq[4] = -1; dr[4] = 1; dq[5] = -1; dr[5] = 0 }
    NF != 4 || $4 !~ /^[RYBG][RYBG][RYBG][RYBG][RYBG][RYBG]$/ { print "bad line: " $0; bad = 1; next }
    {
        if ($1 in seen) { print "tile " $1 " twice"; bad = 1 }
        seen[$1] = 1
        key = $2 "," $3
        if (key in at) { print "two tiles on " key; bad = 1 }
        at[key] = $1; q[$1] = $2; r[$1] = $3; col[$1] = $4; order[n++] = $1
        if (n == 1 || $2 < q0) q0 = $2; if (n == 1 || $2 > q1) q1 = $2
        if (n == 1 || $3 < r0) r0 = $3; if (n == 1 || $3 > r1) r1 = $3
    }
    END {
        if (bad) exit
        if (n != want) { print n " tiles, expected " want; exit }
        for (i = 0; i < n; i++) {
            t = order[i]; loops = 0
            for (k = 0; k < 6; k++) {
                c = substr(col[t], k + 1, 1); nk = (q[t] + dq[k]) "," (r[t] + dr[k])
                if (c == L) loops++
                if (nk in at) {
                    u = at[nk]
                    if (substr(col[u], (k + 3) % 6 + 1, 1) != c) { print "tiles " t " and " u " do not match"; exit }
                } else if (c == L) { print "loop line of tile " t " ends open"; exit }
            }
            if (loops != 2) { print "tile " t " has the loop colour on " loops " edges"; exit }
        }
        # trace the loop from the first tile
        start = order[0]; prev = ""; cur = start; len = 0
        do {
            len++; next_t = ""
            for (k = 0; k < 6; k++)
                if (substr(col[cur], k + 1, 1) == L) {
                    u = at[(q[cur] + dq[k]) "," (r[cur] + dr[k])]
                    if (u != prev && next_t == "") next_t = u
                }
            prev = cur; cur = next_t
        } while (cur != start && len <= n)
        if (len != n) { print "the loop passes " len " of " n " tiles"; exit }
        # holes: flood the empty cells of the box plus a margin from its rim
        q0--; q1++; r0--; r1++
        for (qq = q0; qq <= q1; qq++)
            for (rr = r0; rr <= r1; rr++)
                if ((qq == q0 || qq == q1 || rr == r0 || rr == r1) && !((qq "," rr) in at)) {
                    out[qq "," rr] = 1; stack[sp++] = qq "," rr
                }
        while (sp > 0) {
            split(stack[--sp], p, ",")
            for (k = 0; k < 6; k++) {
                qq = p[1] + dq[k]; rr = p[2] + dr[k]; nk = qq "," rr
                if (qq < q0 || qq > q1 || rr < r0 || rr > r1 || (nk in at) || (nk in out)) continue
                out[nk] = 1; stack[sp++] = nk
            }
        }
        for (qq = q0; qq <= q1; qq++)
            for (rr = r0; rr <= r1; rr++)
                if (!((qq "," rr) in at) && !((qq "," rr) in out)) { print "hole at " qq "," rr; exit }
    }' "$1"
}

colours=YRRBBBYRRYBBRRYRRYYYYRRRRRRR
for n in $(seq 3 16); do
    f=$(printf '%s/discovery-%02d.tantrix' "$dir" "$n")
    if ! timeout 60 "$bin" --solve "$f" >"$tmp/out" 2>"$tmp/err"; then
        bad "discovery $n: exit $?: $(cat "$tmp/err")"
        continue
    fi
    why=$(check "$tmp/out" "$n" "${colours:n-3:1}")
    [ -z "$why" ] && pass=$((pass + 1)) || bad "discovery $n: $why"
done

# tiles by colours (the Cryptol article's first tile is tile 1 turned)
"$bin" --solve "$dir/cryptol-three.tantrix" >"$tmp/out" || bad "cryptol-three: exit $?"
why=$(check "$tmp/out" 3 Y)
[ -z "$why" ] && pass=$((pass + 1)) || bad "cryptol-three: $why"
# numbers: 1 2 3, in the order given
[ "$(cut -d' ' -f1 "$tmp/out" | tr '\n' ' ')" = "1 2 3 " ] || bad "cryptol-three numbering: $(cat "$tmp/out")"
# a set of the full 56 with a blue loop
"$bin" --solve "$dir/junior.tantrix" >"$tmp/out" || bad "junior: exit $?"
why=$(check "$tmp/out" 10 B)
[ -z "$why" ] && pass=$((pass + 1)) || bad "junior: $why"
[ "$(cut -d' ' -f1 "$tmp/out" | tr '\n' ' ')" = "3 5 8 12 14 43 46 50 52 54 " ] || bad "junior numbers"

# inline puzzle text, and --game with a file of another name
"$bin" --solve 'discovery 6' >"$tmp/out" || bad "inline: exit $?"
why=$(check "$tmp/out" 6 B)
[ -z "$why" ] && pass=$((pass + 1)) || bad "inline: $why"
printf 'tiles 1-4\nloop red\n' >"$tmp/four.txt"
"$bin" --game tantrix --solve "$tmp/four.txt" >"$tmp/out" || bad "--game: exit $?"
why=$(check "$tmp/out" 4 R)
[ -z "$why" ] && pass=$((pass + 1)) || bad "--game: $why"

# --count: layouts up to moving and turning the whole loop; tiles 2 and 3
# may trade places round tile 1's yellow corner: two
out=$("$bin" --count=3 "$dir/cryptol-three.tantrix") || bad "count: exit $?"
[ "$out" = "2" ] || bad "count printed: $out"
# --dimacs
"$bin" --dimacs "$tmp/d.cnf" "$dir/discovery-05.tantrix" || bad "dimacs: exit $?"
grep -q '^p cnf [0-9]* [0-9]*$' "$tmp/d.cnf" || bad "dimacs: no header"
# six bends can only close round one cell: a hole, no solution (exit 1)
printf 'tile y y r b r b\n%.0s' 1 2 3 4 5 6 >"$tmp/ring.tantrix"
echo "loop red" >>"$tmp/ring.tantrix"
"$bin" --solve "$tmp/ring.tantrix" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && grep -q "no solution" "$tmp/err" || bad "ring: exit $rc: $(cat "$tmp/err")"
# a given tile at the edge of the accepted range: every loop through it
# stays on the board (|q|, |r| <= 1000), so the answer is solved and
# checked, the given in place; one step further is refused, naming the
# range, and so is the board's own limit
for qr in "972 0" "0 -972" "-972 972" "972 972" "-972 -972"; do
    printf 'tiles 1-7\nloop red\ngiven 1 %s 0\n' "$qr" >"$tmp/edge.tantrix"
    if ! "$bin" --solve "$tmp/edge.tantrix" >"$tmp/out" 2>"$tmp/err"; then
        bad "given at ($qr): exit $?: $(cat "$tmp/err")"
        continue
    fi
    why=$(check "$tmp/out" 7 R)
    [ -z "$why" ] || bad "given at ($qr): $why"
    grep -q "^1 $qr " "$tmp/out" || bad "given at ($qr): tile 1 moved: $(cat "$tmp/out")"
    awk '$2 < -1000 || $2 > 1000 || $3 < -1000 || $3 > 1000 { exit 1 }' "$tmp/out" &&
        pass=$((pass + 1)) || bad "given at ($qr): a tile off the board: $(cat "$tmp/out")"
done
for bad_given in "973 0" "0 -973" "999 0" "1000 0"; do
    printf 'tiles 1-7\nloop red\ngiven 1 %s 0\n' "$bad_given" >"$tmp/edge.tantrix"
    "$bin" --solve "$tmp/edge.tantrix" >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] && grep -qE "^tessera: $tmp/edge.tantrix:3:[0-9]+: an? [qr] coordinate from -972 to 972$" "$tmp/err" &&
        pass=$((pass + 1)) || bad "given at ($bad_given): exit $rc: $(cat "$tmp/err")"
done
# --check on a save with tile 2 farther from tile 1 than a loop of ten
# reaches: either may be the wrong one, so both are named (exit 1), and
# the far one says which it is far from; with tile 1 a given, tile 2 alone
# far_check WHAT PUZZLE_LINES STEPS WANT: a save with tile 1 at the origin
# and tile 2 at (8, 0), checked; WANT is the whole output
far_check() {
    {
        printf 'tessera save 1\nfamily tantrix\nsource far.tantrix\npuzzle-lines %d\n' "$(printf '%s' "$2" | grep -c '')"
        printf '%s\n' "$2" | sed 's/^/| /'
        printf 'elapsed 0.0\nhints 0\nchecks 0\nsolved-by-engine 0\n'
        printf 'state 30 0 0 0 0 8 0'
        printf ' -1 0 0%.0s' 1 2 3 4 5 6 7 8
        printf '\n%s\nend\n' "$3"
    } >"$tmp/far.save"
    "$bin" --check "$tmp/far.save" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    printf '%s\n' "$4" >"$tmp/want"
    [ $rc -eq 1 ] && cmp -s "$tmp/out" "$tmp/want" && pass=$((pass + 1)) ||
        bad "$1: exit $rc: $(cat "$tmp/out" "$tmp/err")"
}
far=' tile 2 too far from tile 1 (a loop of 10 spans at most 5 steps)'
far_check "far tile" 'discovery 10' "$(printf 'steps 2 2\nstep m 1 0 -1 0\nstep m 3 3 -1 0 4 0 8 5 0 0')" \
    "$(printf 'inconsistent: these marks cannot all be right\n %s\n  tile 1 as placed' "$far")"
far_check "far tile, tile 1 given" "$(printf 'tiles 1-10\nloop blue\ngiven 1 0 0 0')" \
    "$(printf 'steps 1 1\nstep m 3 3 -1 0 4 0 8 5 0 0')" "$(printf 'inconsistent: this mark cannot be right\n %s' "$far")"
# a time limit far too short (exit 3); with a given tile, so that the
# engine answers (the plain-C loop search takes no givens)
printf 'tiles 1-28\nloop red\ngiven 1 0 0 0\n' >"$tmp/given28.tantrix"
"$bin" --solve --timeout 0.02 "$tmp/given28.tantrix" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 3 ] || bad "timeout: exit $rc: $(cat "$tmp/err")"

echo "$pass answers checked, $fail failures"
[ $fail -eq 0 ]
