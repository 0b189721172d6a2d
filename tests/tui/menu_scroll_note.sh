#!/bin/bash
# menu_scroll_note.sh: the menu lists every board, and says "scrolls here"
# of those larger than the terminal at its current size: the Tents 50x50
# in 80x24 but not in 200x60; an 8x8 never.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"

line_of() { capture | grep -F -- "$1" | head -1; }
start_session -x 80 -y 24
wait_for "choose a puzzle"
line_of "08x08-01" | grep -q "scrolls" && fail "an 8x8 scrolls in 80x24"
until capture | grep -qF "50x50-hard-01"; do
    send NPage
    sleep 0.2
    [ $SECONDS -lt 30 ] || fail "the 50x50 is not listed"
done
has_note() { line_of "50x50-hard-01" | grep -q "scrolls here"; }
wait_until has_note
tm resize-window -x 200 -y 60
no_note() { ! line_of "50x50-hard-01" | grep -q "scrolls"; }
wait_until no_note
line_of "40x40-medium-01" | grep -q "scrolls" && fail "40x40 scrolls in 200x60"
tm resize-window -x 80 -y 24
wait_until has_note
send q
wait_for "TESSERA-EXIT=0"
echo "ok"
