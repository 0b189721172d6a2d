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
# a page at a time, each once the last has been drawn (the menu grades
# the entry it lands on first), until the 50x50 is on screen
changed() { [ "$(capture)" != "$before" ]; }
for ((i = 0; i < 10; i++)); do
    capture | grep -qF "50x50-hard-01" && break
    before=$(capture)
    send NPage
    wait_until changed
done
capture | grep -qF "50x50-hard-01" || fail "the 50x50 is not listed"
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
