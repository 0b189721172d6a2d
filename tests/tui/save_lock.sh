#!/bin/bash
# save_lock.sh: one player per saved game.  While a game is played its
# save is locked: a second player on the same puzzle (by file or by game
# ID) is refused at once, exit status 2, with a message that names the
# first player's process; the first game goes on and saves.  Once it has
# quit, the puzzle opens again.  A player also removes the temporary
# files of its save that a killed process left behind.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
PUZ=$SRC/puzzles/tents/08x08-03.tents
SAVES=$XDG_STATE_HOME/tessera
GRASS=‥

start_session "$PUZ"
wait_for "Tents 8x8"
send q
wait_for "TESSERA-EXIT=0"
save=$(ls "$SAVES"/tents-*.save) || fail "no save written on quit"
# what a kill between creating and renaming a temporary file leaves
echo "half a save" >"$save.4242.tmp"
echo "half a save" >"$save.Xy12Ab.tmp"

start_session "$PUZ"
wait_for "resumed your game"
pid=$(player_pid)
[ -n "$pid" ] || fail "no player process"
ls "$SAVES" | grep -q '\.tmp$' && fail "stale temporary files left: $(ls "$SAVES")"

# the second player, while the first plays
id=$(grep -v '^#' "$PUZ" | head -1)
for arg in "$PUZ" "$id" "$save"; do
    TERM=xterm-256color timeout 10 "$TESSERA" "$arg" >/dev/null 2>"$TUI_TMP/err" </dev/null
    rc=$?
    [ $rc -eq 2 ] || fail "second player on $arg: exit status $rc, expected 2: $(cat "$TUI_TMP/err")"
    grep -q "this puzzle is open in another tessera (process $pid)" "$TUI_TMP/err" ||
        fail "second player on $arg: unclear message: $(cat "$TUI_TMP/err")"
done

# the first game is unharmed and saves
send Space
wait_until screen_has_n "$GRASS" 1
send q
wait_for "TESSERA-EXIT=0"
grep -q '^steps 1 1$' "$save" || fail "the first player's move was not saved"
ls "$SAVES" | grep -q '\.lock$' && fail "the lock file outlived the game: $(ls "$SAVES")"

# free again: the same puzzle opens and resumes
start_session "$PUZ"
wait_for "resumed your game"
wait_until screen_has_n "$GRASS" 1
send q
wait_for "TESSERA-EXIT=0"
echo ok
