#!/bin/bash
# long_save.sh: a valid save with a long history (400,000 steps, 6 MB) is
# read in one pass: --check answers it, and --timeout covers reading it,
# so a limit shorter than the reading ends it with exit status 3 and a
# message naming the save, not with an answer after the limit.
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 pass=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

id='20x20:_cjbf_e_cgc_gcadkdh__ehac__ggeacbtacbaeangc_f_eaabblkchcgb_bdclec_ebcahbdcb_jcdda,5,4,2,6,1,6,3,4,4,5,2,4,5,4,6,2,4,4,2,7,5,4,2,6,3,5,3,3,5,1,8,1,5,3,4,5,3,5,3,6'
"$bin" --solve "$id" >"$tmp/answer" || { echo "FAIL: cannot solve"; exit 1; }
# the starting board: 3 on trees, 0 elsewhere (row-major)
start=$(tr -d '\n' <"$tmp/answer" | sed 's/./& /g; s/T/3/g; s/[.*]/0/g')
# steps that put grass on a blank cell and take it away again, in turn,
# over every blank cell: the board ends as it started
{
    echo "tessera save 1"
    echo "family tents"
    echo "source test"
    echo "puzzle-lines 1"
    echo "| $id"
    echo "elapsed 1.0"
    echo "hints 0"
    echo "checks 0"
    echo "solved-by-engine 0"
    echo "state 400 $start" | tr -s ' ' | sed 's/ $//'
    echo "steps 400000 400000"
    echo "$start" | awk '{
        n = 0
        for (i = 1; i <= NF; i++) if ($i == 0) blank[n++] = i - 1
        for (k = 0; k < 200000; k++) {
            c = blank[k % n]
            print "step m 1 " c " 0 2"
            print "step m 1 " c " 2 0"
        }
    }'
    echo "end"
} >"$tmp/long.save"

out=$(timeout 300 "$bin" --check "$tmp/long.save" 2>&1)
rc=$?
[ $rc -eq 0 ] && [ "$out" = consistent ] && ok || bad "--check on the long save: exit $rc: $out"

err=$(timeout 300 "$bin" --check --timeout 0.01 "$tmp/long.save" 2>&1 >/dev/null)
rc=$?
[ $rc -eq 3 ] && ok || bad "--timeout 0.01 while reading: exit $rc, expected 3: $err"
[[ $err == "tessera: $tmp/long.save:"*"the time limit ran out while reading the save" ]] && ok ||
    bad "unclear message for the limit: $err"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
