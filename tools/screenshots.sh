#!/bin/bash
# screenshots.sh: remakes the README's pictures, one per family: plays a
# few moves in the real player inside tmux, captures the screen with its
# colours (capture-pane -e) and turns it into SVG with tools/ansi2svg.c.
# Usage: tools/screenshots.sh [BUILD_DIR]   (default: build; needs tmux)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$(cd "${1:-$ROOT/build}" && pwd)
OUT=$ROOT/assets/screenshots
for f in "$BUILD/tessera" "$BUILD/ansi2svg"; do
    [ -x "$f" ] || { echo "screenshots.sh: $f is missing: build first (cmake --build $BUILD)" >&2; exit 1; }
done
command -v tmux >/dev/null || { echo "screenshots.sh: tmux is needed" >&2; exit 1; }
mkdir -p "$OUT"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tessera-shots.XXXXXX")
SOCK=tessera-shots-$$
tm() { tmux -L "$SOCK" -f /dev/null "$@"; }
trap 'tm kill-server 2>/dev/null || true; rm -rf "$TMP"' EXIT

# shot NAME COLS ROWS PUZZLE KEYS...: plays KEYS (tmux key names; "+" waits
# for the engine to answer) and saves assets/screenshots/NAME.svg
shot() {
    local name=$1 cols=$2 rows=$3 puzzle=$4
    shift 4
    tm kill-server 2>/dev/null || true
    rm -rf "$TMP/state"
    mkdir -p "$TMP/state"
    tm new-session -d -x "$cols" -y "$rows" -c "$ROOT" \
        "env TERM=xterm-256color LC_ALL=C.UTF-8 XDG_STATE_HOME=$TMP/state $BUILD/tessera $puzzle; sleep 60"
    settle
    for k in "$@"; do
        if [ "$k" = + ]; then settle; else tm send-keys "$k"; fi
    done
    settle
    sleep 1.5 # past the completion flash
    tm capture-pane -p -e >"$TMP/$name.txt"
    "$BUILD/ansi2svg" <"$TMP/$name.txt" >"$OUT/$name.svg"
    echo "wrote assets/screenshots/$name.svg"
}

# settle: until the screen stops changing (the timer ticks once a second,
# so two equal captures 0.3 s apart mean nothing else is moving)
settle() {
    local a b i
    for ((i = 0; i < 50; i++)); do
        a=$(tm capture-pane -p | sed 1d)
        sleep 0.3
        b=$(tm capture-pane -p | sed 1d)
        [ -n "$a" ] && [ "$a" = "$b" ] && return 0
    done
}

shot tents 80 24 puzzles/tents/08x08-01.tents Space Right Space h +
shot tracks 80 24 puzzles/tracks/08x08-easy-01.tracks h + Enter h + Enter h + Enter h + Enter h +
shot tetravex 80 24 puzzles/tetravex/3x3-01.tetravex h + Enter h + Enter h + Enter Tab Right Enter
shot hexiom 80 24 puzzles/hexiom/level10.hexiom h + Enter h + Enter h +
shot tantrix 80 26 puzzles/tantrix/discovery-05.tantrix S + m
