#!/bin/bash
# tents_saved.sh: --check and --hint on saved games written in the save
# format of the manual: consistent marks, a wrong tent, a forced hint with
# the clues behind it (checked against --solve, whose answer the
# independent checker accepted), corrupt saves (exit 2 with file:line:col)
# and a limit that runs out (exit 3).
set -u
bin=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 pass=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
run() { # expected-status description command...
    local want=$1 what=$2
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    local rc=$?
    [ $rc -eq "$want" ] && ok || bad "$what: exit $rc, expected $want: $(cat "$tmp/out" "$tmp/err")"
}

id='8x8de:bcddch_bkcic_,2,2,0,3,0,2,0,3,3,0,3,1,1,0,4,0'
"$bin" --solve "$id" >"$tmp/answer" || { echo "FAIL: cannot solve"; exit 1; }
# the starting board: 3 on trees, 0 elsewhere (row-major)
start=$(tr -d '\n' <"$tmp/answer" | sed 's/./& /g; s/T/3/g; s/[.*]/0/g')
answer=$(tr -d '\n' <"$tmp/answer")

# write_save FILE CELL VALUE: one move, value 1 (tent) or 2 (grass) at CELL
write_save() {
    local file=$1 cell=$2 val=$3 i=0 v state=""
    for v in $start; do
        [ $i -eq "$cell" ] && v=$val
        state+=" $v"
        i=$((i + 1))
    done
    {
        echo "tessera save 1"
        echo "family tents"
        echo "source test"
        echo "puzzle-lines 1"
        echo "| $id"
        echo "elapsed 12.0"
        echo "hints 0"
        echo "checks 0"
        echo "solved-by-engine 0"
        echo "state 64$state"
        echo "steps 1 1"
        echo "step m 1 $cell 0 $val"
        echo "end"
    } >"$file"
}

# a tent where the answer has one: consistent
right=$(expr index "$answer" '*')
right=$((right - 1))
write_save "$tmp/good.save" "$right" 1
run 0 "check a consistent save" "$bin" --check "$tmp/good.save"
[ "$(cat "$tmp/out")" = consistent ] && ok || bad "check printed: $(cat "$tmp/out")"

# the hint: a fact that agrees with the answer, and the groups behind it
run 0 "hint on a consistent save" "$bin" --hint "$tmp/good.save"
hint=$(sed -n 's/^hint: //p' "$tmp/out")
if [[ $hint =~ ^(a\ tent|no\ tent)\ at\ row\ ([0-9]+),\ column\ ([0-9]+)$ ]]; then
    r=${BASH_REMATCH[2]} c=${BASH_REMATCH[3]}
    ch=${answer:$(((r - 1) * 8 + c - 1)):1}
    if [ "${BASH_REMATCH[1]}" = "a tent" ]; then want='*'; else want='.'; fi
    [ "$ch" = "$want" ] && ok || bad "hint '$hint' disagrees with the answer ($ch)"
else
    bad "hint line: $(cat "$tmp/out")"
fi
grep -qE "^(because of: (row|column) [0-9]+ clue \([0-9]+\)|because of: tree at row|forced by the rules alone)" \
    "$tmp/out" && ok || bad "no reasons with the hint: $(cat "$tmp/out")"

# a tent on an empty cell of the answer: inconsistent, that mark named
wrong=$(expr index "$answer" '.')
wrong=$((wrong - 1))
write_save "$tmp/wrong.save" "$wrong" 1
run 1 "check a wrong tent" "$bin" --check "$tmp/wrong.save"
head -1 "$tmp/out" | grep -q "^inconsistent" && ok || bad "check output: $(cat "$tmp/out")"
grep -q "a tent at row $((wrong / 8 + 1)), column $((wrong % 8 + 1))" "$tmp/out" && ok ||
    bad "the wrong tent is not named: $(cat "$tmp/out")"
run 1 "hint on inconsistent marks" "$bin" --hint "$tmp/wrong.save"
grep -q "^inconsistent" "$tmp/out" && ok || bad "hint output: $(cat "$tmp/out")"

# corrupt saves: exit 2 and where
sed 's/^steps 1 1/steps 1 2/' "$tmp/good.save" >"$tmp/c1.save"
run 2 "more steps applied than there are" "$bin" --check "$tmp/c1.save"
grep -q "c1.save:11:" "$tmp/err" && ok || bad "position: $(cat "$tmp/err")"
sed 's/^step m 1 \([0-9]*\) 0 1/step m 1 \1 2 1/' "$tmp/good.save" >"$tmp/c2.save"
run 2 "history that does not replay" "$bin" --hint "$tmp/c2.save"
grep -q "c2.save:12:1:" "$tmp/err" && ok || bad "position: $(cat "$tmp/err")"
head -c 150 "$tmp/good.save" >"$tmp/c3.save"
run 2 "truncated" "$bin" --check "$tmp/c3.save"
grep -qE "c3.save:[0-9]+:[0-9]+:" "$tmp/err" && ok || bad "position: $(cat "$tmp/err")"
printf 'not a save\n' >"$tmp/c4.save"
run 2 "not a save" "$bin" --check "$tmp/c4.save"
grep -q "c4.save:1:1:" "$tmp/err" && ok || bad "position: $(cat "$tmp/err")"
run 2 "missing file" "$bin" --check "$tmp/none.save"

# a limit that cannot be met
run 3 "check under an impossible time limit" "$bin" --check --timeout 1e-9 "$tmp/good.save"
run 3 "hint under an impossible time limit" "$bin" --hint --timeout 1e-9 "$tmp/good.save"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
