#!/bin/bash
# tents_resize.sh: shrinking the terminal to 20x10 scrolls the board in a
# window; to 12x5 shows "need at least W x H, have 12 x 5"; growing it
# back redraws the board with the marks; a medium size picks a smaller
# geometry that still shows every cell.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
PUZ=$SRC/puzzles/tents/08x08-01.tents

start_session "$PUZ"
wait_for "Tents 8x8"
send Down Enter
wait_for "▲ │ ♣"
capture | grep -q "v zoom" && fail "the zoom offered although the board fits"
tm resize-window -x 20 -y 10
wait_for "█"
capture | grep -q "need at least" && fail "20 x 10 is enough to scroll in"
tm resize-window -x 12 -y 5
wait_joined "need at least [0-9]+ x [0-9]+, have 12 x 5"
capture | grep -q "█" && fail "the board is drawn although it does not fit"
# keys other than q are ignored meanwhile
send Enter
tm resize-window -x 100 -y 40
wait_for "┌───┬"
wait_gone "need at least"
wait_for "▲ │ ♣"
# 40x16: no room for boxes, glyph rows instead, clues still there
tm resize-window -x 40 -y 16
wait_gone "┌───┬"
wait_for "▲"
wait_joined "3 0 3 0 2 1 1 2"
tm resize-window -x 100 -y 40
wait_for "┌───┬"
send q
wait_for "TESSERA-EXIT=0"
echo "ok"
