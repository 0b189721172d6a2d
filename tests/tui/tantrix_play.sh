#!/bin/bash
# tantrix_play.sh: placing and turning tiles on the hex board: taking a
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
# tile 1's hex: "/   1   \" on its middle row; the top edge's letter sits
# above the number, the upper right one two columns further
read -r Y X < <(find_text '/   1   \') || fail "tile 1 is not on the board"
wait_char $((Y - 1)) $((X + 4)) B "tile 1 unturned: blue on top"
wait_char $((Y - 1)) $((X + 6)) R "tile 1 unturned: red upper right"
send ']'
wait_char $((Y - 1)) $((X + 4)) R "turned right once"
send z
wait_char $((Y - 1)) $((X + 4)) B "turned back"
# n takes the next tile of the tray; Down moves below; Space puts it down
send n Down Space
wait_for "tray: 3 of 5 tiles"
read -r Y2 X2 < <(find_text '/   2   \') || fail "tile 2 is not on the board"
[ "$Y2" -eq $((Y + 4)) ] && [ "$X2" -eq "$X" ] || fail "tile 2 is not below tile 1 ($Y2,$X2 vs $Y,$X)"
# 1's bottom is yellow, 2's top red: the edge between is drawn as an error
capture -e | grep -q "$ERROR_FG" || fail "the mismatched edge is not in the error colour"
wait_char $((Y2 - 1)) $((X2 + 6)) B "tile 2 unturned: blue upper right"
click $((X2 + 4)) "$Y2" 3
wait_char $((Y2 - 1)) $((X2 + 6)) R "a right click turned tile 2"
# drag tile 2 two hexes to the right (14 columns)
drag 1 $((X2 + 4)) "$Y2" $((X2 + 18)) "$Y2"
moved() { [ "$(find_text '/   2   \')" = "$Y2 $((X2 + 14))" ]; }
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
