#!/bin/bash
# bench/tetravex.sh: Tetravex speed, by hand (not part of the test suite).
#   bash bench/tetravex.sh BINARY [SOURCE_DIR] [PUZZLES_PER_SIZE] [TIMEOUT]
# Random boards in GNOME Tetravex's model (every edge a uniform number in
# 0..9, tiles shuffled; made here by awk with a fixed seed per puzzle), one
# `tessera --solve --timeout` process each; prints per size the median CPU
# time (user + system) and how many ran out of time.
set -u
bin=$1
runs=${3:-5}
limit=${4:-60}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

board() { # N SEED: a shuffled tile list
    awk -v n="$1" -v seed="$2" 'BEGIN {
        srand(seed)
        for (y = 0; y < n; y++) for (x = 0; x < n; x++) {
            t = (y ? b[y - 1, x] : int(rand() * 10)); l = (x ? r[y, x - 1] : int(rand() * 10))
            r[y, x] = int(rand() * 10); b[y, x] = int(rand() * 10)
            tile[y * n + x] = t "" r[y, x] "" b[y, x] "" l
        }
        m = n * n
        for (i = m - 1; i > 0; i--) { j = int(rand() * (i + 1)); s = tile[i]; tile[i] = tile[j]; tile[j] = s }
        for (i = 0; i < m; i++) print tile[i]
    }'
}
median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

printf '%-6s %4s %16s %10s\n' size n "median cpu s" "timeouts"
for n in 4 5 6 7 8 9 10; do
    : >"$tmp/times"
    out=0
    for i in $(seq "$runs"); do
        board "$n" $((1000 * n + i)) >"$tmp/p.tetravex"
        TIMEFORMAT='%3U %3S'
        t=$({ time "$bin" --timeout "$limit" --solve "$tmp/p.tetravex" >/dev/null 2>&1; echo "rc=$?" >"$tmp/rc"; } 2>&1)
        rc=$(cut -d= -f2 <"$tmp/rc")
        [ "$rc" = 3 ] && out=$((out + 1))
        [ "$rc" = 0 ] || [ "$rc" = 3 ] || echo "unexpected exit $rc at ${n}x${n} #$i" >&2
        echo "$t" | awk '{print $1 + $2}' >>"$tmp/times"
    done
    printf '%-6s %4d %16s %10d\n' "${n}x${n}" "$runs" "$(median <"$tmp/times")" "$out"
done
