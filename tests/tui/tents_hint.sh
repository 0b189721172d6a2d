#!/bin/bash
# tents_hint.sh: h shows a forced cell (not applied) with the clue that
# forces it highlighted; Enter accepts it.  c finds a wrong tent and
# highlights it; with consistent marks it says so.  A hint on inconsistent
# marks shows the conflict instead.  NO_COLOR keeps the highlights as
# attributes, with no colour at all.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
PUZ=$SRC/puzzles/tents/08x08-01.tents

cell() { wait_char $((Y0 + 1 + 2 * $1)) $((X0 + 2 + 4 * $2)) "$3" "$4"; }
# the 256-colour backgrounds of the theme's overlays (the darker one
# under the cursor)
HINT_BG='48;5;(117|31)[;m]' EXPLAIN_BG='48;5;(229|136)[;m]' CONFLICT_BG='48;5;(210|160)[;m]'

start_session "$PUZ"
wait_for "Tents 8x8"
read -r Y0 X0 < <(find_text "┌") || fail "no board frame"
capture -e | grep -qE "$HINT_BG" && fail "a hint highlight before any hint"

# row 3 and column 2 both have clue 0: the cell (2,1) next to a tree can
# hold no tent, and the nearest forced fact to the cursor says so
# the hint comes in tiers: where to look, the rule, then the move
send Down Down Right h
wait_for "hint: look at what is highlighted"
wait_for "hints 1"
capture -e | grep -qE "$EXPLAIN_BG" || fail "tier 1: what to look at is not highlighted"
capture -e | grep -qE "$HINT_BG" && fail "tier 1 gives the move away"
send h
wait_joined "hint: forced by (row 3|column 2) clue \(0\) \(h: the move\)"
capture -e | grep -qE "$HINT_BG" && fail "tier 2 gives the move away"
send h
wait_for "hint: no tent at row 3, column 2"
capture | grep -qE "forced by (row 3|column 2) clue \(0\)" || fail "the hint names no clue"
wait_for "hints 1"
capture -e | grep -qE "$HINT_BG" || fail "the hinted cell is not highlighted"
capture -e | grep -qE "$EXPLAIN_BG" || fail "the forcing clue is not highlighted"
# shown, not applied: the board itself still has a blank there until Enter
cell 2 1 "‥" "the proposed grass is shown"
send Escape
cell 2 1 "·" "Esc dismisses the hint"
capture -e | grep -qE "$EXPLAIN_BG" && fail "highlight left after Esc"
# a hint belongs to the board and cursor it was shown on: after moving
# away, Enter places a tent at the cursor instead of accepting the hint
hint_move
wait_for "hint: no tent at row 3, column 2"
send Left
wait_gone "hint:"
send Enter
cell 2 0 "▲" "Enter after moving away places at the cursor"
cell 2 1 "·" "the old hint was not applied"
send u
cell 2 0 "·" "undo took the tent back"
send Right
hint_move
wait_for "hint: no tent at row 3, column 2"
send Enter
wait_gone "hint:"
cell 2 1 "‥" "Enter accepted the hint"
capture -e | grep -qE "$HINT_BG" && fail "hint highlight left after accepting"
wait_for "hints 3"

# a wrong tent: (0,0) has no tree next to it
send Up Up Left Enter
cell 0 0 "▲"
send c
wait_for "this mark cannot be right: a tent at row 1, column 1"
wait_for "checks 1"
capture -e | grep -qE "$CONFLICT_BG" || fail "the wrong tent is not highlighted"
# a hint now reports the conflict instead of a move
send h
wait_for "no hint: your marks are inconsistent"
wait_for "a tent at row 1, column 1"
wait_for "hints 3" # a hint refused is not counted
# without it the marks are fine
send u
cell 0 0 "·" "undo removed the wrong tent"
send c
wait_for "every mark still leads to a solution"
wait_for "checks 2"
capture -e | grep -qE "$CONFLICT_BG" && fail "conflict highlight left after a good check"
send q
wait_for "TESSERA-EXIT=0"

# NO_COLOR: no colour escapes at all, the hint still stands out
start_session -e NO_COLOR=1 "$PUZ"
wait_for "Tents 8x8"
hint_move
wait_for "hint: no tent"
screen=$(capture -e)
if grep -qE $'\e\\[[0-9;]*(3[0-7]|4[0-7]|38;5|48;5)[;m]' <<<"$screen"; then
    fail "colour used despite NO_COLOR"
fi
grep -qE $'\e\\[[0-9;]*7[;m]' <<<"$screen" || fail "no reverse video under NO_COLOR"
# the cursor is reverse video, the hint bold and underlined: not the same
grep -qE $'\e\\[[0-9;]*4[;m]' <<<"$screen" || fail "no underlined hint under NO_COLOR"
send q
wait_for "TESSERA-EXIT=0"

# several solutions: once the forced marks are made, nothing is forced and
# the hint offers a move from one solution, labelled as a choice
start_session '4x4:e_i,0,1,1,0,1,0,1,0'
wait_for "Tents 4x4"
send Space Right Right Right Space Down Space Left Left Left Space Down Space
send Right Right Right Space Down Space Left Space Left Space Left Space
wait_until screen_has_n "‥" 10
send h
wait_for "nothing is forced; a choice from one solution"
# the choice is a tent or a grass cell of one solution, whichever model
# the solver found: Enter places it
marked() { [ $(($(count_on_screen "▲") + $(count_on_screen "‥"))) -eq 11 ]; }
send Enter
wait_gone "nothing is forced"
wait_until marked
send q
wait_for "TESSERA-EXIT=0"

# an engine call that runs out of time says so and leaves the board alone
start_session --timeout 1e-9 "$PUZ"
wait_for "Tents 8x8"
hints=$(capture | sed -nE 's/.*hints ([0-9]+).*/\1/p' | head -1)
send h
wait_for "hint: no answer within"
wait_for "press h to think longer"
wait_for "hints $hints " # nor one that ran out of time
send q
wait_for "TESSERA-EXIT=0"
echo "ok"
