#!/bin/bash
# tantrix_edge_hint.sh: a tile placed by hand at the board's edge (q =
# 1000) lets the engine find a loop that runs past it; such a hint is
# shown but cannot be taken (its tile would be off the board, and the save
# made then would be refused by the loader).  The game saved on quitting
# still loads (--check).
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
{
    printf 'tessera save 1\nfamily tantrix\nsource edge.tantrix\npuzzle-lines 1\n| discovery 5\n'
    printf 'elapsed 1.0\nhints 0\nchecks 0\nsolved-by-engine 0\n'
    printf 'state 15 0 1000 0 -1 0 0 -1 0 0 -1 0 0 -1 0 0\n'
    printf 'steps 1 1\nstep m 3 0 -1 0 1 0 1000 2 0 0\nend\n'
} >"$TUI_TMP/edge.save"
"$TESSERA" --check "$TUI_TMP/edge.save" >/dev/null || fail "the starting save does not load"

start_session "$TUI_TMP/edge.save"
wait_for "tray: 4 of 5 tiles"
# the engine does not know the edge, so whether a hint lies past it depends
# on the solution it finds: take hints until one is refused or the tray is
# empty; either way every board the player saves must load again
refused=0
for ((i = 0; i < 4; i++)); do
    capture | grep -qE "tray: 0 of 5|olved" && break
    hint_move
    send Enter
    sleep 1
    if capture | tr -s ' \n' '  ' | grep -qE "the hint cannot be taken: tile [2-5]: position \(1001,-?[0-9]+\) is off the board"; then
        refused=1
        break
    fi
done
echo "hint refused at the edge: $refused"
send q
wait_for "TESSERA-EXIT=0"
save=$(ls "$XDG_STATE_HOME"/tessera/*.save)
"$TESSERA" --check "$save" >"$TUI_TMP/out" 2>&1 || fail "the saved game does not load: $(cat "$TUI_TMP/out")"
echo ok
