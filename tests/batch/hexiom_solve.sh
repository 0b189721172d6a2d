#!/bin/bash
# hexiom_solve.sh: all 41 Hexiom levels through the real binary.  Each
# answer must have the level's layout exactly (side line, indentation, two
# characters per cell, '+' kept) and is checked here once more, by a third
# implementation of the rules in awk: same tiles, locks and holes kept,
# every tile's number equal to its occupied neighbours.
set -u
bin=$1 src=$2
data=$src/tests/data/hexiom
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 pass=0

# check LEVEL ANSWER: prints what is wrong, nothing when the answer is right.
check() {
    awk -v level="$1" '
    function cells(line, y, arr,   i, c, k, mark) {
        k = 0; mark = " "
        for (i = 1; i <= length(line); i++) {
            c = substr(line, i, 1)
            if (c == "+") { mark = "+"; continue }
            if (c == " " || c == "\r" || c == "\t") continue
            arr[y, k, "m"] = mark; arr[y, k, "c"] = c; k++; mark = " "
        }
        return k
    }
    BEGIN {
        n = 0
        while ((getline line < level) > 0) { sub(/\r$/, "", line); if (line ~ /[^ ]/) lv[n++] = line }
        s = lv[0] + 0; rows = 2 * s - 1
        for (y = 0; y < rows; y++) len[y] = cells(lv[y + 1], y, L)
    }
    { ans[NR - 1] = $0 }
    END {
        if (NR != rows + 1) { print "expected " rows + 1 " lines, got " NR; exit }
        if (ans[0] != s) { print "first line is not the side " s; exit }
        for (y = 0; y < rows; y++) {
            ind = (y < s) ? s - 1 - y : y - s + 1
            line = ans[y + 1]
            if (length(line) != ind + 2 * len[y]) { print "row " y + 1 " has the wrong length: [" line "]"; exit }
            if (substr(line, 1, ind) ~ /[^ ]/) { print "row " y + 1 " is not indented by " ind; exit }
            for (k = 0; k < len[y]; k++) {
                m = substr(line, ind + 2 * k + 1, 1); c = substr(line, ind + 2 * k + 2, 1)
                if (c !~ /^[.0-6]$/ || (m != " " && m != "+")) { print "row " y + 1 " cell " k + 1 ": bad [" m c "]"; exit }
                x = k + (y > s - 1 ? y - s + 1 : 0)
                A[x, y] = c
                if (L[y, k, "m"] == "+") {
                    if (m != "+" || c != L[y, k, "c"]) { print "row " y + 1 " cell " k + 1 ": locked " L[y, k, "c"] " changed"; exit }
                } else if (m != " ") { print "row " y + 1 " cell " k + 1 ": a + on a free cell"; exit }
                if (L[y, k, "c"] != ".") have[L[y, k, "c"]]++
                if (c != ".") got[c]++
            }
        }
        for (v = 0; v <= 6; v++) if (have[v] + 0 != got[v] + 0) { print "tiles of value " v ": " got[v] + 0 " instead of " have[v] + 0; exit }
        split("1 0 -1 0 0 1 0 -1 1 1 -1 -1", d, " ")
        for (key in A) {
            split(key, p, SUBSEP); x = p[1]; y = p[2]; c = A[x, y]
            if (c == ".") continue
            cnt = 0
            for (i = 1; i <= 12; i += 2) { k2 = (x + d[i]) SUBSEP (y + d[i + 1]); if ((k2 in A) && A[k2] != ".") cnt++ }
            if (cnt != c + 0) { print "the " c " at row " y + 1 " has " cnt " occupied neighbours"; exit }
        }
    }' "$2"
}

for f in "$data"/level*.txt; do
    name=$(basename "$f")
    "$bin" --solve "$f" >"$tmp/out" 2>"$tmp/err" </dev/null
    rc=$?
    if [ $rc -ne 0 ]; then
        echo "FAIL $name: exit $rc: $(cat "$tmp/err")"; fail=$((fail + 1)); continue
    fi
    why=$(check "$f" "$tmp/out")
    if [ -n "$why" ]; then
        echo "FAIL $name: $why"; cat "$tmp/out"; fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
done

# the checker here is not a rubber stamp: a starting board is no answer
tr -d '\r' <"$data/level08.txt" >"$tmp/start"
why=$(check "$data/level08.txt" "$tmp/start")
case $why in
*"occupied neighbours"*) pass=$((pass + 1)) ;;
*) echo "FAIL: the awk checker on an unsolved board says: '$why'"; fail=$((fail + 1)) ;;
esac

echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -eq 42 ]
