#!/bin/bash
# hexiom_hint.sh: h shows a forced move (the value, the slot, the neighbour
# counts behind it), highlighted and not applied until Enter; c finds a
# wrongly pinned tile; a hint on inconsistent pins reports the conflict; on
# a level where nothing is forced the hint is offered as a labelled choice.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
HINT_BG='48;5;(117|31)[;m]' EXPLAIN_BG='48;5;(229|136)[;m]' CONFLICT_BG='48;5;(210|160)[;m]'
M=2

start_session "$SRC/puzzles/hexiom/level04.hexiom"   # a locked 6 in the centre, one solution
wait_for "Hexiom side 3"
read -r TY TX < <(find_text "/ \\") || fail "no hexagons on the screen"
Y0=$TY X0=$((TX - 2 * M - 1))
pos() { local d=$(($1 - M)); d=${d#-}; echo "$((Y0 + 2 * $1 + 1)) $((X0 + 4 * $2 + 2 * d + 2))"; }
digit() { local p; p=$(pos "$1" "$2"); wait_char $p "$3" "cell $1,$2 ${4:-}"; }
lmark() { local p; p=$(pos "$1" "$2"); set -- $p "$3" "$4"; wait_char "$1" $(($2 - 1)) "$3" "$4"; }
capture -e | grep -qE "$HINT_BG" && fail "a hint highlight before any hint"

hint_move
wait_joined "hint: (a [0-6]|no tile) at row [1-5], slot [1-5] \[Enter accepts\]; forced by neighbour count at row"
wait_for "hints 1"
capture -e | grep -qE "$HINT_BG" || fail "the hinted slot is not highlighted"
capture -e | grep -qE "$EXPLAIN_BG" || fail "the forcing neighbour counts are not highlighted"
# which slot and what: shown in the slot already, applied (and pinned) by Enter
msg=$(capture | tr -s ' \n' '  ')
hint_re='.*hint: (a ([0-6])|no tile) at row ([0-9]), slot ([0-9]).*'
what=$(sed -E "s/$hint_re/\\2/" <<<"$msg")
row=$(sed -E "s/$hint_re/\\3/" <<<"$msg")
slot=$(sed -E "s/$hint_re/\\4/" <<<"$msg")
want=${what:-.}
digit $((row - 1)) $((slot - 1)) "$want" "the hint shows its value"
send Escape
wait_gone "hint:"
hint_move
send Enter
wait_gone "hint:"
digit $((row - 1)) $((slot - 1)) "$want" "the accepted hint"
lmark $((row - 1)) $((slot - 1)) "<" "an accepted hint is pinned"
capture -e | grep -qE "$HINT_BG" && fail "hint highlight left after accepting"

# the 3s in the corners must all go: pin one where it is (right click), and check
cy= ; ci=
for c in "0 0" "0 2" "2 0" "2 4" "4 0" "4 2"; do
    set -- $c
    read -r py px < <(pos "$1" "$2")
    if [ "$(char_at "$py" "$px")" = 3 ]; then cy=$1 ci=$2; break; fi
done
[ -n "$cy" ] || fail "no corner holds a 3"
read -r py px < <(pos "$cy" "$ci")
click "$px" "$py" 3
lmark "$cy" "$ci" "<" "the corner is pinned"
send c
wait_joined "this mark cannot be right: a 3 at row $((cy + 1)), slot $((ci + 1))"
wait_for "checks 1"
capture -e | grep -qE "$CONFLICT_BG" || fail "the wrong pin is not highlighted"
send h
wait_for "no hint: your marks are inconsistent"
send u
lmark "$cy" "$ci" " " "undo unpinned the corner"
send c
wait_for "every mark still leads to a solution"
send q
wait_for "TESSERA-EXIT=0"

# level 01: two 1s on any edge of the hexagon, 12 solutions, nothing forced
start_session "$SRC/puzzles/hexiom/level01.hexiom"
wait_for "Hexiom side 2"
send h
wait_joined "nothing is forced; a choice from one solution: (a 1|no tile) at row [1-3], slot [1-3] \[Enter accepts\]"
send Enter
wait_gone "nothing is forced"
wait_for "hints 1"
capture | grep -q "<" || fail "the accepted choice is not pinned"
send c
wait_for "every mark still leads to a solution"
send q
wait_for "TESSERA-EXIT=0"
echo ok
