#!/bin/bash
# seed.sh: (re)builds the parse harness's seed corpus, tests/fuzz/corpus/parse/,
# from the puzzles the project already has: tests/data/FAMILY, tests/bad/FAMILY
# and puzzles/FAMILY, each prefixed with its family's name line, plus the
# first 25 Tatham game IDs listed in tests/data/*/tatham-ids.txt.  Run
# it from anywhere when a family adds puzzles; it only adds files.
# It also copies tests/bad-saves/ into corpus/save/ (whose other seeds are
# saves written by the program); the argument seeds are written by hand.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/tests/fuzz/corpus/parse
mkdir -p "$out"
for dir in "$top"/tests/data/* "$top"/tests/bad/* "$top"/puzzles/*; do
    [ -d "$dir" ] || continue
    fam=$(basename "$dir")
    kind=$(basename "$(dirname "$dir")")
    for f in "$dir"/*; do
        [ -f "$f" ] || continue
        base=$(basename "$f")
        case "$base" in README* | *.md) continue ;; esac
        # real puzzles are a few KiB; very large seeds only slow the fuzzer
        [ "$(stat -c %s "$f")" -le 16384 ] || continue
        if [ "$base" = tatham-ids.txt ]; then
            i=0
            while IFS= read -r id; do
                case "$id" in '' | '#'*) continue ;; esac
                i=$((i + 1))
                [ $i -le 25 ] || break
                printf '%s\n%s' "$fam" "$id" >"$out/$fam-id-$i"
            done <"$f"
            continue
        fi
        { printf '%s\n' "$fam"; cat "$f"; } >"$out/$fam-$kind-$base"
    done
done
# the damaged saves seed the save harness too
mkdir -p "$top/tests/fuzz/corpus/save"
for f in "$top"/tests/bad-saves/*.save; do
    [ -f "$f" ] && cp "$f" "$top/tests/fuzz/corpus/save/bad-$(basename "$f")"
done
# input seeds: for each built-in puzzle of fuzz_input.c (8), three runs of
# 300 events drawn by bash's RANDOM from a fixed seed (so the same files
# come out every time), on a 40x120 terminal
mkdir -p "$top/tests/fuzz/corpus/input"
for p in 0 1 2 3 4 5 6 7; do
    for k in 1 2 3; do
        RANDOM=$((p * 10 + k))
        esc=$(printf '\\x%02x\\x%02x\\x%02x' "$p" 30 180
            for ((e = 0; e < 1200; e++)); do printf '\\x%02x' $((RANDOM % 256)); done)
        printf '%b' "$esc" >"$top/tests/fuzz/corpus/input/events-$p-$k"
    done
done
# the same text under two names is one seed
declare -A seen
for f in "$out"/*; do
    sum=$(md5sum <"$f" | cut -d' ' -f1)
    if [ -n "${seen[$sum]:-}" ]; then rm "$f"; else seen[$sum]=1; fi
done
ls "$out" | wc -l
