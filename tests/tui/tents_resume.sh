#!/bin/bash
# tents_resume.sh: q saves; opening the same puzzle again (by file or by its
# game ID) resumes marks and undo history; a game is saved every few moves
# even if the player is killed outright; a corrupt save is reported and set
# aside, and the puzzle file is never written.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
cp "$SRC/puzzles/tents/08x08-03.tents" "$TUI_TMP/p.tents"
PUZ=$TUI_TMP/p.tents
sum_before=$(cksum < "$PUZ")
SAVES=$XDG_STATE_HOME/tessera

cell() { wait_char $((Y0 + 1 + 2 * $1)) $((X0 + 2 + 4 * $2)) "$3" "$4"; }
open_puzzle() {
    start_session "$@"
    wait_for "Tents 8x8"
    read -r Y0 X0 < <(find_text "┌") || fail "no board frame"
}

# marks need not be right to be saved; they only must not be on trees
"$TESSERA" --solve "$PUZ" | head -c 2 | grep -q T && fail "test assumes (0,0), (0,1) are no trees"
"$TESSERA" --solve "$PUZ" | sed -n 2,6p | cut -c 3 | grep -q T && fail "test assumes column 3 rows 2-6 have no trees"
open_puzzle "$PUZ"
send Space Right Enter
cell 0 1 "▲"
cell 0 0 "‥"
send q
wait_for "TESSERA-EXIT=0"
ls "$SAVES"/tents-*.save >/dev/null 2>&1 || fail "no save written on quit"
[ "$(ls "$SAVES" | wc -l)" = 1 ] || fail "expected exactly one file in the save directory"

open_puzzle "$PUZ"
wait_for "resumed your game"
cell 0 0 "‥" "grass restored"
cell 0 1 "▲" "tent restored"
send u
cell 0 1 "·" "the undo history came back too"
send r
cell 0 1 "▲"
send q
wait_for "TESSERA-EXIT=0"

# the same puzzle given as a game ID resumes the same save
open_puzzle "$(cat "$PUZ")"
wait_for "resumed your game"
cell 0 1 "▲" "resumed through the game ID"
# five more changes (column 3, rows 2-6): saved without quitting; then
# the player is killed without a chance to save
send Right Right Down Space Down Space Down Space Down Space Down Space
for r in 1 2 3 4 5; do cell "$r" 2 "‥"; done
start=$SECONDS
until grep -q "^step m 1 $((5 * 8 + 2)) 0 2" "$SAVES"/tents-*.save; do
    [ $((SECONDS - start)) -lt "$TUI_DEADLINE" ] || fail "no autosave after five changes"
    sleep 0.1
done
kill -KILL "$(player_pid)"
wait_for "TESSERA-EXIT=137"
open_puzzle "$PUZ"
for r in 1 2 3 4 5; do cell "$r" 2 "‥" "the autosave kept row $((r + 1))"; done
send q
wait_for "TESSERA-EXIT=0"

# a corrupt save: reported, set aside, a new game starts
save=$(ls "$SAVES"/tents-*.save)
printf 'tessera save 1\nfamily tents\nsource x\npuzzle-lines x\n| garbage\n' > "$save"
open_puzzle "$PUZ"
wait_for "unreadable"
wait_for "$(basename "$save"):4:14: expected a number"
cell 0 1 "·" "a fresh board"
[ -f "$save.corrupt" ] || fail "the corrupt save was not set aside"
send q
wait_for "TESSERA-EXIT=0"
grep -q "^tessera save 1" "$save" || fail "no new save after the corrupt one"
[ "$(cksum < "$PUZ")" = "$sum_before" ] || fail "the puzzle file was changed"
echo "ok"
