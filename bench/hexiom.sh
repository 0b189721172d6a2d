#!/bin/bash
# bench/hexiom.sh: Hexiom speed, by hand (not part of the test suite).
#   bash bench/hexiom.sh BINARY [SOURCE_DIR] [RUNS]
# Each of the 41 levels is solved by its own `tessera --solve` process,
# RUNS times (default 5); prints the median wall time per level, level 38,
# the sum of the medians, and the median time of a whole pass over all 41.
# Then `--count` (exact, limit far above the count) on levels 39 and 40,
# once each, under a 120 s limit (the goal is 60 s).
set -u
bin=$1
src=${2:-$(cd "$(dirname "$0")/.." && pwd)}
runs=${3:-5}
data=$src/tests/data/hexiom

now_ms() { echo $(($(date +%s%N) / 1000000)); }
median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

total=0
printf '%-8s %10s\n' level "median ms"
for f in "$data"/level*.txt; do
    name=$(basename "$f" .txt)
    times=()
    for ((i = 0; i < runs; i++)); do
        t0=$(now_ms)
        "$bin" --solve "$f" >/dev/null || { echo "FAILED: $name"; exit 1; }
        times+=($(($(now_ms) - t0)))
    done
    m=$(printf '%s\n' "${times[@]}" | median)
    printf '%-8s %10s\n' "$name" "$m"
    total=$(awk -v a="$total" -v b="$m" 'BEGIN {print a + b}')
    [ "$name" = level38 ] && l38=$m
done
passes=()
for ((i = 0; i < runs; i++)); do
    t0=$(now_ms)
    for f in "$data"/level*.txt; do "$bin" --solve "$f" >/dev/null; done
    passes+=($(($(now_ms) - t0)))
done
echo "level 38: ${l38} ms (goal: under 50 ms)"
echo "sum of the 41 medians: ${total} ms; whole pass, median of $runs: $(printf '%s\n' "${passes[@]}" | median) ms (goal: under 500 ms)"

for n in 39 40; do
    t0=$(now_ms)
    out=$("$bin" --count=1000000000 --timeout 120 "$data/level$n.txt" 2>&1)
    echo "count level $n: $out ($(($(now_ms) - t0)) ms; goal: exact within 60 s)"
done
