#!/bin/bash
# hint_wait.sh: h reads what the worker thinking ahead found; while it is
# still at work the spinner shows, Esc ends the wait (the board stays
# playable) and Ctrl-C quits like between moves: exit 130, the terminal
# restored, the game saved.  The puzzle: Hexiom level 40 with one tile
# changed, which the solver needs far longer than this test for.  On the
# save it leaves, --hint and --check without --timeout stop at the
# player's default limit: exit 3 with a message.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
HEXIOM=$SRC/tests/data/hard/hexiom-level40-one-tile-changed.hexiom

restored() {
    [ "$(pane_flag alternate_on)" = 0 ] || fail "still on the alternate screen"
    [ "$(pane_flag mouse_any_flag)$(pane_flag mouse_sgr_flag)$(pane_flag mouse_standard_flag)" = 000 ] ||
        fail "mouse reporting left on"
    wait_for "icanon"
    capture | grep -q -- "-icanon" && fail "the terminal was left in raw mode"
    return 0
}

start_session -x 120 -y 50 --timeout 600 "$HEXIOM"
wait_for "Hexiom side 6"
send h
wait_for "thinking... (Esc cancels)"
send Escape
wait_for "hint: stopped waiting"
wait_gone "thinking..."
wait_for "hints 0"
# control is back: the help overlay opens and closes
send '?'
wait_for "the rules"  # the rules first, any key: the keys
send '?'
wait_for "Ctrl-Z"
send Space
wait_gone "Ctrl-Z"
# c waits for the same worker; Ctrl-C ends the wait and the player
send c
wait_for "thinking... (Esc cancels)"
start=$SECONDS
send C-c
wait_for "TESSERA-EXIT=130" 10
[ $((SECONDS - start)) -le 10 ] || fail "Ctrl-C took $((SECONDS - start)) s"
restored

save=$(ls "$XDG_STATE_HOME"/tessera/hexiom-*.save) || fail "Ctrl-C saved no game"
for cmd in --hint --check; do
    start=$SECONDS
    timeout 60 "$TESSERA" $cmd "$save" >/dev/null 2>"$TUI_TMP/err"
    rc=$?
    [ $rc -eq 3 ] || fail "$cmd without --timeout: exit $rc, expected 3 ($(cat "$TUI_TMP/err"))"
    grep -q "no answer within 5 s" "$TUI_TMP/err" || fail "$cmd: $(cat "$TUI_TMP/err")"
    [ $((SECONDS - start)) -le 30 ] || fail "$cmd took $((SECONDS - start)) s"
done
echo "ok"
