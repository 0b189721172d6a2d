#!/bin/bash
# crash_signal.sh: a crash in the player (SIGSEGV, SIGABRT, SIGBUS, SIGFPE,
# SIGILL, and the other signals that dump core: QUIT, TRAP, SYS, XCPU; sent
# to it while it plays) gives the terminal back: normal screen, cursor
# shown, no mouse reporting, canonical input with echo.  The player still
# dies of the signal (the shell sees 128 + its number), and the shell in the
# pane then reads a typed line as usual.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
PUZ=$SRC/puzzles/tents/10x10-01.tents

# like start_session, but after the player the pane's shell prints the line
# discipline's icanon and echo flags and reads a line, as a prompt would
session() {
    stop
    {
        echo '#!/bin/sh'
        printf 'export TERM=%q XDG_STATE_HOME=%q LC_ALL=C.UTF-8\n' "$TUI_TERM" "$XDG_STATE_HOME"
        printf '%q %q\n' "$TESSERA" "$PUZ"
        echo 'echo "TESSERA-EXIT=$?"'
        echo 'stty -a | tr " " "\n" | grep -x -e "-\?icanon" -e "-\?echo" | tr "\n" " "; echo'
        echo 'read line'
        echo 'echo "got $line"'
        echo 'exec sleep 600'
    } >"$TUI_TMP/crash.sh"
    chmod +x "$TUI_TMP/crash.sh"
    tm new-session -d -x 100 -y 40 -c "$TUI_TMP" "$TUI_TMP/crash.sh"
}

for sig in SEGV ABRT BUS FPE ILL QUIT TRAP SYS XCPU; do
    session
    wait_for "Tents 10x10"
    [ "$(pane_flag alternate_on)" = 1 ] || fail "the player should use the alternate screen"
    [ "$(pane_flag mouse_any_flag)$(pane_flag mouse_sgr_flag)" != 00 ] ||
        fail "the player should have turned on mouse reporting"
    pid=$(player_pid)
    [ -n "$pid" ] || fail "no player process"
    kill -"$sig" "$pid"
    wait_for "TESSERA-EXIT=$((128 + $(kill -l "$sig")))"
    [ "$(pane_flag alternate_on)" = 0 ] || fail "SIG$sig: still on the alternate screen"
    [ "$(pane_flag mouse_any_flag)$(pane_flag mouse_sgr_flag)$(pane_flag mouse_standard_flag)" = 000 ] ||
        fail "SIG$sig: mouse reporting left on"
    [ "$(pane_flag cursor_flag)" = 1 ] || fail "SIG$sig: the cursor was left hidden"
    wait_for "icanon"
    capture | grep -q -- "-icanon" && fail "SIG$sig: the terminal was left in raw mode"
    capture | grep -q -- "-echo" && fail "SIG$sig: echo was left off"
    # a line typed now is echoed as typed and read whole
    send_literal "hello"
    wait_for "hello"
    send Enter
    wait_for "got hello"
done
echo "ok"
