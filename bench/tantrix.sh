#!/bin/bash
# bench/tantrix.sh: Tantrix Discovery speed, by hand (not part of the tests).
#   bash bench/tantrix.sh BINARY [SOURCE_DIR] [RUNS]
# Each Discovery puzzle n = 3..30 is solved by its own `tessera --solve`
# process, RUNS times (default 3), under a 120 s limit per run; tessera
# prints only answers its rules checker accepts, so a line here is a
# verified loop.  Prints per n the median wall and CPU (user + system)
# times and the largest CPU time of the runs, then the sums of the medians
# (goals, issue 23: all 28 under 5 s of CPU, n = 30 under 1 s).  An n not
# reached in time is reported as such, and the script then exits 1.
set -u
bin=$1
src=${2:-$(cd "$(dirname "$0")/.." && pwd)}
runs=${3:-3}
TIMEFORMAT='%3R %3U %3S'

source "$(dirname "$0")/lib/stats.sh"

out=${TMPDIR:-/tmp}/tantrix-bench.$$
trap 'rm -f "$out"' EXIT
sum_wall=0 sum_cpu=0 failed=0
printf '%-4s %-7s %9s %9s %9s  %s\n' n colour "wall ms" "cpu ms" "max cpu" "wall s of the runs"
for n in $(seq 3 30); do
    f=$(printf '%s/puzzles/tantrix/discovery-%02d.tantrix' "$src" "$n")
    walls=() cpus=()
    for ((i = 0; i < runs; i++)); do
        t=$( { time "$bin" --solve --timeout 120 "$f" >"$out" 2>&1; } 2>&1 )
        if [ "$(wc -l <"$out")" -ne "$n" ] || grep -q tessera "$out"; then
            printf '%-4s NOT REACHED: %s\n' "$n" "$(head -1 "$out")"
            failed=$((failed + 1))
            continue 2
        fi
        read -r r u s <<<"$t"
        walls+=("$r")
        cpus+=("$(awk -v u="$u" -v s="$s" 'BEGIN {print u + s}')")
    done
    w=$(printf '%s\n' "${walls[@]}" | median | ms)
    c=$(printf '%s\n' "${cpus[@]}" | median | ms)
    m=$(printf '%s\n' "${cpus[@]}" | sort -g | tail -1 | ms)
    printf '%-4s %-7s %9s %9s %9s  %s\n' "$n" "$(grep -o 'one [a-z]* loop' "$f" | cut -d' ' -f2)" "$w" "$c" "$m" \
        "$(printf '%s ' "${walls[@]}")"
    sum_wall=$((sum_wall + w))
    sum_cpu=$((sum_cpu + c))
done
echo "sum of the medians, n = 3..30: $sum_wall ms wall, $sum_cpu ms cpu (goals: sum under 5000 ms, n = 30 under 1000 ms)"
[ "$failed" -eq 0 ] || { echo "$failed puzzle(s) not reached"; exit 1; }
