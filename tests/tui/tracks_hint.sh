#!/bin/bash
# tracks_hint.sh: Train Tracks hints and checks in the player's words: h
# proposes a forced cell or edge ("track" / "no track") with the clue that
# forces it highlighted, Enter accepts it; c names a wrong mark; with
# consistent marks it says so; S solves, with one path and no loop.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
ID='4x4:p,S4,2,2,0,S1,3,3,1'
HINT_BG='48;5;(117|31)[;m]' EXPLAIN_BG='48;5;(229|136)[;m]' CONFLICT_BG='48;5;(210|160)[;m]'

cell() { wait_char $((Y0 + 1 + 2 * $1)) $((X0 + 2 + 4 * $2)) "$3" "$4"; }

start_session "$ID"
wait_for "Train Tracks 4x4"
read -r Y0 X0 < <(find_text "┌") || fail "no board frame"
capture -e | grep -qE "$HINT_BG" && fail "a hint highlight before any hint"

# near the entrance everything follows from the row 1 clue (1): the track
# must go down, not right
hint_move
wait_joined 'hint: (no )?track (at|between) row [0-9], column [0-9].* \[Enter accepts\]'
wait_joined 'forced by (row|column) [0-9] clue \([0-9]\)|the rules alone force it'
wait_for "hints 1"
capture -e | grep -qE "$HINT_BG" || fail "the hinted place is not highlighted"
send Escape
wait_gone "hint:"
# accept hints until the first step down from the entrance is laid
for i in 1 2 3 4 5 6; do
    [ "$(char_at $((Y0 + 2)) $((X0 + 2)))" = "┃" ] && break
    hint_move
    wait_for "hint:"
    send Enter
    wait_gone "hint:"
done
wait_char $((Y0 + 2)) $((X0 + 2)) "┃" "accepted hints laid the track down from the entrance"

# a wrong mark: track at row 1, column 2 (row 1 holds only the entrance)
send Right Enter
cell 0 1 "•" "Enter marks track in the cell"
send c
wait_joined "this mark cannot be right: track at row 1, column 2"
wait_for "checks 1"
capture -e | grep -qE "$CONFLICT_BG" || fail "the wrong mark is not highlighted"
send h
wait_for "no hint: your marks are inconsistent"
send u
cell 0 1 "·" "undo removed the wrong mark"
send c
wait_for "every mark still leads to a solution"
wait_for "checks 2"

# a hint's explanation highlights the clue: the row 1 clue forces no track
# at row 1, column 4 once the cursor is there
send Right Right h
wait_for "hint:"
capture -e | grep -qE "$EXPLAIN_BG" || fail "no clue highlighted for the hint"
send Escape

# S solves: the snake through the middle, not a straight run and a loop
send S y
wait_for "Solved with S"
cell 1 1 "━" "the answer goes through the middle"
cell 2 2 "┛"
cell 3 0 "┃"
send q
wait_for "TESSERA-EXIT=0"
echo "ok"
