#!/bin/bash
# out_of_memory.sh: CaDiCaL running out of memory (counting the red
# loops of the 42 Tantrix tiles that carry red, under a small `ulimit -v`)
# ends a batch command with status 2 and "tessera: out of memory", as a
# failed allocation of tessera's own does;
# never an abort (134) from an uncaught std::bad_alloc.  Sanitizer builds
# reserve terabytes of shadow memory, which no `ulimit -v` leaves room for:
# the test is skipped there.
set -u
bin=$1 src=$2
if ldd "$bin" 2>/dev/null | grep -q 'lib[at]san'; then
    echo "skipped: a sanitizer build cannot run under ulimit -v"
    exit 0
fi
puz=$src/tests/data/tantrix/red-42.tantrix
fail=0 pass=0
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

for cmd in --count=1 --count=2; do
    err=$( (ulimit -v 300000; exec timeout 120 "$bin" $cmd "$puz") 2>&1 >/dev/null)
    rc=$?
    if [ $rc -ne 2 ]; then
        bad "$cmd under ulimit -v 300000: exit status $rc, expected 2 ($err)"
    elif [ "$err" != "tessera: out of memory" ]; then
        bad "$cmd: message '$err', expected 'tessera: out of memory'"
    else
        pass=$((pass + 1))
    fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
