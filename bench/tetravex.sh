#!/bin/bash
# bench/tetravex.sh: Tetravex speed, by hand (not part of the test suite).
#   bash bench/tetravex.sh BINARY [SOURCE_DIR] [PUZZLES_PER_SIZE] [TIMEOUT] [SIZES]
# Random boards in GNOME Tetravex's model (every edge, border included, a
# uniform number in 0..9, tiles shuffled), made by bench/tetravex_board.c
# from seeds fixed once (board i of size n: seed 20261125000 + 1000 n + i)
# and never chosen to suit the solver.
#  1. Per size (SIZES, default "6 7 8 9"; PUZZLES_PER_SIZE default 30): one
#     `tessera --timeout TIMEOUT --solve` process per puzzle (the family's
#     own search, confirmed by the solver; its corner searches run side by
#     side on up to four threads, TESSERA_THREADS).  Every printed answer
#     is checked by the family's independent checker (bench/tetravex_answer.c);
#     a wrong one is reported and counted.  Prints the median, p95
#     (nearest rank) and largest CPU time (user + system of that process),
#     the median wall time and how many puzzles ran out of time (exit
#     status 3; they rank above every solved one, so a figure among them
#     reads "not reached").  Once every puzzle of a size ran out of time,
#     larger sizes are printed as not tried.
#  2. When the `cadical` program is installed (Debian package cadical, the
#     same CaDiCaL as the library): the encodings compared on the 7x7 and
#     8x8 boards, each CNF solved by `cadical -q` under the same limit, CPU
#     time of the cadical process: tessera's own (`--dimacs`: tile types in
#     cells, one number per internal edge) against tile-in-cell with
#     ladder at-most-ones and support clauses ("if tile t is here, one of
#     the tiles that show t's right number on their left is to the right"),
#     built by awk below.  Set TETRAVEX_BENCH_COMPARE=0 to skip it.
# The two helper programs are found in $TETRAVEX_BOARD and $TETRAVEX_ANSWER,
# else next to BINARY in bench/ (`cmake --build build --target bench`).
set -u
bin=$1
runs=${3:-30}
limit=${4:-60}
sizes=${5:-6 7 8 9}
board_prog=${TETRAVEX_BOARD:-$(dirname "$bin")/bench/tetravex_board}
answer_prog=${TETRAVEX_ANSWER:-$(dirname "$bin")/bench/tetravex_answer}
for p in "$board_prog" "$answer_prog"; do
    [ -x "$p" ] || { echo "bench/tetravex.sh: $p is missing (cmake --build build --target bench)" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

board() { # N I: board I of size N
    "$board_prog" "$1" $((20261125000 + 1000 * $1 + $2))
}

# The support-clause encoding of a tile list (stdin) as DIMACS.  Identical
# tiles stay separate tiles here (more symmetric solutions, same answer).
support_cnf() {
    awk 'function amo(list, k,   i, prev, next_) { # Sinz ladder over list[1..k]
             if (k < 2) return
             prev = ++nv; cl[++nc] = (-list[1]) " " prev
             for (i = 2; i <= k; i++) {
                 cl[++nc] = (-list[i]) " " (-prev)
                 if (i < k) { next_ = ++nv; cl[++nc] = (-prev) " " next_; cl[++nc] = (-list[i]) " " next_; prev = next_ }
             }
         }
         /^[0-9][0-9][0-9][0-9]$/ { m++; for (s = 0; s < 4; s++) v[m - 1, s] = substr($0, s + 1, 1) }
         END {
             n = int(sqrt(m) + 0.5); nv = m * m
             for (c = 0; c < m; c++) { line = ""; for (t = 0; t < m; t++) { L[t + 1] = t * m + c + 1; line = line " " L[t + 1] }
                 cl[++nc] = line; amo(L, m) }
             for (t = 0; t < m; t++) { line = ""; for (c = 0; c < m; c++) { L[c + 1] = t * m + c + 1; line = line " " L[c + 1] }
                 cl[++nc] = line; amo(L, m) }
             split("0 1 0 -1", dx, " "); split("-1 0 1 0", dy, " ")
             for (c = 0; c < m; c++) for (d = 0; d < 4; d++) {
                 x = c % n + dx[d + 1]; y = int(c / n) + dy[d + 1]
                 if (x < 0 || y < 0 || x >= n || y >= n) continue
                 c2 = y * n + x
                 for (t = 0; t < m; t++) { line = "" (-(t * m + c + 1))
                     for (u = 0; u < m; u++) if (v[u, (d + 2) % 4] == v[t, d]) line = line " " (u * m + c2 + 1)
                     cl[++nc] = line }
             }
             print "p cnf", nv, nc
             for (i = 1; i <= nc; i++) print cl[i], 0
         }'
}

# The median, p95 (nearest rank) and largest of the times on stdin, as
# three words; a run that ran out of time is written as "timeout" and ranks
# above every time, so a figure among them reads "not_reached" (the limit
# is on wall time; on a loaded machine the CPU time spent until then is
# lower).
quantiles() {
    sed "s/^timeout$/1e99/" | sort -g | awk '{a[NR] = $1}
        function show(x) { return x >= 1e98 ? "not_reached" : x }
        END { m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2
              p = int((95 * NR + 99) / 100)
              print show(m), show(a[p]), show(a[NR]) }'
}

median() {
    quantiles | awk '{print $1}'
}

# Wall and CPU seconds of a command, "WALL CPU", its stdout in the file
# OUT (its exit status in $tmp/rc)
wall_cpu_to() {
    local out=$1 t TIMEFORMAT='%3R %3U %3S'
    shift
    t=$({ time "$@" >"$out" 2>/dev/null; echo $? >"$tmp/rc"; } 2>&1)
    echo "$t" | awk '{print $1, $2 + $3}'
}

wall_cpu() {
    wall_cpu_to /dev/null "$@"
}

# CPU seconds of a command (its exit status in $tmp/rc)
cpu() {
    wall_cpu "$@" | awk '{print $2}'
}

echo "tessera --solve, random boards with 10 values, $runs per size, --timeout $limit"
printf '%-6s %4s %11s %11s %11s %14s %9s %6s\n' size n "median cpu" "p95 cpu" "max cpu" \
    "median wall" timeouts wrong
gave_up=
for n in $sizes; do
    if [ -n "$gave_up" ]; then
        printf '%-6s %4d %11s\n' "${n}x${n}" 0 "not tried"
        continue
    fi
    : >"$tmp/walls"
    : >"$tmp/cpus"
    out=0 wrong=0
    for i in $(seq "$runs"); do
        board "$n" "$i" >"$tmp/p.tetravex"
        read -r w c <<<"$(wall_cpu_to "$tmp/answer" "$bin" --timeout "$limit" --solve "$tmp/p.tetravex")"
        rc=$(cat "$tmp/rc")
        if [ "$rc" = 3 ]; then
            out=$((out + 1))
            w=timeout c=timeout
        elif [ "$rc" != 0 ] || ! "$answer_prog" "$tmp/p.tetravex" "$tmp/answer"; then
            echo "wrong or no answer (exit $rc) at ${n}x${n} #$i" >&2
            wrong=$((wrong + 1))
        fi
        [ -z "${TETRAVEX_BENCH_VERBOSE:-}" ] || echo "${n}x${n} #$i cpu $c wall $w" >&2
        echo "$w" >>"$tmp/walls"
        echo "$c" >>"$tmp/cpus"
    done
    read -r cm cp cx <<<"$(quantiles <"$tmp/cpus")"
    printf '%-6s %4d %11s %11s %11s %14s %9d %6d\n' "${n}x${n}" "$runs" "$cm" "$cp" "$cx" \
        "$(median <"$tmp/walls")" "$out" "$wrong"
    [ "$out" -lt "$runs" ] || gave_up=1
done

if [ "${TETRAVEX_BENCH_COMPARE:-1}" = 0 ] || ! command -v cadical >/dev/null; then
    exit 0
fi
echo
echo "encodings compared: cadical -q -t $limit (wall seconds) on each CNF, $runs boards per size"
printf '%-6s %-22s %9s %9s %16s %10s\n' size encoding vars clauses "median cpu s" "timeouts"
for n in 7 8; do
    for enc in edge-numbers support; do
        : >"$tmp/times"
        out=0
        for i in $(seq "$runs"); do
            board "$n" "$i" >"$tmp/p.tetravex"
            if [ $enc = support ]; then
                support_cnf <"$tmp/p.tetravex" >"$tmp/p.cnf"
            else
                "$bin" --dimacs "$tmp/p.cnf" "$tmp/p.tetravex"
            fi
            t=$(cpu cadical -q -t "$limit" "$tmp/p.cnf")
            rc=$(cat "$tmp/rc")
            if [ "$rc" != 10 ]; then
                out=$((out + 1))
                t=timeout
            fi
            echo "$t" >>"$tmp/times"
        done
        hdr=$(grep -m1 '^p cnf' "$tmp/p.cnf")
        set -- $hdr
        printf '%-6s %-22s %9s %9s %16s %10d\n' "${n}x${n}" $enc "$3" "$4" "$(median <"$tmp/times")" "$out"
    done
done
