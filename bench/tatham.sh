#!/bin/bash
# bench/tatham.sh: Tents and Train Tracks side by side with Simon Tatham's
# standalone solvers, whole process, by hand (not part of the test suite).
#
#   bash bench/tatham.sh [-t TESSERA] [-r RUNS] [-g GROUP_REGEX] [-f FAMILY]
#                        [SOLVER [BENCH_DIR]]
#
# SOLVER is Tatham's standalone solver (his tents.c or tracks.c built with
# -DSTANDALONE_SOLVER; named tentssolver / trackssolver by his build), or a
# directory that holds both.  Without it, tentssolver and trackssolver are
# looked up on PATH, and when neither is there only tessera is timed.
# BENCH_DIR holds tents/tatham-ids.txt and tracks/tatham-ids.txt (default:
# the shared bench data beside the repository, ../shared/bench).
#
# For each size group (the params before ':', such as 20x20dh) the two
# programs run in turn on each ID, RUNS times (default 5): `tessera --solve
# ID` and `SOLVER ID` (which solves and prints the grid).  An ID's figure is
# the median CPU time (user + system) of its runs; the group line prints
# median, p95 and max of those over the group for each program, and the
# median of the per-ID ratios tessera / Tatham.  Interleaving keeps the
# ratio fair on a loaded machine; quote ratios from one run.
set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
tessera=$repo/build/tessera
runs=5
only=.
family=
while getopts t:r:g:f: opt; do
    case $opt in
    t) tessera=$OPTARG ;;
    r) runs=$OPTARG ;;
    g) only=$OPTARG ;;
    f) family=$OPTARG ;;
    *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
solver=${1:-}
data=${2:-$repo/../shared/bench}
sbs=$(dirname "$tessera")/bench/side_by_side
[ -x "$sbs" ] || sbs=$repo/build/bench/side_by_side # timing another build
[ -x "$tessera" ] || { echo "no tessera binary at $tessera (-t BIN)" >&2; exit 2; }
[ -x "$sbs" ] || { echo "no $sbs: cmake --build BUILD --target side_by_side" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

peer_for() { # family -> Tatham's solver for it, or nothing
    local name=${1}solver
    if [ -z "$solver" ]; then
        command -v "$name" || true
    elif [ -d "$solver" ]; then
        [ -x "$solver/$name" ] && echo "$solver/$name"
    else
        case $(basename "$solver") in *"$1"*) echo "$solver" ;; esac
    fi
}

for fam in tents tracks; do
    [ -z "$family" ] || [ "$family" = "$fam" ] || continue
    peer=$(peer_for "$fam")
    [ -n "$solver" ] && [ -z "$peer" ] && continue # a solver of the other family
    ids=$data/$fam/tatham-ids.txt
    [ -f "$ids" ] || { echo "no $ids" >&2; exit 2; }
    echo "== $fam: CPU ms per process, median of $runs runs per ID; tessera vs ${peer:-(no Tatham solver)} =="
    printf '%-10s %4s  %8s %8s %8s' group n med p95 max
    [ -n "$peer" ] && printf '  %8s %8s %8s  %6s' "T med" "T p95" "T max" ratio
    echo
    for group in $(cut -d: -f1 "$ids" | awk '!seen[$0]++' | grep -E -- "$only"); do
        grep "^$group:" "$ids" >"$tmp/list"
        printf '%-10s ' "$group"
        if [ -n "$peer" ]; then
            "$sbs" --reps "$runs" "$tmp/list" "$tessera" --solve -- "$peer"
        else
            "$sbs" --reps "$runs" "$tmp/list" "$tessera" --solve
        fi
    done
done
