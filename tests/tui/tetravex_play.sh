#!/bin/bash
# tetravex_play.sh: Tetravex in the player: pick a tile from the tray and
# drop it with Enter, check finds the wrong tile, undo takes it back; a
# hint shows a tile that must go in a cell and Enter places it; the mouse
# picks and drops (click-click) and drags; solving by hints completes.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
PUZ=$SRC/tests/data/tetravex/hand-3x3.tetravex

start_session "$PUZ"
wait_for "Tetravex 3x3"
read -r BY BX < <(find_text "board") || fail "no board label"
read -r TY TX < <(find_text "tray") || fail "no tray label"
# roomy tiles: 5 wide, 3 tall inside a grid of lines (pitch 6x4) that
# starts one row below the labels and one column left of them
slot_x() { echo $(($1 + 6 * $2 + 2)); } # centre column of slot column $2 from origin $1
slot_y() { echo $(($1 + 2 + 4 * $2 + 1)); } # middle row of slot row $2

# key: Tab to the tray, Enter picks its first tile (6427), Tab back, Enter drops
send Tab Enter Tab Enter
wait_char "$(slot_y "$BY" 0)" "$(($(slot_x "$BX" 0) - 2))" "7" "the tile's left number on the board"
wait_char "$(slot_y "$BY" 0)" "$(($(slot_x "$BX" 0) + 2))" "4" "the tile's right number on the board"
send c
wait_for "this mark cannot be right: tile 6427 at row 1, column 1"
send u
wait_char "$(slot_y "$BY" 0)" "$(($(slot_x "$BX" 0) - 2))" " " "undo emptied the cell"

# a hint: forced, shown, then placed with Enter
hint_move
wait_joined "hint: tile [0-9]{4} at row [0-9], column [0-9] \[Enter accepts\]"
send Enter
wait_gone "[Enter accepts]"
wait_for "hints 1"

# mouse: click a tray tile then a board cell (click-click) places it
click "$(slot_x "$TX" 1)" "$(slot_y "$TY" 0)"
click "$(slot_x "$BX" 2)" "$(slot_y "$BY" 2)"
# the tray slot is empty now: no triangle in its corner
wait_char "$(($(slot_y "$TY" 0) - 1))" "$(($(slot_x "$TX" 1) - 2))" " " "the clicked tray tile left the tray"
# drag it from the board back to the tray slot it came from
drag 1 "$(slot_x "$BX" 2)" "$(slot_y "$BY" 2)" "$(slot_x "$TX" 1)" "$(slot_y "$TY" 0)" 3
wait_char "$(($(slot_y "$TY" 0) - 1))" "$(($(slot_x "$TX" 1) - 2))" "◣" "the drag put the tile back in the tray"

# finish with hints: every hint is forced on a unique puzzle
hint_shown() { capture | grep -qF "Enter accepts"; }
for _ in 1 2 3 4 5 6 7 8 9; do
    capture | grep -qF "Solved in" && break
    hint_move
    send Enter
    wait_until eval '! hint_shown'
done
wait_for "Solved in"
send q
wait_for "TESSERA-EXIT=0"
echo "tetravex_play: 1 passed, 0 failed"
