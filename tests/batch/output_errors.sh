#!/bin/bash
# output_errors.sh: an answer that cannot be written is an error.  Every
# command that prints to standard output (--solve, --count, --check,
# --hint, --generate, --dimacs -, --help, --version) exits 2 with
# "tessera: standard output: cannot write: REASON" when its output goes to
# /dev/full or standard output is closed (>&-), and 0 when it goes to a file.
set -u
bin=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 pass=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

# a save of a Tents game with one right tent (the save format of the manual)
id='8x8de:bcddch_bkcic_,2,2,0,3,0,2,0,3,3,0,3,1,1,0,4,0'
answer=$("$bin" --solve "$id" | tr -d '\n') || { echo "FAIL: cannot solve"; exit 1; }
# the board after the step: the first tent of the answer (1), trees (3)
state=$(printf '%s' "$answer" | sed 's/\*/1/; s/./& /g; s/T/3/g; s/[.*]/0/g')
state=${state% }
cell=$(($(expr index "$answer" '*') - 1))
{
    printf 'tessera save 1\nfamily tents\nsource test\npuzzle-lines 1\n| %s\n' "$id"
    printf 'elapsed 1.0\nhints 0\nchecks 0\nsolved-by-engine 0\nstate 64 %s\n' "$state"
    printf 'steps 1 1\nstep m 1 %d 0 1\nend\n' "$cell"
} >"$tmp/game.save"

puz=$src/puzzles/tantrix/discovery-05.tantrix
commands=(
    "--solve $puz"
    "--count $puz"
    "--check $tmp/game.save"
    "--hint $tmp/game.save"
    "--generate tents --size 6 --seed 1"
    "--dimacs - $puz"
    "--help"
    "--version"
)
for c in "${commands[@]}"; do
    # shellcheck disable=SC2086 # the command's words
    timeout 60 "$bin" $c >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 0 ] && [ -s "$tmp/out" ] && ok || bad "$c to a file: exit $rc, $(cat "$tmp/err")"
    for where in full closed; do
        if [ $where = full ]; then
            timeout 60 "$bin" $c >/dev/full 2>"$tmp/err"
        else
            timeout 60 "$bin" $c >&- 2>"$tmp/err"
        fi
        rc=$?
        [ $rc -eq 2 ] && ok || bad "$c, stdout $where: exit $rc, expected 2"
        grep -qx "tessera: standard output: cannot write: .*" "$tmp/err" && ok ||
            bad "$c, stdout $where: message: $(cat "$tmp/err")"
    done
done
# --dimacs FILE on a full device: the file named in the message
timeout 60 "$bin" --dimacs /dev/full "$puz" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && ok || bad "--dimacs /dev/full: exit $rc, expected 2"
grep -qx "tessera: /dev/full: cannot write: No space left on device" "$tmp/err" && ok ||
    bad "--dimacs /dev/full: message: $(cat "$tmp/err")"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
