#!/bin/bash
# bench/cold_hint.sh: a fresh `tessera --hint` on the starting position of
# every bundled puzzle, as a player's first h on a new game would be asked
# in batch (by hand, not part of the test suite).
#   bash bench/cold_hint.sh BINARY [SOURCE_DIR] [RUNS] [FAMILIES]
# Each puzzle's start is saved by bench/start_save (built next to BINARY:
# `cmake --build BUILD --target start_save`; or $START_SAVE), then
# `tessera --hint SAVE` runs RUNS times (default 1) under the default time
# limit.  Prints per family the CPU time (user + system) and the wall time
# of the whole process, median / p95 (nearest rank) / max in ms, how many
# answers were "no answer within the limit" (exit 3), and the slowest
# puzzle.  FAMILIES: a subset of the directories under puzzles/.
set -u
bin=$1
src=${2:-$(cd "$(dirname "$0")/.." && pwd)}
runs=${3:-1}
families=${4:-tents tracks tetravex hexiom tantrix}
ss=${START_SAVE:-$(dirname "$bin")/bench/start_save}
[ -x "$ss" ] || { echo "cold_hint.sh: $ss not found (cmake --build BUILD --target start_save)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

stats() { # reads "ms" lines: median, p95, max
    sort -n | awk '{v[NR]=$1} END {p=int(NR*0.95+0.999); if (p<1) p=1;
        printf "%7.0f %7.0f %7.0f", v[int((NR+1)/2)], v[p], v[NR]}'
}

printf "%-9s %4s | %23s | %23s | %s\n" family n "cpu ms p50 / p95 / max" "wall ms p50 / p95 / max" \
    "no answer; slowest (cpu ms)"
for fam in $families; do
    : >"$tmp/cpu" ; : >"$tmp/wall" ; : >"$tmp/each"
    unknown=0
    for p in "$src"/puzzles/"$fam"/*.*; do
        case $p in *README*) continue ;; esac
        "$ss" "$p" "$tmp/start.save" || continue
        for ((r = 0; r < runs; r++)); do
            /usr/bin/time -f "%U %S %e" -o "$tmp/time" "$bin" --hint "$tmp/start.save" >/dev/null 2>&1
            rc=$?
            [ "$rc" = 3 ] && unknown=$((unknown + 1))
            read -r u s e <"$tmp/time"
            cpu=$(awk -v u="$u" -v s="$s" 'BEGIN {printf "%.0f", (u + s) * 1000}')
            echo "$cpu" >>"$tmp/cpu"
            awk -v e="$e" 'BEGIN {printf "%.0f\n", e * 1000}' >>"$tmp/wall"
            echo "$cpu $(basename "$p")" >>"$tmp/each"
        done
    done
    n=$(wc -l <"$tmp/cpu")
    [ "$n" -gt 0 ] || continue
    printf "%-9s %4d | %23s | %23s | %d; %s\n" "$fam" "$n" "$(stats <"$tmp/cpu")" "$(stats <"$tmp/wall")" \
        "$unknown" "$(sort -n "$tmp/each" | tail -1 | awk '{print $2 " (" $1 ")"}')"
done
