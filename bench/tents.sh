#!/bin/bash
# bench/tents.sh: Tents speed, by hand (not part of the test suite).
#   bash bench/tents.sh BINARY [SOURCE_DIR] [RUNS]
# For every size in Simon Tatham's IDs (shared bench data, else the copy in
# tests/data): the median CPU time of a whole `tessera --solve` process, and
# the median in-process wall time (parse+encode+solve, and the solve call
# alone) from solve_bench.  Then 30x30, 40x40 and 50x50 puzzles made
# by the generator, which Tatham's generator cannot reach.
set -u
bin=$1
src=${2:-$(cd "$(dirname "$0")/.." && pwd)}
runs=${3:-5}
sb=${SOLVE_BENCH:-$(dirname "$bin")/bench/solve_bench}
ids=$src/../shared/bench/tents/tatham-ids.txt
[ -f "$ids" ] || ids=$src/tests/data/tents/tatham-ids.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

source "$(dirname "$0")/lib/stats.sh"

# per-process median CPU time (user + system, ms) of one ID: CPU rather
# than wall time, because these machines are shared and noisy
process_ms() {
    local TIMEFORMAT='%3U %3S'
    for _ in $(seq "$runs"); do
        { time "$bin" --solve "$1" >/dev/null 2>&1 || echo "FAILED: $1" >&2; } 2>&1 |
            awk '{printf "%.3f\n", ($1 + $2) * 1000}'
    done | median
}

bench_group() { # label, file of IDs (one per line)
    local label=$1 list=$2 proc=()
    while read -r id; do proc+=("$(process_ms "$id")"); done <"$list"
    local pm=$(printf '%s\n' "${proc[@]}" | median)
    "$sb" --repeat "$runs" --ids "$list" >"$tmp/sb" || echo "solve_bench failed on $label" >&2
    local tm=$(awk 'NR > 1 {print $2}' "$tmp/sb" | median)
    local sm=$(awk 'NR > 1 {print $3}' "$tmp/sb" | median)
    printf '%-12s %4d %14s %14s %14s\n' "$label" "${#proc[@]}" "$pm" "$tm" "$sm"
}

printf '%-12s %4s %14s %14s %14s\n' group n "process cpu ms" "in-proc ms" "solver ms"
for group in $(cut -d: -f1 "$ids" | sort -u | sort -t x -k1,1n); do
    grep "^$group:" "$ids" >"$tmp/list"
    bench_group "$group" "$tmp/list"
done
for n in 30 40 50; do
    : >"$tmp/list"
    for seed in 1 2 3; do "$bin" --generate tents --size $n --seed $seed | grep -v '^#' >>"$tmp/list"; done
    bench_group "gen-${n}x${n}" "$tmp/list"
done
