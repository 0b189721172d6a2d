#!/bin/bash
# tents_signal.sh: SIGTERM, SIGHUP and SIGINT (and Ctrl-C typed in raw mode)
# restore the terminal (normal screen, no mouse reporting, canonical input),
# save the game, and end the player with the signal's status.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
PUZ=$SRC/puzzles/tents/10x10-01.tents

restored() {
    [ "$(pane_flag alternate_on)" = 0 ] || fail "still on the alternate screen"
    [ "$(pane_flag mouse_any_flag)$(pane_flag mouse_sgr_flag)$(pane_flag mouse_standard_flag)" = 000 ] ||
        fail "mouse reporting left on"
    wait_for "icanon"
    capture | grep -q -- "-icanon" && fail "the terminal was left in raw mode"
    return 0
}

for sig in TERM HUP INT; do
    start_session "$PUZ"
    wait_for "Tents 10x10"
    [ "$(pane_flag alternate_on)" = 1 ] || fail "the player should use the alternate screen"
    send Space
    wait_for "‥"
    kill -"$sig" "$(player_pid)"
    case $sig in TERM) st=143 ;; HUP) st=129 ;; INT) st=130 ;; esac
    wait_for "TESSERA-EXIT=$st"
    restored
    # the mark was saved on the way out
    start_session "$PUZ"
    wait_for "resumed your game"
    wait_for "‥"
    send Space
    wait_gone "‥"
    send q
    wait_for "TESSERA-EXIT=0"
done

# Ctrl-C is a key in raw mode; it ends the player like SIGINT
start_session "$PUZ"
wait_for "Tents 10x10"
send C-c
wait_for "TESSERA-EXIT=130"
restored
echo "ok"
