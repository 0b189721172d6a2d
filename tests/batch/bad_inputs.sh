#!/bin/bash
# Every file under tests/bad/FAMILY/ is malformed: `tessera --solve` must
# exit 2 (never crash, never hang) with "tessera: FILE:LINE:COL: ..." on
# standard error, naming the place of the fault.
set -u
bin=$1 src=$2
fail=0 n=0
for f in "$src"/tests/bad/*/*; do
    [ -f "$f" ] || continue
    case "$f" in *.md) continue ;; esac
    n=$((n + 1))
    err=$(timeout 20 "$bin" --solve "$f" 2>&1 >/dev/null)
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
[ $n -gt 0 ] && [ $fail -eq 0 ]
