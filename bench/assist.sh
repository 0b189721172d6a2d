#!/bin/bash
# bench/assist.sh: hint, explain and check latency, cold and warm, by hand
# (not part of the test suite).
#   bash bench/assist.sh BINARY [SOURCE_DIR] [TIMEOUT] [GROUPS] [BOARDS]
# Runs bench/assist_bench (built next to BINARY: `cmake --build BUILD
# --target assist_bench`; or $ASSIST_BENCH) per group of puzzles and prints
# its p50/p95/max milliseconds per operation.  Each puzzle is solved once;
# its boards hold 0, 25, 50, 75 and 90% of that solution's marks, plus two
# with one wrong mark, drawn with fixed seeds; every operation runs on a
# fresh engine under TIMEOUT seconds (default 5), as `tessera --timeout T
# --hint SAVE` would.  GROUPS (default all): any of
#   tents tracks tetravex hexiom tantrix      the bundled puzzles, per family
#   tents50 tracks30 tracks40 tetravex8 tetravex9 hexiom38 hexiom40
#   tantrix20 tantrix30                       the big boards
# Big boards: Tents 50x50 and Tracks 30x30 and Tetravex 8x8 are bundled;
# Tracks 40x40 are the first three of bench/tracks-40x40-easy.txt; Tetravex
# 9x9 are BOARDS (default 30) random boards in GNOME Tetravex's model, made
# by bench/tetravex_board (built next to BINARY, or $TETRAVEX_BOARD) from
# seeds fixed once, 20261128000 + i for board i, never chosen to suit the
# engine.
# Then bench/assist_warm (built the same way; or $ASSIST_WARM) on the same
# puzzles and boards, through the session layer as the player's keys go:
# warm hint and check (the key pressed at once after a focus move, once the
# worker has finished thinking ahead) and ttw, time-to-warm (one more
# correct mark through session_apply until the worker has both answers).
# WARM=0 skips it; COLD=0 skips the cold figures.
set -u
bin=$1
src=${2:-$(cd "$(dirname "$0")/.." && pwd)}
limit=${3:-5}
groups=${4:-tents tracks tetravex hexiom tantrix tents50 tracks30 tracks40 tetravex8 tetravex9 hexiom38 hexiom40 tantrix20 tantrix30}
boards=${5:-30}
board_prog=${TETRAVEX_BOARD:-$(dirname "$bin")/bench/tetravex_board}
ab=${ASSIST_BENCH:-$(dirname "$bin")/bench/assist_bench}
aw=${ASSIST_WARM:-$(dirname "$bin")/bench/assist_warm}
cold=${COLD:-1}
warm=${WARM:-1}
for x in "$ab" "$aw"; do
    if [ ! -x "$x" ]; then
        echo "assist.sh: $x not found (cmake --build BUILD --target assist_bench assist_warm)" >&2
        exit 2
    fi
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run() { # LABEL FILE...
    local label=$1
    shift
    if [ "$cold" != 0 ]; then
        "$ab" --timeout "$limit" --label "$label" "$@" | sed -n '/^== /,$p'
    fi
    if [ "$warm" != 0 ]; then
        "$aw" --timeout "$limit" --label "$label" "$@" | sed -n '/^== /,$p'
    fi
}

p=$src/puzzles
for g in $groups; do
    case $g in
    tents) run "tents, bundled" "$p"/tents/*.tents ;;
    tracks) run "tracks, bundled" "$p"/tracks/*.tracks ;;
    tetravex) run "tetravex, bundled" "$p"/tetravex/*.tetravex ;;
    hexiom) run "hexiom, bundled" "$p"/hexiom/*.hexiom ;;
    tantrix) run "tantrix, bundled" "$p"/tantrix/*.tantrix ;;
    tents50) run "tents 50x50" "$p"/tents/50x50-*.tents ;;
    tracks30) run "tracks 30x30" "$p"/tracks/30x30-*.tracks ;;
    tracks40)
        head -3 "$src"/bench/tracks-40x40-easy.txt | awk -v d="$tmp" '{ f = d "/t40-" NR ".tracks"; print > f; close(f) }'
        run "tracks 40x40" "$tmp"/t40-*.tracks ;;
    tetravex8) run "tetravex 8x8" "$p"/tetravex/8x8-*.tetravex ;;
    tetravex9)
        if [ ! -x "$board_prog" ]; then
            echo "assist.sh: $board_prog not found (cmake --build BUILD --target tetravex_board)" >&2
            continue
        fi
        for i in $(seq "$boards"); do
            "$board_prog" 9 $((20261128000 + i)) >"$tmp/tv9-$(printf %03d "$i").tetravex"
        done
        run "tetravex 9x9, $boards random" "$tmp"/tv9-*.tetravex ;;
    hexiom38) run "hexiom level 38" "$p"/hexiom/level38.hexiom ;;
    hexiom40) run "hexiom level 40" "$p"/hexiom/level40.hexiom ;;
    tantrix20) run "tantrix discovery 20" "$p"/tantrix/discovery-20.tantrix ;;
    tantrix30) run "tantrix discovery 30" "$p"/tantrix/discovery-30.tantrix ;;
    *) echo "assist.sh: unknown group '$g'" >&2 ;;
    esac
done
