#!/bin/bash
# counters_at_limit.sh: the hint and check counters of a save at INT_MAX
# stay there when h and c are used again (they wrapped to -2147483648,
# and the next save was refused), and the game saved on quitting loads.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
PUZ=$SRC/puzzles/tents/08x08-03.tents
SAVES=$XDG_STATE_HOME/tessera
MAX=2147483647

start_session "$PUZ"
wait_for "Tents 8x8"
send q
wait_for "TESSERA-EXIT=0"
save=$(ls "$SAVES"/tents-*.save) || fail "no save written on quit"
sed -i "s/^hints .*/hints $MAX/; s/^checks .*/checks $MAX/" "$save"

start_session "$PUZ"
wait_for "resumed your game"
wait_for "hints $MAX  checks $MAX"
send c
wait_for "every mark still leads to a solution"
hint_move
capture | grep -q -- "-$((MAX + 1))" && fail "a counter wrapped"
wait_for "hints $MAX  checks $MAX"
send q
wait_for "TESSERA-EXIT=0"
grep -qx "hints $MAX" "$save" && grep -qx "checks $MAX" "$save" || fail "the save's counters: $(grep -E '^(hints|checks)' "$save")"
"$TESSERA" --check "$save" >/dev/null 2>"$TUI_TMP/err" || fail "the save does not load: $(cat "$TUI_TMP/err")"
echo ok
