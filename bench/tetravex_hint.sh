#!/bin/bash
# bench/tetravex_hint.sh: a fresh `tessera --hint` on the empty board of
# random Tetravex boards, a player's first h, by hand (not part of the
# test suite).
#   bash bench/tetravex_hint.sh [-n SIZE] [-c COUNT] [-t TIMEOUT] BINARY [BINARY2]
# Boards come from bench/tetravex_board (GNOME's model, ten numbers) with
# the seeds bench/tetravex.sh uses (board i of size n: seed
# 20261125000 + 1000 n + i, i = 1..COUNT; default size 9, 30 boards), each
# saved empty by bench/start_save; both are looked up next to BINARY in
# bench/ ($TETRAVEX_BOARD, $START_SAVE).  Each binary runs `--timeout
# TIMEOUT --hint` (default 5 s, the player's limit) on each board, the two
# in turn so that both see the same load.  Prints per binary the CPU time
# (user + system) and the wall time of the process, median / p95 (nearest
# rank) / max in ms, and how many hints were forced, a choice, or no
# answer within the limit (exit 3), and how many answered within 2 s of
# wall time.  The hint's own answer is checked by
# the tests, not here.
set -u
size=9 count=30 limit=5
while getopts n:c:t: opt; do
    case $opt in
    n) size=$OPTARG ;;
    c) count=$OPTARG ;;
    t) limit=$OPTARG ;;
    *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: bench/tetravex_hint.sh [-n SIZE] [-c COUNT] [-t TIMEOUT] BINARY [BINARY2]" >&2; exit 2; }
bins=("$@")
board_prog=${TETRAVEX_BOARD:-$(dirname "$1")/bench/tetravex_board}
ss=${START_SAVE:-$(dirname "$1")/bench/start_save}
for p in "$board_prog" "$ss"; do
    [ -x "$p" ] || { echo "bench/tetravex_hint.sh: $p is missing (cmake --build BUILD --target tetravex_board start_save)" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

stats() { # reads "ms" lines: median, p95, max
    sort -n | awk '{v[NR]=$1} END {p=int(NR*0.95+0.999); if (p<1) p=1;
        printf "%7.0f %7.0f %7.0f", v[int((NR+1)/2)], v[p], v[NR]}'
}

for ((i = 1; i <= count; i++)); do
    "$board_prog" "$size" $((20261125000 + 1000 * size + i)) >"$tmp/board.tetravex"
    "$ss" "$tmp/board.tetravex" "$tmp/b$i.save" || exit 2
    for b in "${!bins[@]}"; do
        /usr/bin/time -f "%U %S %e" -o "$tmp/time" "${bins[$b]}" --timeout "$limit" --hint "$tmp/b$i.save" \
            >"$tmp/out" 2>&1
        rc=$?
        read -r u s e < <(tail -n 1 "$tmp/time")
        awk -v u="$u" -v s="$s" 'BEGIN {printf "%.0f\n", (u + s) * 1000}' >>"$tmp/cpu$b"
        awk -v e="$e" 'BEGIN {printf "%.0f\n", e * 1000}' >>"$tmp/wall$b"
        if [ "$rc" = 3 ]; then
            echo unknown >>"$tmp/label$b"
        elif grep -q "^forced" "$tmp/out"; then
            echo forced >>"$tmp/label$b"
        else
            echo other >>"$tmp/label$b"
        fi
        # an answer within the issue's 2 s of wall time
        [ "$rc" != 3 ] && awk -v e="$e" 'BEGIN {exit !(e <= 2)}' && echo quick >>"$tmp/label$b"
    done
done
printf "%dx%d, %d boards, --timeout %s\n" "$size" "$size" "$count" "$limit"
printf "%-30s | %23s | %23s | %s\n" binary "cpu ms p50 / p95 / max" "wall ms p50 / p95 / max" \
    "forced / other / no answer; in 2 s"
for b in "${!bins[@]}"; do
    printf "%-30s | %s | %s | %d / %d / %d; %d\n" "$(printf %s "${bins[$b]}" | tail -c 30)" "$(stats <"$tmp/cpu$b")" \
        "$(stats <"$tmp/wall$b")" "$(grep -c forced "$tmp/label$b")" "$(grep -c other "$tmp/label$b")" \
        "$(grep -c unknown "$tmp/label$b")" "$(grep -c quick "$tmp/label$b")"
done
