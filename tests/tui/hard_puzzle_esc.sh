#!/bin/bash
# hard_puzzle_esc.sh: a solver call never freezes the player.  On puzzles
# the solver needs far longer than this test for (Hexiom level 40 with one
# tile changed; a 10x10 Tetravex with one edge changed: `tessera --solve`
# is still searching after 20 s, which the test checks alongside), with a
# deadline of ten minutes, S shows the spinner, Esc cancels within seconds,
# and keys work again at once.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
HARD=$SRC/tests/data/hard
HEXIOM=$HARD/hexiom-level40-one-tile-changed.hexiom
TETRAVEX=$HARD/tetravex-10x10-one-edge-changed.tetravex

# the premise, checked while the tmux part runs: the batch solver is still
# busy after 20 s (timeout's status 124)
timeout 20 "$TESSERA" --solve "$HEXIOM" >/dev/null 2>&1 &
premise_hexiom=$!
timeout 20 "$TESSERA" --solve "$TETRAVEX" >/dev/null 2>&1 &
premise_tetravex=$!

# esc_case PUZZLE TITLE COLS ROWS
esc_case() {
    start_session -x "$3" -y "$4" --timeout 600 "$1"
    wait_for "$2"
    send S y
    wait_for "thinking... (Esc cancels)"
    local start=$SECONDS first
    # the spinner keeps turning: the screen changes while the solver works
    first=$(capture)
    spinner_moved() { [ "$(capture)" != "$first" ]; }
    wait_until spinner_moved
    send Escape
    wait_for "solve cancelled" 10
    [ $((SECONDS - start)) -le 10 ] || fail "$2: Esc took $((SECONDS - start)) s to return control"
    wait_gone "thinking..."
    # control is back: the help overlay opens and closes, then q quits
    send '?'
    wait_for "the rules"  # the rules first, any key: the keys
    send '?'
    wait_for "Ctrl-Z"
    send Space
    wait_gone "Ctrl-Z"
    send q
    wait_for "TESSERA-EXIT=0"
}

esc_case "$HEXIOM" "Hexiom side 6" 120 50
esc_case "$TETRAVEX" "Tetravex 10x10" 160 60

for p in hexiom:$premise_hexiom tetravex:$premise_tetravex; do
    wait "${p#*:}"
    rc=$?
    [ $rc -eq 124 ] ||
        fail "the premise does not hold: --solve ended within 20 s on the ${p%%:*} puzzle (status $rc); use a harder one"
done
echo "ok"
