#!/bin/bash
# batch.sh: valgrind memcheck over the batch commands of every registered
# family (the list comes from the binary itself): --solve, --count,
# --dimacs, --generate (where offered), --check and --hint on saved games,
# bad puzzles and damaged saves, and a time limit that runs out.  Any
# memory error or a definite/indirect leak fails (valgrind exits 99).
# usage: batch.sh BINARY SOURCE_DIR
set -u
bin=$1 src=$2
if ! command -v valgrind >/dev/null; then
    echo "FAIL: valgrind is not installed (Debian: apt-get install valgrind); this test needs it"
    exit 1
fi
VG=(valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=99
    --show-leak-kinds=definite,indirect)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_STATE_HOME=$tmp/state
fail=0 runs=0

# vg "EXPECTED-STATUSES" ARGS...: one command under memcheck
vg() {
    local want=$1 rc
    shift
    runs=$((runs + 1))
    timeout 300 "${VG[@]}" "$bin" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    rc=$?
    if [ $rc -eq 99 ] || grep -q '^==[0-9]*==' "$tmp/err"; then
        echo "FAIL (memcheck): tessera $*"
        grep '^==' "$tmp/err" | head -40
        fail=$((fail + 1))
    elif [[ " $want " != *" $rc "* ]]; then
        echo "FAIL (exit $rc, expected $want): tessera $*"
        head -5 "$tmp/err"
        fail=$((fail + 1))
    fi
}

# the registered families, as the binary lists them for an unknown name
families=$("$bin" --solve x --game no-such-game 2>&1 | sed -n 's/.*expected one of: \(.*\))$/\1/p' | tr -d ,)
[ -n "$families" ] || { echo "FAIL: cannot read the family list from tessera"; exit 1; }
echo "families: $families"

for fam in $families; do
    # the smallest bundled or test puzzle of the family
    puz=$(ls -S "$src"/puzzles/"$fam"/*."$fam" "$src"/tests/data/"$fam"/*."$fam" 2>/dev/null | tail -1)
    saves=$(ls "$src"/tests/fuzz/corpus/save/"$fam"-*.save 2>/dev/null | head -2)
    if [ -z "$puz" ] && [ -n "$saves" ]; then
        # no puzzle file yet: the puzzle inside a save
        puz=$tmp/$fam.$fam
        sed -n 's/^| \{0,1\}//p' "$(echo "$saves" | head -1)" >"$puz"
    fi
    if [ -z "$puz" ]; then
        echo "FAIL: no puzzle of $fam to run (puzzles/$fam, tests/data/$fam or a save)"
        fail=$((fail + 1))
        continue
    fi
    vg "0 1" --solve "$puz"
    vg "0 1" --count=3 "$puz"
    vg "0" --dimacs - "$puz"
    # a generator, where the family has one (2: "no generator")
    vg "0 2" --generate "$fam" --seed 7
    # a time limit that runs out (3) or an answer in time on a fast machine
    big=$(ls -S "$src"/puzzles/"$fam"/*."$fam" 2>/dev/null | head -1)
    [ -n "$big" ] && vg "0 1 3" --count=1000 --timeout 0.5 "$big"
    for s in $saves; do
        vg "0 1" --check "$s"
        vg "0 1" --hint "$s"
    done
    [ -n "$saves" ] || echo "note: no save of $fam in tests/fuzz/corpus/save: --check and --hint not run"
    for b in $(ls "$src"/tests/bad/"$fam"/* 2>/dev/null | head -4); do
        vg "2" --solve "$b"
    done
done
for b in $(ls "$src"/tests/bad-saves/*.save | head -6); do
    vg "2" --check "$b"
done
vg "2" --frobnicate
vg "0" --help

echo "$((runs - fail)) of $runs commands clean under memcheck"
[ $fail -eq 0 ]
