# lib.sh: tmux helpers for the player's end-to-end tests (sourced, not run).
# A test does:   source "$(dirname "$0")/lib.sh"; tui_init "$1" "$2"
# then start_session ARGS..., send KEYS..., wait_for TEXT, capture, click X Y,
# and finally stop (also run by the EXIT trap).  Every wait polls the screen
# until a deadline; nothing relies on a fixed sleep.

export LC_ALL=C.UTF-8  # character (not byte) columns in ${#s}, UTF-8 glyphs
TUI_DEADLINE=${TUI_DEADLINE:-15}

# tui_init BINARY SOURCE_DIR: a private tmux server, a private state dir.
tui_init() {
    TESSERA=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
    SRC=$(cd "$2" && pwd)
    if ! command -v tmux >/dev/null; then
        echo "FAIL: tmux is needed for the terminal tests" >&2
        exit 1
    fi
    TUI_TMP=$(mktemp -d "${TMPDIR:-/tmp}/tessera-tui.XXXXXX")
    export XDG_STATE_HOME=$TUI_TMP/state
    mkdir -p "$XDG_STATE_HOME"
    TUI_SOCKET=tessera-$$
    TUI_TERM=${TUI_TERM:-xterm-256color}
    trap 'stop; rm -rf "$TUI_TMP"' EXIT
}

tm() { tmux -L "$TUI_SOCKET" -f /dev/null "$@"; }

# start_session [-x COLS] [-y ROWS] [-e VAR=VALUE]... ARGS...: runs the player
# with ARGS in a fresh session; when it ends the pane prints
# "TESSERA-EXIT=<status>" and the terminal's line discipline, and stays.
start_session() {
    local cols=100 rows=40 envs=()
    while [ $# -gt 0 ]; do
        case $1 in
            -x) cols=$2; shift 2 ;;
            -y) rows=$2; shift 2 ;;
            -e) envs+=("$2"); shift 2 ;;
            *) break ;;
        esac
    done
    stop
    local run=$TUI_TMP/run.sh
    {
        echo '#!/bin/sh'
        printf 'export TERM=%q XDG_STATE_HOME=%q LC_ALL=C.UTF-8\n' "$TUI_TERM" "$XDG_STATE_HOME"
        for e in "${envs[@]}"; do printf 'export %q\n' "$e"; done
        printf '%q' "$TESSERA"
        for a in "$@"; do printf ' %q' "$a"; done
        echo
        echo 'echo "TESSERA-EXIT=$?"'
        echo 'stty -a | tr " " "\n" | grep -x -- "-\?icanon"'
        echo 'exec sleep 600'
    } > "$run"
    chmod +x "$run"
    tm new-session -d -x "$cols" -y "$rows" -c "$TUI_TMP" "$run"
    tm set-option -g window-size manual 2>/dev/null || true
}

# stop: ends the tmux server and waits until it is gone (a new session on
# the same socket must not reach the dying one).
stop() {
    [ -n "$TUI_SOCKET" ] || return 0
    tm kill-server 2>/dev/null || return 0
    local i
    for ((i = 0; i < 50; i++)); do
        tm list-sessions >/dev/null 2>&1 || return 0
        sleep 0.1
    done
}

# capture [-e]: the screen as text (-e: with colour escapes).
capture() { tm capture-pane -p "$@"; }

fail() {
    echo "FAIL: $*" >&2
    echo "---- screen ----" >&2
    capture >&2 || true
    echo "----------------" >&2
    exit 1
}

# wait_for TEXT [SECONDS]: until TEXT (fixed string) is on the screen.
wait_for() {
    local text=$1 limit=${2:-$TUI_DEADLINE} start=$SECONDS
    while [ $((SECONDS - start)) -lt "$limit" ]; do
        capture 2>/dev/null | grep -qF -- "$text" && return 0
        sleep 0.1
    done
    fail "waited ${limit}s for: $text"
}

# wait_gone TEXT [SECONDS]: until TEXT is no longer on the screen.
wait_gone() {
    local text=$1 limit=${2:-$TUI_DEADLINE} start=$SECONDS
    while [ $((SECONDS - start)) -lt "$limit" ]; do
        capture 2>/dev/null | grep -qF -- "$text" || return 0
        sleep 0.1
    done
    fail "waited ${limit}s for this to go: $text"
}

# wait_joined REGEX [SECONDS]: the screen's words joined by single spaces
# match REGEX (for messages that wrap on a narrow terminal).
wait_joined() {
    local re=$1 limit=${2:-$TUI_DEADLINE} start=$SECONDS
    while [ $((SECONDS - start)) -lt "$limit" ]; do
        capture 2>/dev/null | tr -s ' \n' '  ' | grep -qE -- "$re" && return 0
        sleep 0.1
    done
    fail "waited ${limit}s for (joined) /$re/"
}

# wait_until COMMAND...: until COMMAND succeeds (a function, so that what
# it looks at is read again on every try).
wait_until() {
    local start=$SECONDS
    while [ $((SECONDS - start)) -lt "$TUI_DEADLINE" ]; do
        "$@" && return 0
        sleep 0.1
    done
    fail "waited ${TUI_DEADLINE}s for: $*"
}

# count_on_screen TEXT: how often TEXT occurs on the screen.
count_on_screen() { capture | grep -oF -- "$1" | wc -l; }
screen_has_n() { [ "$(count_on_screen "$1")" -eq "$2" ]; }

# send KEYS...: tmux key names (Up, Enter, Space, C-z, Escape) or text.
send() { tm send-keys "$@"; }
send_literal() { tm send-keys -l "$1"; }

# find_text TEXT: "ROW COL" (0-based, in characters) of TEXT's first
# occurrence on the screen; returns 1 when it is not there.
find_text() {
    local row=0 line prefix
    while IFS= read -r line; do
        if [[ $line == *"$1"* ]]; then
            prefix=${line%%"$1"*}
            echo "$row ${#prefix}"
            return 0
        fi
        row=$((row + 1))
    done < <(capture)
    return 1
}

# char_at ROW COL: the character at that screen position.
char_at() {
    local line
    line=$(capture | sed -n "$(($1 + 1))p")
    printf '%s' "${line:$2:1}"
}

# wait_char ROW COL TEXT [WHAT]: until the character at (ROW, COL) is TEXT.
wait_char() {
    local start=$SECONDS
    until [ "$(char_at "$1" "$2")" = "$3" ]; do
        [ $((SECONDS - start)) -lt "$TUI_DEADLINE" ] ||
            fail "($1,$2) shows '$(char_at "$1" "$2")', expected '$3' ${4:+($4)}"
        sleep 0.1
    done
}

# click X Y [BUTTON]: a press and a release (SGR 1006 mouse reports) at
# screen column X, row Y (0-based); BUTTON 1 left (default), 3 right.
click() {
    local x=$(($1 + 1)) y=$(($2 + 1)) b=$(( ${3:-1} - 1 ))
    send_literal $'\e[<'"$b;$x;$y"'M'
    sleep 0.05
    send_literal $'\e[<'"$b;$x;$y"'m'
}

# drag BUTTON X1 Y1 X2 Y2 [STEPS]: press at (X1,Y1), move in steps, release.
drag() {
    local b=$(($1 - 1)) x1=$2 y1=$3 x2=$4 y2=$5 n=${6:-4} i x y
    send_literal $'\e[<'"$b;$((x1 + 1));$((y1 + 1))"'M'
    for ((i = 1; i <= n; i++)); do
        x=$((x1 + (x2 - x1) * i / n))
        y=$((y1 + (y2 - y1) * i / n))
        sleep 0.05
        send_literal $'\e[<'"$((b + 32));$((x + 1));$((y + 1))"'M'
    done
    sleep 0.05
    send_literal $'\e[<'"$b;$((x2 + 1));$((y2 + 1))"'m'
}

# player_pid: the process id of the player running in the pane.
player_pid() { pgrep -P "$(tm display -p '#{pane_pid}')" -x "$(basename "$TESSERA")" | head -1; }

# pane_flag NAME: a tmux format flag of the pane (alternate_on, mouse_any_flag, ...).
pane_flag() { tm display -p "#{$1}"; }

# hint_move: presses h until the hint shows its move ("[Enter accepts]"):
# the first h shows where to look, the next the rule, the third the move
# (a hint with no reason to show has fewer tiers).  A long message wraps,
# so the screen is read with its lines joined.
hint_move() {
    local i before
    msg_lines() { capture | tail -2; }
    msg_changed() { local m; m=$(msg_lines); [ "$m" != "$before" ] && [[ $m != *thinking* ]]; }
    shows_move() { capture | tr -s ' \n' '  ' | grep -qF "[Enter accepts]"; }
    for ((i = 0; i < 3; i++)); do
        shows_move && return 0
        before=$(msg_lines)
        send h
        wait_until msg_changed
    done
    shows_move || fail "three presses of h did not show the move"
}
