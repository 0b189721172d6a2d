#!/bin/bash
# bench/hexiom.sh: Hexiom speed, by hand (not part of the test suite).
#   bash bench/hexiom.sh BINARY [SOURCE_DIR] [RUNS]
# Each of the 41 levels is solved by its own `tessera --solve` process,
# RUNS times (default 5); prints per level the median wall time and the
# median CPU time (user + system; on a shared machine the fairer figure),
# level 38, the sums of the medians, and the median of whole passes over
# all 41 levels.  Then `--count` (exact: the limit is above the count)
# on levels 39 and 40, once each, under a 600 s limit (the goal is 60 s;
# level 40 takes about two and a half minutes of CPU, a minute and a
# half on two threads, and 8.4 GB, and with less memory falls back to
# enumeration, which runs out of time), with its CPU seconds (user +
# system), its wall time and the command.
set -u
bin=$1
src=${2:-$(cd "$(dirname "$0")/.." && pwd)}
runs=${3:-5}
data=$src/tests/data/hexiom
TIMEFORMAT='%3R %3U %3S'

source "$(dirname "$0")/lib/stats.sh"

sum_wall=0 sum_cpu=0
printf '%-8s %8s %8s\n' level "wall ms" "cpu ms"
for f in "$data"/level*.txt; do
    name=$(basename "$f" .txt)
    walls=() cpus=()
    for ((i = 0; i < runs; i++)); do
        t=$( { time "$bin" --solve "$f" >/dev/null || echo FAILED >&2; } 2>&1 )
        case $t in *FAILED*) echo "FAILED: $name"; exit 1 ;; esac
        read -r r u s <<<"$t"
        walls+=("$r")
        cpus+=("$(awk -v u="$u" -v s="$s" 'BEGIN {print u + s}')")
    done
    w=$(printf '%s\n' "${walls[@]}" | median | ms)
    c=$(printf '%s\n' "${cpus[@]}" | median | ms)
    printf '%-8s %8s %8s\n' "$name" "$w" "$c"
    sum_wall=$((sum_wall + w))
    sum_cpu=$((sum_cpu + c))
    [ "$name" = level38 ] && l38="$w ms wall, $c ms cpu"
done
passes=() pcpu=()
for ((i = 0; i < runs; i++)); do
    t=$( { time for f in "$data"/level*.txt; do "$bin" --solve "$f" >/dev/null; done; } 2>&1 )
    read -r r u s <<<"$t"
    passes+=("$r")
    pcpu+=("$(awk -v u="$u" -v s="$s" 'BEGIN {print u + s}')")
done
echo "level 38 (median): $l38 (goal: under 50 ms)"
echo "sum of the 41 medians: $sum_wall ms wall, $sum_cpu ms cpu"
echo "whole pass of 41 processes (median of $runs): $(printf '%s\n' "${passes[@]}" | median | ms) ms wall," \
     "$(printf '%s\n' "${pcpu[@]}" | median | ms) ms cpu (goal: under 500 ms)"

out=${TMPDIR:-/tmp}/hexiom-count.$$
for n in 39 40; do
    cmd=("$bin" --count=10000000000000 --timeout 600 "$data/level$n.txt")
    t=$( { time "${cmd[@]}" >"$out" 2>&1; } 2>&1 )
    read -r r u s <<<"$t"
    echo "count level $n: $(tr '\n' ' ' <"$out")($(awk -v u="$u" -v s="$s" 'BEGIN {print u + s}') s cpu," \
         "$r s wall; goal: exact within 60 s)"
    echo "  command: ${cmd[*]}"
    rm -f "$out"
done
