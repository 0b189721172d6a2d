#!/bin/bash
# hexiom_play.sh: moving tiles on the hex board: by keys (a/d/w/e/z/x and
# Enter to pick up and drop), by mouse clicks and by a drag; undo and redo;
# Space pins and unpins; a click on the point of a hexagon hits that cell.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
PUZ=$SRC/puzzles/hexiom/level03.hexiom   # side 3: twelve 2s, no locks
M=2                                       # side - 1

start_session "$PUZ"
wait_for "Hexiom side 3"
read -r TY TX < <(find_text "/ \\") || fail "no hexagons on the screen"
Y0=$TY X0=$((TX - 2 * M - 1))
# screen position of the digit of cell (row, index)
pos() { local d=$(($1 - M)); d=${d#-}; echo "$((Y0 + 2 * $1 + 1)) $((X0 + 4 * $2 + 2 * d + 2))"; }
digit() { local p; p=$(pos "$1" "$2"); wait_char $p "$3" "cell $1,$2 ${4:-}"; }
lmark() { local p; p=$(pos "$1" "$2"); set -- $p "$3" "$4"; wait_char "$1" $(($2 - 1)) "$3" "$4"; }
clickcell() { local p; p=$(pos "$1" "$2"); set -- $p; click "$2" "$1"; }

digit 2 1 2 "start"
digit 2 2 . "start"
# keys: the cursor starts in the centre; a = left, Enter picks the 2 up,
# d = right, Enter drops it in the centre, which is then pinned
send a Enter d Enter
digit 2 2 2 "dropped by keys"
digit 2 1 . "picked up by keys"
lmark 2 2 "<" "a dropped tile is pinned"
send u
digit 2 2 . "undo"
digit 2 1 2 "undo"
send r
digit 2 2 2 "redo"
# the diagonal keys: w (up-left) from the centre is row 2, slot 2 (a 2)
send w Enter x Enter
digit 2 2 2 "swap of two 2s keeps a 2"
digit 1 1 2 "swap of two 2s keeps a 2"
# mouse: click a tile, click an empty slot
digit 0 0 2 "mouse start"
digit 0 1 . "mouse start"
clickcell 0 0
clickcell 0 1
digit 0 1 2 "clicked there"
digit 0 0 . "clicked away"
lmark 0 1 "<" "the clicked tile is pinned"
# a drag: the 2 at row 1, index 2 onto the slot just emptied
read -r ya xa < <(pos 1 2)
read -r yb xb < <(pos 0 0)
drag 1 "$xa" "$ya" "$xb" "$yb"
digit 0 0 2 "dragged there"
digit 1 2 . "dragged away"
# Space toggles the pin of the slot under the cursor (the drag's end)
lmark 0 0 "<" "dragged tile pinned"
send Space
lmark 0 0 " " "unpinned by Space"
send Space
lmark 0 0 "<" "pinned again by Space"
# the point above a hexagon's digit row belongs to that hexagon: a click
# there on row 4, index 0 (a 2), then a click on the slot the drag
# emptied, moves the tile
read -r yc xc < <(pos 4 0)
digit 4 0 2 "point click start"
click "$xc" $((yc - 1))
clickcell 1 2
digit 1 2 2 "point click moved the tile"
digit 4 0 . "point click moved the tile"
send q
wait_for "TESSERA-EXIT=0"
echo ok
