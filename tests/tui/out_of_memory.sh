#!/bin/bash
# out_of_memory.sh: the solver running out of memory in the player (a hint
# on the 42 red tiles under a small `ulimit -v`) ends it with status 2 and
# "tessera: out of memory" on the restored terminal, not an abort (134);
# the tile placed before is still in the save, and the next session
# resumes with it.  Skipped in sanitizer builds, whose shadow memory no
# `ulimit -v` leaves room for.
if ldd "$1" 2>/dev/null | grep -q 'lib[at]san'; then
    echo "skipped: a sanitizer build cannot run under ulimit -v"
    exit 0
fi
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
PUZ=$SRC/tests/data/tantrix/red-42.tantrix

# like start_session, with the address space capped for the player only
session() {
    stop
    {
        echo '#!/bin/sh'
        printf 'export TERM=%q XDG_STATE_HOME=%q LC_ALL=C.UTF-8\n' "$TUI_TERM" "$XDG_STATE_HOME"
        echo "(ulimit -v $1; exec $(printf '%q %q' "$TESSERA" "$PUZ"))"
        echo 'echo "TESSERA-EXIT=$?"'
        echo 'exec sleep 600'
    } >"$TUI_TMP/oom.sh"
    chmod +x "$TUI_TMP/oom.sh"
    tm new-session -d -x 100 -y 40 -c "$TUI_TMP" "$TUI_TMP/oom.sh"
}

# a tile placed and saved in a session with no cap
start_session "$PUZ"
wait_for "tray: 42 of 42 tiles"
send Enter Enter
wait_for "tray: 41 of 42 tiles"
send q
wait_for "TESSERA-EXIT=0"

# under the cap the solver runs out (the player thinks ahead from the
# start, so it may be before the first key): exit 2, the message on the
# restored screen, and the game saved, not lost
session 120000
send h
wait_for "TESSERA-EXIT=" 60
capture | grep -q "TESSERA-EXIT=2" || fail "expected exit status 2"
capture | grep -qE "^h?tessera: out of memory$" || fail "no out-of-memory message"
[ "$(pane_flag alternate_on)" = 0 ] || fail "still on the alternate screen"
ls "$XDG_STATE_HOME"/tessera/*.save >/dev/null 2>&1 || fail "no save written"

# the save holds the placed tile: the next session (no cap) resumes it
start_session "$PUZ"
wait_for "tray: 41 of 42 tiles"
send q
wait_for "TESSERA-EXIT=0"
echo ok
