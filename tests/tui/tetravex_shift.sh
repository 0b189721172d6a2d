#!/bin/bash
# tetravex_shift.sh: Tetravex in the player with NO_COLOR set: the numbers
# are printed on every tile; x (like Tab) switches between tray and board;
# Shift+arrows shift the placed block, never off the board; a second tile
# dropped on the first swaps them; undo and redo walk the shifts.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
PUZ=$SRC/tests/data/tetravex/tetrasat-3x3.tetravex

start_session -e NO_COLOR=1 "$PUZ"
wait_for "Tetravex 3x3"
read -r BY BX < <(find_text "board") || fail "no board label"
read -r TY TX < <(find_text "tray") || fail "no tray label"
# roomy tiles: 5 wide, 3 tall inside a grid of lines (pitch 6x4) that
# starts one row below the labels and one column left of them
cx() { echo $(($1 + 6 * $2 + 2)); }     # centre column of slot column $2
cy() { echo $(($1 + 2 + 4 * $2 + 1)); } # middle row of slot row $2
# tile_at ORIGIN_Y ORIGIN_X ROW COL TILE: the four numbers of TILE (top,
# right, bottom, left) around that slot's centre
tile_at() {
    local y x
    y=$(cy "$1" "$3") x=$(cx "$2" "$4")
    wait_char $((y - 1)) "$x" "${5:0:1}" "top of $5 at $3,$4"
    wait_char "$y" $((x + 2)) "${5:1:1}" "right of $5 at $3,$4"
    wait_char $((y + 1)) "$x" "${5:2:1}" "bottom of $5 at $3,$4"
    wait_char "$y" $((x - 2)) "${5:3:1}" "left of $5 at $3,$4"
}
empty_at() { wait_char "$(($(cy "$1" "$3") - 1))" "$(cx "$2" "$4")" " " "slot $3,$4 empty"; }

# the tray shows every tile's numbers without colour: the first is 2612
tile_at "$TY" "$TX" 0 0 2612
tile_at "$TY" "$TX" 2 2 2439
# x to the tray, Enter picks 2612, x back, Enter drops it on row 1, column 1
send x Enter x Enter
tile_at "$BY" "$BX" 0 0 2612
empty_at "$TY" "$TX" 0 0
# Shift+Right, Shift+Down: the block moves to the middle
send S-Right
tile_at "$BY" "$BX" 0 1 2612
empty_at "$BY" "$BX" 0 0
send S-Down
tile_at "$BY" "$BX" 1 1 2612
# two Shift+Left: the first moves it to column 1, the second would push it
# off the board and does nothing
send S-Left S-Left
tile_at "$BY" "$BX" 1 0 2612
# undo twice: back to the middle and then to the top row; redo once
send u u
tile_at "$BY" "$BX" 0 1 2612
send r
tile_at "$BY" "$BX" 1 1 2612
# pick another tray tile (2520, the second) and drop it on 2612: a tray
# tile dropped on a placed one takes its cell and sends it back to the tray
send x Right Enter x Down Enter
tile_at "$BY" "$BX" 1 1 2520
tile_at "$TY" "$TX" 0 0 2612
send q
wait_for "TESSERA-EXIT=0"
echo "tetravex_shift: 1 passed, 0 failed"
