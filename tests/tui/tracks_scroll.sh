#!/bin/bash
# tracks_scroll.sh: the bundled Train Tracks 30x30 in an 80x24 terminal:
# too tall, so it scrolls; the window follows the cursor from the
# entrance A down to the exit B, and the compact zoom (v) draws one column
# a cell, and marks made stay.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
PUZ=$SRC/puzzles/tracks/30x30-easy-01.tracks

# the screen column of the vertical bar: the "█" on the first board row
bar_col() {
    local line
    line=$(capture | sed -n 2p)
    [[ $line == *█* ]] || return 1
    line=${line%%█*}
    echo "${#line}"
}
thumb_top() {
    local col=$1 row=0 line
    while IFS= read -r line; do
        [ "$row" -ge 1 ] && [ "${line:$col:1}" = "█" ] && { echo "$row"; return; }
        row=$((row + 1))
    done < <(capture)
    echo none
}

start_session -x 80 -y 24 "$PUZ"
wait_for "Train Tracks 30x30"
wait_for "A━"
col=$(bar_col) || fail "no vertical scroll bar"
[ "$(thumb_top "$col")" = 1 ] || fail "thumb not at the top"
capture | grep -q "B" && capture | grep -q "└" && fail "the bottom is on screen already"
# a track mark next to the entrance (the cursor starts there)
send Right Enter
wait_until screen_has_n "•" 1
# down to the last row: the window follows, the exit comes into view
for i in $(seq 30); do send Down; done
wait_for "└"
wait_gone "A━"
t=$(thumb_top "$col")
[ "$t" != none ] && [ "$t" -gt 5 ] || fail "thumb did not move down ($t)"
# compact zoom: cells one column apart between the frame's sides
send v
wait_for "compact zoom"
compact_row() { capture | grep -qE "│[·╻╹╺╸━┃┏┓┗┛═║╔╗╚╝×•]{30}│"; }
wait_until compact_row
send v
wait_for "normal zoom"
# back at the top: the mark is still there
for i in $(seq 30); do send Up; done
wait_for "A━"
wait_until screen_has_n "•" 1
send q
wait_for "TESSERA-EXIT=0"
echo "ok"
