#!/bin/bash
# save_fifo.sh: a FIFO planted where the player keeps a puzzle's save
# does not freeze the player (it used to wait forever for a writer
# before its first screen): the save is reported unreadable, set aside,
# a new game starts, and quitting writes a regular save again.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
PUZ=$SRC/puzzles/tents/08x08-03.tents
SAVES=$XDG_STATE_HOME/tessera

start_session "$PUZ"
wait_for "Tents 8x8"
send q
wait_for "TESSERA-EXIT=0"
save=$(ls "$SAVES"/tents-*.save) || fail "no save written on quit"
rm "$save"
mkfifo "$save"

start_session "$PUZ"
wait_for "Tents 8x8"
wait_joined "saved game was unreadable .*not a regular file"
send q
wait_for "TESSERA-EXIT=0"
[ -f "$save" ] && [ ! -p "$save" ] || fail "no regular save after quitting"
[ -p "$save.corrupt" ] || fail "the FIFO was not set aside as .corrupt"
"$TESSERA" --check "$save" >/dev/null || fail "the new save does not load"
echo ok
