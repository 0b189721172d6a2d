#!/bin/bash
# bench/new_puzzle.sh: how long the player's "New puzzle" waits, per family,
# size and difficulty: the whole in-process --generate (bench/gen_bench's
# "total s": generator, uniqueness proof, grading, retries for the level)
# over fixed seeds, with median, p95 and max.  Decides which sizes the
# picker offers (src/player/tui/new_puzzle_table.c; bench/NOTES.md).  By hand:
#   bash bench/new_puzzle.sh BINARY [SOURCE_DIR] [SEEDS] [FAMILY]
# (gen_bench is found next to BINARY, or in $GEN_BENCH).  A row whose
# first 5 seeds already take a median over 20 s stops there (too slow to
# offer; the row says how many seeds it ran).
set -u
bin=$1
seeds=${3:-30}
only=${4:-}
gb=${GEN_BENCH:-$(dirname "$bin")/bench/gen_bench}
if [ ! -x "$gb" ]; then
    echo "new_puzzle.sh: $gb not found (cmake --build BUILD --target gen_bench)" >&2
    exit 2
fi
source "$(dirname "$0")/lib/stats.sh"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
# p95 and max of the numbers on stdin
p95() { sort -n | awk '{a[NR] = $1} END {i = int(NR * 0.95 + 0.999); if (i < 1) i = 1; print a[i]}'; }
maxof() { sort -n | tail -1; }

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), load: $(uptime | sed 's/.*load average: //')"
printf '%-9s %-5s %-7s %5s %8s %8s %8s\n' family size level seeds "median s" "p95 s" "max s"
row() { # family size level
    [ -n "$only" ] && [ "$only" != "$1" ] && return
    "$gb" "$1" "$2" "$3" $(seq 5) >"$tmp" 2>&1
    local first
    first=$(awk 'NR > 1 && NF == 9 {print $7}' "$tmp" | median)
    if awk -v m="${first:-999}" 'BEGIN {exit !(m <= 20)}' && [ "$seeds" -gt 5 ]; then
        "$gb" "$1" "$2" "$3" $(seq 6 "$seeds") 2>&1 | tail -n +2 >>"$tmp"
    fi
    local n med p mx
    n=$(awk 'NR > 1 && NF == 9' "$tmp" | wc -l)
    if [ "$n" -eq 0 ]; then
        printf '%-9s %-5s %-7s  %s\n' "$1" "$2" "$3" "$(tail -1 "$tmp")"
        return
    fi
    med=$(awk 'NR > 1 && NF == 9 {print $7}' "$tmp" | median)
    p=$(awk 'NR > 1 && NF == 9 {print $7}' "$tmp" | p95)
    mx=$(awk 'NR > 1 && NF == 9 {print $7}' "$tmp" | maxof)
    printf '%-9s %-5s %-7s %5d %8.2f %8.2f %8.2f\n' "$1" "$2" "$3" "$n" "$med" "$p" "$mx"
}
for lv in easy medium hard; do for n in 6 8 10 15 20; do row tents $n $lv; done; done
for lv in easy medium hard; do for n in 6 8 10 12 15; do row tracks $n $lv; done; done
for lv in easy medium hard; do for n in 3 4 5; do row tetravex $n $lv; done; done
row tetravex 6 -
for lv in easy medium hard; do for n in 2 3 4; do row hexiom $n $lv; done; done
for lv in easy medium hard; do for n in 6 8 10 12; do row tantrix $n $lv; done; done
