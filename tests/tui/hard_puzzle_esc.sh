#!/bin/bash
# hard_puzzle_esc.sh: a solver call never freezes the player.  On a puzzle
# the solver needs far longer than this test for (Hexiom level 40 with one
# tile changed: `tessera --solve` is still searching after 20 s, which the
# test checks alongside), with a deadline of ten minutes, S shows the
# spinner, Esc cancels within seconds, and keys work again at once.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
PUZ=$SRC/tests/data/hard/hexiom-level40-one-tile-changed.hexiom

# the premise, checked while the tmux part runs: the batch solver is still
# busy after 20 s (timeout's status 124)
timeout 20 "$TESSERA" --solve "$PUZ" >/dev/null 2>&1 &
premise=$!

start_session -x 120 -y 50 --timeout 600 "$PUZ"
wait_for "Hexiom side 6"
send S
wait_for "thinking... (Esc cancels)"
start=$SECONDS
# the spinner keeps turning: the screen changes while the solver works
first=$(capture)
spinner_moved() { [ "$(capture)" != "$first" ]; }
wait_until spinner_moved
send Escape
wait_for "solve cancelled" 10
[ $((SECONDS - start)) -le 10 ] || fail "Esc took $((SECONDS - start)) s to return control"
wait_gone "thinking..."
# control is back: the help overlay opens and closes, then q quits
send '?'
wait_for "Ctrl-Z"
send Space
wait_gone "Ctrl-Z"
send q
wait_for "TESSERA-EXIT=0"

wait $premise
rc=$?
[ $rc -eq 124 ] || fail "the premise does not hold: --solve ended within 20 s (status $rc); use a harder puzzle"
echo "ok"
