#!/bin/bash
# tracks_keys.sh: Train Tracks by keys.  The cursor starts on the entrance;
# Shift+arrows and H J K L lay track to the next cell and follow it, the
# pieces show as box-drawing lines, and the loop trap's one answer (down,
# right, right, down, left, left, down) completes the puzzle.  Enter and
# Space mark cells, x then a direction marks an edge, u undoes.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
ID='4x4:p,S4,2,2,0,S1,3,3,1'

# cell ROW COL WANT [WHAT]: that cell of the board (frame corner at Y0 X0)
cell() { wait_char $((Y0 + 1 + 2 * $1)) $((X0 + 2 + 4 * $2)) "$3" "$4"; }

start_session "$ID"
wait_for "Train Tracks 4x4"
read -r Y0 X0 < <(find_text "┌") || fail "no board frame"
wait_char $((Y0 + 1)) $((X0 - 1)) "A" "the entrance is marked A"
wait_char $((Y0 + 9)) $((X0 + 2)) "B" "the exit is marked B"
cell 0 0 "╸" "the entrance cell shows its end"
cell 3 0 "╻" "the exit cell shows its end"

send S-Down
cell 0 0 "┓" "Shift+Down laid track from the entrance"
wait_char $((Y0 + 2)) $((X0 + 2)) "┃" "the edge between the rows"
send L
cell 1 0 "┗" "L laid track to the right"
send S-Right J
cell 1 1 "━" "a straight piece"
cell 1 2 "┓" "J turned down"
# the cursor followed the track to (2,2); plain arrows only move
send Right Space
cell 2 3 "×" "Space marks no track on an empty cell"
send Space
cell 2 3 "·" "Space again clears it"
send Left Space
sleep 0.3
cell 2 2 "╹" "Space on a cell with track is refused"
send H
cell 2 2 "┛" "H went left from (2,2)"
send x Down
wait_char $((Y0 + 6)) $((X0 + 6)) "×" "x then Down: no track across that edge"
send x Down
wait_char $((Y0 + 6)) $((X0 + 6)) " " "x then Down again clears it"
send S-Left J
cell 2 0 "┏" "the last turn"
cell 3 0 "┃" "the track reaches the exit"
wait_for "Solved in"

send u
cell 3 0 "╻" "u took the last segment back"
cell 2 0 "╺" "(2,0) has one end again"
send r
cell 3 0 "┃" "r put it back"
send q
wait_for "TESSERA-EXIT=0"
echo "ok"
