#!/bin/bash
# fifo_inputs.sh: a FIFO given as a puzzle file (to --solve and to the
# player) or as a saved game (to --check and --hint) is refused at once
# with exit status 2 and "not a regular file"; nothing waits for a writer
# that never comes.  The FIFOs have no writer; `timeout` only turns a hang
# into a failure.
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 pass=0
mkfifo "$tmp/puzzle.tents" "$tmp/game.save"
expect_refused() { # what args...
    local what=$1
    shift
    local err rc
    err=$(timeout 10 "$@" 2>&1 >/dev/null </dev/null)
    rc=$?
    if [ $rc -eq 124 ]; then
        echo "FAIL $what: blocked (killed after 10 s)"
        fail=$((fail + 1))
    elif [ $rc -ne 2 ]; then
        echo "FAIL $what: exit status $rc, expected 2: $err"
        fail=$((fail + 1))
    elif [[ $err != "tessera: $tmp/"*": cannot read: not a regular file"* ]]; then
        echo "FAIL $what: unclear message: $err"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
}
expect_refused "--solve FIFO" "$bin" --solve "$tmp/puzzle.tents"
expect_refused "--count FIFO" "$bin" --count "$tmp/puzzle.tents"
expect_refused "--check FIFO" "$bin" --check "$tmp/game.save"
expect_refused "--hint FIFO" "$bin" --hint "$tmp/game.save"
# the player refuses before it starts the screen (TERM only needs to exist)
expect_refused "player FIFO" env TERM=xterm XDG_STATE_HOME="$tmp/state" "$bin" "$tmp/puzzle.tents"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
