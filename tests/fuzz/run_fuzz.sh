#!/bin/bash
# run_fuzz.sh: the `fuzz` target.  Runs each libFuzzer harness for SECONDS
# over a working copy of its corpus (new inputs go to the build tree, the
# committed seeds stay as they are), in fork mode so that a crash does not
# end the run, and prints executions and distinct crashing inputs per
# harness.  Exit status 1 when anything crashed: copy the crash-* files
# from the artifacts directory into tests/fuzz/regressions/HARNESS/.
# usage: run_fuzz.sh FUZZ_SOURCE_DIR FUZZ_BUILD_DIR SECONDS "HARNESS..." [LIBFUZZER-FLAG...]
set -u
src=$1 build=$2 seconds=$3 harnesses=$4
shift 4
summary=()
failed=0
for h in $harnesses; do
    work=$build/corpus/$h art=$build/artifacts/$h log=$build/fuzz_$h.log
    mkdir -p "$work" "$art"
    dirs=("$work" "$src/corpus/$h")
    [ -d "$src/regressions/$h" ] && dirs+=("$src/regressions/$h")
    dict=()
    [ -f "$src/$h.dict" ] && dict=("-dict=$src/$h.dict")
    start=$SECONDS
    "$build/fuzz_$h" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -close_fd_mask=3 \
        -artifact_prefix="$art/" "${dict[@]}" "$@" "${dirs[@]}" 2>"$log"
    rc=$?
    execs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')
    crashes=$(find "$art" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \
        -o -name 'leak-*' \) | wc -l)
    if [ $rc -ne 0 ]; then
        echo "fuzz_$h: exit status $rc:"
        tail -5 "$log"
        failed=1
    fi
    [ "$crashes" -gt 0 ] && failed=1
    summary+=("fuzz_$h: ${execs:-0} executions in $((SECONDS - start)) s, $crashes crashing inputs ($art)")
done
printf '%s\n' "${summary[@]}"
exit $failed
