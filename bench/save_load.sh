#!/bin/bash
# bench/save_load.sh: how long reading a long saved game takes, by hand
# (not part of the test suite).
#   bash bench/save_load.sh BINARY [SOURCE_DIR] [RUNS] [PUZZLE] [STEPS]
# A puzzle (default the bundled 50x50 Tents; the issue's 256x256 boards
# take minutes to generate) and a valid save of it with STEPS steps
# (default 1,000,000) that put grass on blank cells and take it away
# again, as in issue 24's report; then the CPU seconds of reading it in
# process ($LOAD_BENCH: the solver a --check would add is left out) over
# RUNS runs (default 5): median, 95th percentile and largest.
set -u
bin=$1
src=${2:-$(cd "$(dirname "$0")/.." && pwd)}
runs=${3:-5}
puzzle=${4:-$src/puzzles/tents/50x50-hard-01.tents}
steps=${5:-1000000}
lb=${LOAD_BENCH:-$(dirname "$bin")/bench/load_bench}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$lb" --make "$puzzle" "$steps" "$tmp/long.save" || exit 1
for _ in $(seq "$runs"); do
    "$lb" "$tmp/long.save" | awk '{print $2}'
done >"$tmp/cpu"
printf '%s, %d steps, %s bytes: CPU seconds to read it, %d runs\n' "$(basename "$puzzle")" "$steps" \
    "$(stat -c %s "$tmp/long.save")" "$runs"
sort -n "$tmp/cpu" | awk '{a[NR] = $1} END {
    p = int(NR * 0.95 + 0.999); if (p < 1) p = 1
    printf "median %s  p95 %s  max %s\n", (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2, a[p], a[NR]
}'
