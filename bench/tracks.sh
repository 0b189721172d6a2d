#!/bin/bash
# bench/tracks.sh: Train Tracks speed, by hand (not part of the test suite).
#   bash bench/tracks.sh BINARY [SOURCE_DIR] [RUNS]
# 1. Simon Tatham's IDs (shared bench data, else the copy in tests/data),
#    8x8 to 30x30 at each of his levels: the median CPU time of the solve
#    in-process (encode + solve) and of a whole `tessera --solve` process.
# 2. 40x40 puzzles from our generator (bench/tracks-40x40-*.txt), which
#    Tatham's generator does not reach at Tricky or Hard.
# 3. The encodings compared on the larger groups.  All have the lazy loop
#    cuts; "default" adds parity across lines and rules out 2x2, 2x3, 3x2
#    and 3x3-ring loops eagerly; the others leave some of that out, and
#    "eager" adds the eager connectivity encoding (a binary label per cell).
# Every answer is checked by the family's checker; "FAILED" marks a group
# where one was not.  Needs the tracks_bench program (the `bench` target).
set -u
bin=$1
src=${2:-$(cd "$(dirname "$0")/.." && pwd)}
runs=${3:-5}
if [ -n "${SOLVE_BENCH:-}" ]; then
    tb=$(dirname "$SOLVE_BENCH")/tracks_bench
else
    tb=$(dirname "$bin")/bench/tracks_bench
fi
[ -x "$tb" ] || { echo "no $tb: cmake --build BUILD --target tracks_bench" >&2; exit 2; }
ids=$src/../shared/bench/tracks/tatham-ids.txt
[ -f "$ids" ] || ids=$src/tests/data/tracks/tatham-ids.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== Tatham's IDs: in-process and per process (CPU ms) =="
"$tb" --reps "$runs" --process "$bin" "$ids"
cat <<'EOF'
   for comparison, Tatham's own solver (CPU ms, in-process / process):
   8x8 0.014-0.020 / 0.84-0.92; 10x10 0.031-0.047 / 1.0-1.07;
   15x15 0.10-0.20 / 1.06-1.31; 20x20 0.26-0.69 / 1.34-1.59; 30x30 1.0-1.9 / 2.0-3.0
EOF

echo
echo "== 40x40 from our generator (easy: a given per 5 track cells; medium: fewer) =="
"$tb" --reps "$runs" --process "$bin" --group-by-file "$src"/bench/tracks-40x40-*.txt

echo
echo "== encodings compared (in-process CPU ms) =="
grep -E '^(20x20dh|30x30de|30x30dt):' "$ids" >"$tmp/big.txt"
grep -h . "$src"/bench/tracks-40x40-*.txt >"$tmp/40.txt"
for enc in default no-small-loops squares-only no-parity eager; do
    echo "-- $enc"
    reps=3
    [ "$enc" = eager ] && reps=1 # ten to forty times slower
    "$tb" --reps "$reps" --encoding "$enc" "$tmp/big.txt" "$tmp/40.txt" | tail -n +3
done
