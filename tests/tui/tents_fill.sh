#!/bin/bash
# tents_fill.sh: f fills in every forced fact whose reason is one clue (with
# the marks), as one undo step: u takes all of it back at once, r brings
# it back; the filled board agrees with the solution.  Undoing S takes
# "solved with S" back with it, and messages never run together.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
PUZ=$SRC/puzzles/tents/08x08-01.tents

marks() { echo $(($(count_on_screen "▲") + $(count_on_screen "‥"))); }

start_session "$PUZ"
wait_for "Tents 8x8"
base=$(marks) # the puzzle's given tent
send f
wait_joined "filled in [0-9]+ obvious facts"
n=$(capture | tr -s ' \n' '  ' | sed -nE 's/.*filled in ([0-9]+) obvious facts.*/\1/p')
[ "$n" -gt 1 ] || fail "fill in found only $n facts"
filled() { [ "$(marks)" -eq $((base + n)) ]; }
wait_until filled
wait_for "hints 1"
# every mark agrees with the solution
read -r Y0 X0 < <(find_text "┌") || fail "no board frame"
answer=$("$TESSERA" --solve "$PUZ")
for ((r = 0; r < 8; r++)); do
    row=$(sed -n "$((r + 1))p" <<<"$answer")
    for ((c = 0; c < 8; c++)); do
        ch=$(char_at $((Y0 + 1 + 2 * r)) $((X0 + 2 + 4 * c)))
        want=${row:c:1}
        case $ch in
            "▲") [ "$want" = "*" ] || fail "a filled tent at ($r,$c) is not in the solution" ;;
            "‥") [ "$want" != "*" ] || fail "filled grass at ($r,$c) where the solution has a tent" ;;
        esac
    done
done
send u
wait_for "undone"
empty() { [ "$(marks)" -eq "$base" ]; }
wait_until empty
send r
wait_for "redone"
wait_until filled
send u
wait_until empty
send u
wait_for "nothing to undo"
send q
wait_for "TESSERA-EXIT=0"

# S, then u: finishing without S is not "solved with S"
start_session "$SRC/puzzles/tents/06x06-01.tents"
wait_for "Tents 6x6"
send S y
wait_for "Solved with S"
send u
wait_for "undone: solve"
send f
wait_for "Solved in"
capture | grep -q "Solved with S" && fail "undoing S left 'solved with S'"
# undo, then redo into the solved board: two messages, kept apart
send u
wait_for "undone"
send r
wait_for "redone; Solved in"
send q
wait_for "TESSERA-EXIT=0"
echo "ok"
