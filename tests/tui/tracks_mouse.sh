#!/bin/bash
# tracks_mouse.sh: Train Tracks with SGR mouse reports, as tmux sends them:
# a left drag from cell to cell lays track (shown as it goes, one move on
# release, so one undo takes it back), right clicks mark no track on a cell
# or an edge, a left click on an edge lays track across it, and dragging
# the loop trap's answer completes the puzzle.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
ID='4x4:p,S4,2,2,0,S1,3,3,1'

cx() { echo $((X0 + 2 + 4 * $1)); }
cy() { echo $((Y0 + 1 + 2 * $1)); }
cell() { wait_char "$(cy "$1")" "$(cx "$2")" "$3" "$4"; }
# drag_cells R1 C1 R2 C2: a left drag between two cells of a row or column
drag_cells() { drag 1 "$(cx "$2")" "$(cy "$1")" "$(cx "$4")" "$(cy "$3")" 4; }

start_session "$ID"
wait_for "Train Tracks 4x4"
read -r Y0 X0 < <(find_text "┌") || fail "no board frame"
[ "$(pane_flag mouse_sgr_flag)" = 1 ] || fail "the player did not ask for SGR mouse reports"

# right click: no track in a cell; again: clear
click "$(cx 3)" "$(cy 0)" 3
cell 0 3 "×" "right click marks no track"
click "$(cx 3)" "$(cy 0)" 3
cell 0 3 "·" "right click again clears"
# a click on an edge: left lays track across it, right marks it no track
click $(($(cx 1) + 2)) "$(cy 3)"
cell 3 1 "╺" "left click on the edge between (3,1) and (3,2)"
cell 3 2 "╸" "both cells show the edge"
click $(($(cx 1) + 2)) "$(cy 3)" 3
wait_char "$(cy 3)" $(($(cx 1) + 2)) "×" "right click on the edge marks it"
cell 3 1 "·" "the track there is gone"
click $(($(cx 1) + 2)) "$(cy 3)" 3
wait_char "$(cy 3)" $(($(cx 1) + 2)) " " "right click again clears the edge"

# the answer, dragged in five straight strokes
drag_cells 0 0 1 0
cell 0 0 "┓" "a drag down from the entrance"
drag_cells 1 0 1 2
cell 1 1 "━" "a drag along row 2"
cell 1 2 "╸" "the drag's last cell"
# one undo takes the whole drag back, redo restores it
send u
cell 1 1 "·" "undo of a drag"
cell 1 0 "╹"
send r
cell 1 1 "━" "redo of a drag"
drag_cells 1 2 2 2
drag_cells 2 2 2 0
cell 2 1 "━"
drag_cells 2 0 3 0
cell 3 0 "┃" "the track reaches the exit"
wait_for "Solved in"

# a drag that starts along track lifts it
drag_cells 3 0 2 0
cell 3 0 "╻" "the drag lifted the last segment"
send q
wait_for "TESSERA-EXIT=0"
echo "ok"
