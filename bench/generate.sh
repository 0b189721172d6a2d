#!/bin/bash
# bench/generate.sh: puzzle generation speed, by hand (not part of the tests).
#   bash bench/generate.sh BINARY [SOURCE_DIR] [SEEDS]
# For each family, size and level: the median over seeds 1..SEEDS (default
# 3) of the family's generator alone ("gen"), of grading the puzzle chosen
# ("grade"), and of the whole `tessera --generate` in-process ("total": the
# uniqueness proof, the grades, and the retries a --difficulty may need),
# from bench/gen_bench.  "-" as a level means none asked for.  The large
# Train Tracks rows time the binary instead: the median wall time of the
# whole `tessera --generate`, which is what a player waits for (a level's
# attempts run side by side on the processors, so the median CPU time,
# user + sys, is printed beside it; TESSERA_THREADS=1 runs them one after
# the other).
set -u
bin=$1
seeds=${3:-3}
gb=${GEN_BENCH:-$(dirname "$bin")/bench/gen_bench}
if [ ! -x "$gb" ]; then
    echo "generate.sh: $gb not found (cmake --build BUILD --target gen_bench)" >&2
    exit 2
fi
tmp=$(mktemp)
trap 'rm -f "$tmp" "$tmp.g"' EXIT

source "$(dirname "$0")/lib/stats.sh"

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
binary_row() { # family size level: wall and CPU seconds of the whole --generate
    local s lv=() times
    [ "$3" != - ] && lv=(--difficulty "$3")
    times=$(for s in $(seq "$seeds"); do
        { TIMEFORMAT='%R %U %S'; time "$bin" --generate "$1" --size "$2" "${lv[@]}" --seed "$s" >"$tmp" 2>/dev/null; } 2>&1 |
            awk '{print $1, $2 + $3}'
        sed -n '1s/^# grade: //p' "$tmp" >>"$tmp.g"
    done)
    printf '%-9s %-6s %-7s %9s %9s %9.3f  %s (wall s; CPU s median %.3f)\n' "$1" "$2" "$3" - - \
        "$(echo "$times" | awk '{print $1}' | median)" "$(tr '\n' ' ' <"$tmp.g")" \
        "$(echo "$times" | awk '{print $2}' | median)"
    rm -f "$tmp.g"
}
for spec in "20 -" "30 hard" "40 -"; do binary_row tracks $spec; done
for n in 3 4 5; do row tetravex $n -; done
for n in 2 3 4 5 6; do for lv in easy medium hard; do row hexiom $n $lv; done; done
for n in 6 8 10 12 15; do row tantrix $n -; done
for lv in easy medium hard; do for n in 8 12; do row tantrix $n $lv; done; done
