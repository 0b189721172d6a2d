#!/bin/bash
# tents_solve.sh: S fills in the solution (the completion message comes from
# the family's independent checker) and one undo takes it back; S on
# conflicting marks solves from scratch and says so; playing accepted hints
# to the end is detected as a completion, with the time taken.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
PUZ=$SRC/puzzles/tents/08x08-02.tents

# the board on screen in the answer format of --solve
screen_answer() {
    local r c line row
    for ((r = 0; r < H; r++)); do
        line=$(capture | sed -n "$((Y0 + 2 + 2 * r))p")
        row=""
        for ((c = 0; c < W; c++)); do
            case ${line:$((X0 + 2 + 4 * c)):1} in
                ♣) row+="T" ;;
                ▲) row+="*" ;;
                *) row+="." ;;
            esac
        done
        echo "$row"
    done
}

W=8 H=8
[ "$("$TESSERA" --count "$PUZ")" = 1 ] || fail "the bundled puzzle should have one solution"
start_session "$PUZ"
wait_for "Tents 8x8"
read -r Y0 X0 < <(find_text "┌") || fail "no board frame"
before=$(screen_answer)
send S y
wait_for "Solved with S"
wait_for "[solved]"
[ "$(screen_answer)" = "$("$TESSERA" --solve "$PUZ")" ] || fail "the board on screen is not the solution"
send u
wait_for "undone: solve"
wait_gone "[solved]"
[ "$(screen_answer)" = "$before" ] || fail "undo did not restore the board before S"
send r
wait_for "[solved]"
send u
wait_gone "[solved]"

# a wrong tent first (the top left cell has no tree next to it here)
[ "$("$TESSERA" --solve "$PUZ" | head -c 1)" = "." ] || fail "test assumes (0,0) is empty"
grep -q "^T" <("$TESSERA" --solve "$PUZ" | sed -n 2p) && fail "test assumes (1,0) is no tree"
send Enter
send S y
wait_for "solved from scratch"
wait_for "Solved with S"
[ "$(screen_answer)" = "$("$TESSERA" --solve "$PUZ")" ] || fail "solving from scratch went wrong"
send q
wait_for "TESSERA-EXIT=0"

# completion without S: accept hints until the checker says it is solved
PUZ6=$SRC/puzzles/tents/06x06-01.tents
start_session "$PUZ6"
wait_for "Tents 6x6"
for ((i = 0; i < 40; i++)); do
    capture | grep -q "Solved in" && break
    hint_move
    capture | grep -q "nothing is forced" && fail "a unique puzzle always has a forced move"
    send Enter
    wait_gone "[Enter accepts]"
done
wait_for "Solved in"
wait_for "[solved]"
capture | grep -qE "Solved in [0-9]{2}:[0-9]{2}!" || fail "no time in the completion message"
send q
wait_for "TESSERA-EXIT=0"
echo "ok"
