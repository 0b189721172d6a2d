#!/bin/bash
# tantrix_play.sh: placing and turning tiles on the hex board (the bands
# drawn inside each hex change as it turns): taking a
# tile from the tray by keys (Enter, n), putting it down, turning it with
# ] z and a right click, a mismatched edge drawn in the error colour,
# moving a tile by a drag, sending it back to the tray, undo, Tab.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
ERROR_FG='38;5;196'

start_session "$SRC/puzzles/tantrix/discovery-05.tantrix"
wait_for "Tantrix Discovery 5, red loop"
wait_for "tray: 5 of 5 tiles, red loop"
capture | grep -qF '\_____/' || fail "no hexagons on the screen"
# the tray starts focused: Enter takes tile 1, Enter puts it down
send Enter
send Enter
wait_for "tray: 4 of 5 tiles"
# find_tile N: "ROW COL" of tile N's hex: its middle row reads "/", the
# number in the middle, "\" (the bands run through the rest)
find_tile() {
    local row=0 line x
    while IFS= read -r line; do
        for ((x = 0; x + 8 < ${#line}; x++)); do
            if [ "${line:x:1}" = / ] && [ "${line:x+4:1}" = "$1" ] && [ "${line:x+8:1}" = '\' ]; then
                echo "$row $x"
                return 0
            fi
        done
        row=$((row + 1))
    done < <(capture)
    return 1
}
# inside ROW COL: the three inside rows of the hex there (its bands)
inside() {
    local s=$(capture)
    sed -n "$(($1))p;$(($1 + 1))p;$(($1 + 2))p" <<<"$s" | while IFS= read -r l; do
        printf '%s|' "${l:$2+1:7}"
    done
}
read -r Y X < <(find_tile 1) || fail "tile 1 is not on the board"
BANDS1=$(inside "$Y" "$X")
[ -n "$(tr -d ' |1' <<<"$BANDS1")" ] || fail "tile 1 has no bands: '$BANDS1'"
send ']'
turned() { [ "$(inside "$Y" "$X")" != "$BANDS1" ]; }
wait_until turned
send z
back() { [ "$(inside "$Y" "$X")" = "$BANDS1" ]; }
wait_until back
# n takes the next tile of the tray; Down moves below; Space puts it down
send n Down Space
wait_for "tray: 3 of 5 tiles"
read -r Y2 X2 < <(find_tile 2) || fail "tile 2 is not on the board"
[ "$Y2" -eq $((Y + 4)) ] && [ "$X2" -eq "$X" ] || fail "tile 2 is not below tile 1 ($Y2,$X2 vs $Y,$X)"
# 1's bottom is yellow, 2's top red: the edge between is drawn as an error
capture -e | grep -q "$ERROR_FG" || fail "the mismatched edge is not in the error colour"
BANDS2=$(inside "$Y2" "$X2")
click $((X2 + 4)) "$Y2" 3
turned2() { [ "$(inside "$Y2" "$X2")" != "$BANDS2" ]; }
wait_until turned2
# drag tile 2 two hexes to the right (14 columns)
drag 1 $((X2 + 4)) "$Y2" $((X2 + 18)) "$Y2"
moved() { [ "$(find_tile 2)" = "$Y2 $((X2 + 14))" ]; }
wait_until moved
wait_for "tray: 3 of 5 tiles"
# d sends the tile under the cursor back to the tray; u brings it back
send d
wait_for "tray: 4 of 5 tiles"
send u
wait_for "tray: 3 of 5 tiles"
send Tab
wait_for "[Tab: board]"
send Tab
wait_for "[Tab: tray]"
send q
wait_for "TESSERA-EXIT=0"
echo ok
