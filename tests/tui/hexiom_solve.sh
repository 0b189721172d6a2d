#!/bin/bash
# hexiom_solve.sh: S fills in the solution (the completion message comes
# from the family's independent checker) and one undo takes it back; S
# with a pin that only some of the symmetric solutions have still solves
# (symmetry breaking must not make the pin look wrong); accepting hints to
# the end is detected as a completion.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
PUZ=$SRC/puzzles/hexiom/level04.hexiom   # one solution

# the board on screen in the answer format of --solve (outlined geometry)
locate() {
    read -r TY TX < <(find_text "/ \\") || fail "no hexagons on the screen"
    Y0=$TY X0=$((TX - 2 * M - 1))
}
pos() { local d=$(($1 - M)); d=${d#-}; echo "$((Y0 + 2 * $1 + 1)) $((X0 + 4 * $2 + 2 * d + 2))"; }
screen_answer() {
    local y i d n line y1 x1 mark ch out
    echo "$((M + 1))"
    for ((y = 0; y <= 2 * M; y++)); do
        d=$((y - M)); d=${d#-}
        n=$((2 * M + 1 - d))
        out=$(printf '%*s' "$d" '')
        for ((i = 0; i < n; i++)); do
            read -r y1 x1 < <(pos "$y" "$i")
            line=$(capture | sed -n "$((y1 + 1))p")
            ch=${line:$x1:1}
            mark=${line:$((x1 - 1)):1}
            [ "$mark" = "[" ] && out+="+" || out+=" "
            out+=$ch
        done
        echo "$out"
    done
}

M=2
start_session "$PUZ"
wait_for "Hexiom side 3"
locate
before=$(screen_answer)
send S y
wait_for "Solved with S"
wait_for "[solved]"
[ "$(screen_answer)" = "$("$TESSERA" --solve "$PUZ")" ] || fail "the board on screen is not the solution"
send u
wait_for "undone: solve"
wait_gone "[solved]"
[ "$(screen_answer)" = "$before" ] || fail "undo did not restore the board before S"
send q
wait_for "TESSERA-EXIT=0"

# level 01 (two 1s on any of 12 edges): pin a 1 in a corner and solve.
# The symmetry breaking keeps one solution of each family of mirror
# images, with its tiles early in some order of the slots; whatever the
# order, the first or the last corner below is outside the kept ones.
M=1
n=0
for corner in "w 0 0" "x 2 1"; do
    set -- $corner
    n=$((n + 1))
    mkdir -p "$TUI_TMP/pin$n"
    start_session -e XDG_STATE_HOME="$TUI_TMP/pin$n" "$SRC/puzzles/hexiom/level01.hexiom"
    wait_for "Hexiom side 2"
    locate
    send "$1" 1
    read -r py px < <(pos "$2" "$3")
    wait_char "$py" "$px" 1 "the digit key brought a 1"
    send S y
    wait_for "Solved with S"
    capture | grep -q "conflicted" && fail "a consistent pin was called a conflict"
    wait_char "$py" "$px" 1 "the pinned 1 stays"
    send q
    wait_for "TESSERA-EXIT=0"
done

# hints accepted one by one until the board is solved (a fresh save
# directory: the game above used S, which a resumed game remembers)
M=2
mkdir -p "$TUI_TMP/state2"
start_session -e XDG_STATE_HOME="$TUI_TMP/state2" "$PUZ"
wait_for "Hexiom side 3"
for ((k = 0; k < 40; k++)); do
    hint_move
    wait_joined "hint: .*\[Enter accepts\]"
    send Enter
    wait_gone "Enter accepts"
    capture | grep -qF "[solved]" && break
done
wait_for "Solved in"
locate
[ "$(screen_answer | tr -d '<>')" = "$("$TESSERA" --solve "$PUZ")" ] || fail "the hints did not lead to the solution"
send q
wait_for "TESSERA-EXIT=0"
echo ok
