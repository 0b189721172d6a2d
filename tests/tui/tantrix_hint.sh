#!/bin/bash
# tantrix_hint.sh: with no tile placed nothing is forced, so h offers a
# placement from one solution, labelled as a choice and highlighted; taken
# with Enter it lands on the board; further hints (forced ones among them,
# with the rules behind them) finish the loop.  c names two tiles whose
# touching edges cannot both be right, highlighted; after u it passes.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
HINT_BG='48;5;(117|31)[;m]' CONFLICT_BG='48;5;(210|160)[;m]'

start_session "$SRC/puzzles/tantrix/discovery-05.tantrix"
wait_for "tray: 5 of 5 tiles, red loop"
capture -e | grep -qE "$HINT_BG" && fail "a hint highlight before any hint"
send h
wait_joined "nothing is forced; a choice from one solution: tile [1-5] in the highlighted hex, turned as shown \[Enter accepts\]"
wait_for "hints 1"
capture -e | grep -qE "$HINT_BG" || fail "the proposed tile is not highlighted"
send Enter
wait_for "tray: 4 of 5 tiles"
forced=0
for left in 3 2 1 0; do
    hint_move
    wait_joined "(hint: tile [1-5] |nothing is forced)"
    capture | tr -s ' \n' '  ' | grep -qE "hint: tile [1-5] (above|below|(upper|lower) (left|right) of) tile [1-5], turned as shown \[Enter accepts\]; forced by" &&
        forced=$((forced + 1))
    send Enter
    wait_for "tray: $left of 5 tiles"
done
[ $forced -gt 0 ] || fail "no hint was forced with tiles placed"
wait_for "[solved]"
send q
wait_for "TESSERA-EXIT=0"

# check: tile 1 and tile 2 one above the other do not match (yellow
# against red); it names both, and passes once tile 2 is taken back.
# The solved game above was saved; this one starts afresh.
rm -rf "${XDG_STATE_HOME:?}"/*
start_session "$SRC/puzzles/tantrix/discovery-05.tantrix"
wait_for "tray: 5 of 5 tiles"
send Enter Enter
wait_for "tray: 4 of 5 tiles"
send n Down Enter
wait_for "tray: 3 of 5 tiles"
send c
wait_joined "these marks cannot all be right: tile 1 as placed and tile 2 as placed"
wait_for "checks 1"
capture -e | grep -qE "$CONFLICT_BG" || fail "the conflicting tiles are not highlighted"
send h
wait_for "no hint: your marks are inconsistent"
send u
wait_for "tray: 4 of 5 tiles"
send c
wait_for "every mark still leads to a solution"
send S y
wait_for "[solved]"
send q
wait_for "TESSERA-EXIT=0"
echo ok
