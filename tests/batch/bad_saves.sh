#!/bin/bash
# bad_saves.sh: every file under tests/bad-saves/ is a damaged save file:
# `tessera --check` must exit 2 (never crash, never hang) with
# "tessera: FILE:LINE:COL: ..." on standard error naming the fault's place.
set -u
bin=$1 src=$2
fail=0 n=0
for f in "$src"/tests/bad-saves/*.save; do
    [ -f "$f" ] || continue
    n=$((n + 1))
    err=$(timeout 20 "$bin" --check "$f" 2>&1 >/dev/null)
    rc=$?
    if [ $rc -ne 2 ]; then
        echo "FAIL $f: exit status $rc, expected 2: $err"
        fail=$((fail + 1))
        continue
    fi
    case "$err" in
    "tessera: $f:"[0-9]*:[0-9]*": "*) ;;
    *) echo "FAIL $f: message does not name file:line:column: $err"; fail=$((fail + 1)) ;;
    esac
done
echo "$((n - fail)) passed, $fail failed"
[ $n -ge 30 ] && [ $fail -eq 0 ]
