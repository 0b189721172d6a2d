#!/bin/bash
# tents_mouse.sh: SGR (1006) mouse reports, as tmux sends them: a left click
# places a tent, a right click grass, a click on a marked cell clears it, a
# right-button drag along a row grasses its blank cells; clicks outside the
# board do nothing.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
PUZ=$SRC/puzzles/tents/08x08-01.tents

# screen column and row of cell (r, c) on the boxed board
cx() { echo $((X0 + 2 + 4 * $1)); }
cy() { echo $((Y0 + 1 + 2 * $1)); }
cell() { wait_char "$(cy "$1")" "$(cx "$2")" "$3" "$4"; }

start_session "$PUZ"
wait_for "Tents 8x8"
read -r Y0 X0 < <(find_text "┌") || fail "no board frame"
[ "$(pane_flag mouse_sgr_flag)" = 1 ] || fail "the player did not ask for SGR mouse reports"

click "$(cx 0)" "$(cy 1)"
cell 1 0 "▲" "left click: tent"
# anywhere inside the cell's box counts, not just the glyph
click $(($(cx 2) + 1)) "$(cy 0)" 3
cell 0 2 "‥" "right click: grass"
click "$(cx 0)" "$(cy 1)" 3
cell 1 0 "·" "a click on a marked cell clears it"
click "$(cx 2)" "$(cy 0)"
cell 0 2 "·" "a left click clears grass too"
click "$(cx 1)" "$(cy 1)"
sleep 0.3
cell 1 1 "♣" "a tree does not change"

# row 6 (index 5) has no trees: a right drag across it grasses all 8 cells,
# except a tent placed there first
click "$(cx 3)" "$(cy 5)"
cell 5 3 "▲"
drag 3 "$(cx 0)" "$(cy 5)" "$(cx 7)" "$(cy 5)" 7
cell 5 7 "‥" "the drag reached the end of the row"
for c in 0 1 2 4 5 6; do cell 5 "$c" "‥" "dragged over"; done
cell 5 3 "▲" "the drag leaves marked cells alone"
# one undo takes the whole drag back
send u
for c in 0 1 2 4 5 6 7; do cell 5 "$c" "·" "undo of the drag"; done

# a click outside the board: nothing happens, nothing breaks
click 2 2
click 2 2 3
sleep 0.3
capture | grep -q "Tents 8x8" || fail "lost the screen after a click outside the board"
send q
wait_for "TESSERA-EXIT=0"
echo "ok"
