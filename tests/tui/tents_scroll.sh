#!/bin/bash
# tents_scroll.sh: the bundled Tents 50x50 in an 80x24 terminal scrolls:
# the window follows the cursor down and right and the scroll bars' thumbs
# move; a click lands on the cell drawn under it; v toggles the compact
# zoom (one column a cell, only rows scroll); a terminal too small even to
# scroll in says what it needs.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
PUZ=$SRC/puzzles/tents/50x50-hard-01.tents

# the first row of the thumb in screen column COL (rows 1..22), or none
vthumb() {
    local col=$1 row=0 line
    while IFS= read -r line; do
        if [ "$row" -ge 1 ] && [ "${line:$col:1}" = "█" ]; then
            echo "$row"
            return
        fi
        row=$((row + 1))
    done < <(capture)
    echo none
}
# the first column of the thumb on screen row ROW
hthumb() {
    local line
    line=$(capture | sed -n "$(($1 + 1))p")
    line=${line%%█*}
    echo "${#line}"
}

start_session -x 80 -y 24 "$PUZ"
wait_for "Tents 50x50"
wait_for "v zoom"
# 150 columns and 51 rows: both bars, the vertical in column 79, the
# horizontal on row 21, thumbs at the start
wait_until test "$(vthumb 79)" = 1
[ "$(hthumb 21)" = 0 ] || fail "horizontal thumb not at the start"
top=$(capture | sed -n 2p)
# down 30 rows: the window scrolls, the thumb moves down
for i in $(seq 30); do send Down; done
vt() { t=$(vthumb 79); [ "$t" != none ] && [ "$t" -gt 4 ]; }
wait_until vt
[ "$(capture | sed -n 2p)" != "$top" ] || fail "the board did not scroll"
# right 40 columns: the horizontal thumb moves right
for i in $(seq 40); do send Right; done
ht() { [ "$(hthumb 21)" -gt 10 ]; }
wait_until ht

# a click on a blank cell in the middle of the window puts a tent there
read -r row col < <(
    r=0
    while IFS= read -r line; do
        if [ $r -ge 8 ] && [ $r -le 14 ]; then
            rest=${line:30}
            if [[ $rest == *" ·  "* ]]; then
                pre=${rest%%" ·  "*}
                echo "$r $((30 + ${#pre} + 1))"
                break
            fi
        fi
        r=$((r + 1))
    done < <(capture))
[ -n "$row" ] || fail "no blank cell in the window's middle"
before=$(vthumb 79)
click "$col" "$row"
wait_char "$row" "$col" "▲" "the clicked cell"
[ "$(vthumb 79)" = "$before" ] || fail "the window moved under the mouse"
send u
wait_char "$row" "$col" "·" "undone"

# the compact zoom: one column a cell, 53 columns wide, only rows scroll
send v
wait_for "compact zoom"
wait_gone "[‥]"
line=$(capture | sed -n 2p)
[[ $line =~ [·♣▲‥]{50}\ +[0-9]+ ]] || fail "no compact row of 50 cells: $line"
capture | sed -n 23p | grep -q "█" && fail "a horizontal bar in the compact zoom"
# the cursor stayed in view: a tent by Enter shows up in the window
n=$(count_on_screen "▲")
send Enter
wait_until screen_has_n "▲" $((n + 1))
send u
wait_until screen_has_n "▲" "$n"
# to the bottom row: the thumb reaches the bar's end
for i in $(seq 25); do send Down; done
bottom() { capture | sed -n 22p | grep -q "█"; }
wait_until bottom
send v
wait_for "normal zoom"
wait_for "·  ·  ·"

# a terminal too small to scroll in: what it needs, then the board again
tm resize-window -x 12 -y 5
wait_joined "need at least [0-9]+ x [0-9]+, have 12 x 5"
tm resize-window -x 80 -y 24
wait_gone "need at least"
wait_for "Tents 50x50"
send q
wait_for "TESSERA-EXIT=0"
echo "ok"
