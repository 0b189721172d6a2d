#!/bin/bash
# tents_play.sh: the menu opens a bundled Tents puzzle; the cursor moves;
# Enter places a tent and Space grass (again clears); u/r and Ctrl-Z/Ctrl-R
# undo and redo; q goes back to the menu, which shows the game in progress.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"

# cell ROW COL WANT [WHAT]: waits until that cell of the boxed board (its
# corner found at Y0 X0) shows WANT.
cell() { wait_char $((Y0 + 1 + 2 * $1)) $((X0 + 2 + 4 * $2)) "$3" "$4"; }

start_session
wait_for "choose a puzzle"
wait_for "08x08-01"
# the menu lists the bundled Tents puzzles first, from 06x06-01
send Down Down Enter
wait_for "Tents 8x8"
read -r Y0 X0 < <(find_text "┌") || fail "no board frame"

TENT=▲ GRASS=‥ BLANK=· TREE=♣
cell 1 1 "$TREE" "a tree of 08x08-01"
cell 4 2 "$TENT" "the puzzle's given tent"
# the cursor starts at the top left; Down then Enter: a tent at (1,0)
send Down Enter
cell 1 0 "$TENT" "Enter places a tent"
send Enter
cell 1 0 "$BLANK" "Enter again clears"
send Enter Up Space
cell 0 0 "$GRASS" "Space marks grass"
# hjkl-style moves (j, l, k) and arrows reach (0,2)
send j l k Right Space
cell 0 2 "$GRASS" "moved with j l k and Right"
# Enter on a tree does nothing
send Down Enter
cell 1 2 "$TENT" "(1,2) is blank: a tent"
send Left Enter
cell 1 1 "$TREE" "a tree stays a tree"

# undo and redo: u, r, Ctrl-Z, Ctrl-R
send u
cell 1 2 "$BLANK" "u undid the tent at (1,2)"
send u
cell 0 2 "$BLANK" "u undid the grass at (0,2)"
send r
cell 0 2 "$GRASS" "r redid the grass"
send C-z
cell 0 2 "$BLANK" "Ctrl-Z undid it again"
send C-r
cell 0 2 "$GRASS" "Ctrl-R redid it"
send r
cell 1 2 "$TENT" "r redid the tent"
send r
wait_for "nothing to redo"
cell 1 0 "$TENT" "earlier marks untouched"

# the status line counts time; the help overlay lists keys; p pauses
wait_for "hints 0  checks 0"
send '?'
wait_for "the rules"  # the rules first, any key: the keys
send '?'
wait_for "Ctrl-Z"
wait_for "right drag"
send x
wait_gone "right drag"
send p
wait_for "press p to go on"
send p
wait_gone "press p to go on"

# q saves and returns to the menu, which shows the game in progress
send q
wait_for "choose a puzzle"
capture | grep -E "08x08-01 +8x8 +((easy|medium|hard) +)?in progress" >/dev/null || fail "menu does not show the game in progress"
send q
wait_for "TESSERA-EXIT=0"
echo "ok"
