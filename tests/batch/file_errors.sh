#!/bin/bash
# file_errors.sh: a file that cannot be read is reported the same way by
# every command, as "tessera: FILE: cannot read: REASON" (no line or
# column: the fault is not at a place in the file), with exit 2: a missing
# file, a directory, and a file over the size limit (16 MiB for a puzzle,
# 64 MiB for a save).
set -u
bin=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 pass=0
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

mkdir "$tmp/dir.tents"
head -c $((17 << 20)) /dev/zero | tr '\0' 'x' >"$tmp/big.tents"
head -c $((65 << 20)) /dev/zero | tr '\0' 'x' >"$tmp/big.save"

# expect COMMAND FILE MESSAGE
expect() {
    # shellcheck disable=SC2086 # the command's words
    timeout 60 "$bin" $1 "$2" >/dev/null 2>"$tmp/err"
    local rc=$?
    if [ $rc -ne 2 ]; then
        bad "$1 $2: exit $rc, expected 2"
    elif [ "$(cat "$tmp/err")" != "tessera: $2: $3" ]; then
        bad "$1 $2: '$(cat "$tmp/err")', expected 'tessera: $2: $3'"
    else
        pass=$((pass + 1))
    fi
}

for cmd in --solve --count "--dimacs -" --check --hint; do
    expect "$cmd" "$tmp/none.tents" "cannot read: No such file or directory"
    expect "$cmd" "$tmp/none.save" "cannot read: No such file or directory"
    expect "$cmd" "$tmp/dir.tents" "cannot read: Is a directory"
done
for cmd in --solve --count "--dimacs -"; do
    expect "$cmd" "$tmp/big.tents" "cannot read: over 16 MiB, too large for a puzzle"
done
for cmd in --check --hint; do
    expect "$cmd" "$tmp/big.save" "cannot read: over 64 MiB, too large for a save"
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
