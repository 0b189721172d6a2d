#!/bin/bash
# bench/generate.sh: puzzle generation speed, by hand (not part of the tests).
#   bash bench/generate.sh BINARY [SOURCE_DIR] [SEEDS]
# For each family, size and level: the median over seeds 1..SEEDS (default
# 3) of the family's generator alone ("gen"), of grading the puzzle chosen
# ("grade"), and of the whole `tessera --generate` in-process ("total": the
# uniqueness proof, the grades, and the retries a --difficulty may need),
# from bench/gen_bench.  "-" as a level means none asked for.  The Train
# Tracks 30x30 and 40x40 rows take minutes each.
set -u
bin=$1
seeds=${3:-3}
gb=${GEN_BENCH:-$(dirname "$bin")/bench/gen_bench}
if [ ! -x "$gb" ]; then
    echo "generate.sh: $gb not found (cmake --build BUILD --target gen_bench)" >&2
    exit 2
fi
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

printf '%-9s %-6s %-7s %9s %9s %9s  %s\n' family size level "gen s" "grade s" "total s" "grades (attempts)"
row() { # family size level
    "$gb" "$1" "$2" "$3" $(seq "$seeds") >"$tmp" 2>&1
    local gen grade total grades
    if ! awk 'NR > 1 && NF == 9 {found = 1} END {exit !found}' "$tmp"; then
        printf '%-9s %-6s %-7s  %s\n' "$1" "$2" "$3" "$(tail -1 "$tmp")"
        return
    fi
    gen=$(awk 'NR > 1 && NF == 9 {print $5}' "$tmp" | median)
    grade=$(awk 'NR > 1 && NF == 9 {print $6}' "$tmp" | median)
    total=$(awk 'NR > 1 && NF == 9 {print $7}' "$tmp" | median)
    grades=$(awk 'NR > 1 && NF == 9 {printf "%s%s(%s)", sep, $9, $8; sep = " "}' "$tmp")
    printf '%-9s %-6s %-7s %9.3f %9.3f %9.3f  %s\n' "$1" "$2" "$3" "$gen" "$grade" "$total" "$grades"
}

for n in 10 20 30 50; do row tents $n -; done
for lv in easy medium hard; do for n in 10 30; do row tents $n $lv; done; done
row tents 50 hard
for n in 8 10 15; do for lv in - easy medium hard; do row tracks $n $lv; done; done
row tracks 20 -
row tracks 30 hard
row tracks 40 -
for n in 3 4 5; do row tetravex $n -; done
for n in 2 3 4 5 6; do for lv in easy medium hard; do row hexiom $n $lv; done; done
for n in 5 7 9; do row tantrix $n -; done
