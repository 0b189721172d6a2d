#!/bin/bash
# player_hint.sh: how long the player's h takes, as a player feels it: the
# real binary in tmux, from the key to the answer on the screen, on a new
# game of each puzzle once the worker thinking ahead has had WARM seconds
# (default 3), beside a fresh `tessera --hint` on the save of that game.
# The time from a key to the screen through tmux is not zero: the help
# key `?` on the same screen is timed too, as the floor.
# Usage: player_hint.sh BINARY SOURCE_DIR [RUNS] [PUZZLE...]
# Prints median/p95/max in ms per puzzle.  Needs tmux.
set -u
source "$2/tests/tui/lib.sh"
tui_init "$1" "$2"
runs=${3:-5}
shift 3 2>/dev/null || shift $#
WARM=${WARM:-3}
puzzles=("$@")
[ ${#puzzles[@]} -gt 0 ] || puzzles=(
    "$SRC/puzzles/tents/20x20-01.tents"
    "$SRC/puzzles/tracks/15x15-easy-01.tracks"
    "$SRC/puzzles/tetravex/5x5-01.tetravex"
    "$SRC/puzzles/hexiom/level20.hexiom"
    "$SRC/puzzles/tantrix/discovery-10.tantrix"
)

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# stats MS...: median, p95 and max
stats() {
    sort -n | awk '{v[NR]=$1} END {p=int(NR*0.95+0.999); if (p<1) p=1;
        printf "median %5d  p95 %5d  max %5d", v[int((NR+1)/2)], v[p], v[NR]}'
}

answered() { capture | tail -2 | grep -qE "hint:|nothing is forced|no hint"; }

printf "%-24s %-38s %-38s %s\n" "puzzle" "player h (warm ${WARM}s), ms" "player ? (the floor), ms" \
    "--hint (cold), ms"
for p in "${puzzles[@]}"; do
    player=() batch=() floor=()
    for ((i = 0; i < runs; i++)); do
        rm -rf "$XDG_STATE_HOME/tessera"
        start_session -x 200 -y 70 "$p"
        wait_for "? help" 30
        sleep "$WARM"
        t0=$(now_ms)
        send '?'
        until capture | grep -q "Ctrl-Z"; do sleep 0.005; done
        floor+=($(($(now_ms) - t0)))
        send Space
        wait_gone "Ctrl-Z"
        t0=$(now_ms)
        send h
        until answered; do sleep 0.005; done
        player+=($(($(now_ms) - t0)))
        send q
        wait_for "TESSERA-EXIT=0" 60
        save=$(ls "$XDG_STATE_HOME"/tessera/*.save)
        t0=$(now_ms)
        "$TESSERA" --hint "$save" >/dev/null 2>&1
        batch+=($(($(now_ms) - t0)))
    done
    printf "%-24s %-38s %-38s %s\n" "$(basename "$p")" "$(printf '%s\n' "${player[@]}" | stats)" \
        "$(printf '%s\n' "${floor[@]}" | stats)" "$(printf '%s\n' "${batch[@]}" | stats)"
done
