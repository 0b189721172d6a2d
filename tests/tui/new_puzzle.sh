#!/bin/bash
# new_puzzle.sh: the menu's n opens the new-puzzle picker; a puzzle is
# generated with a progress line, stored under the save directory and
# played, and it is the one `tessera --generate` gives for the same family,
# size, difficulty and seed; Esc cancels a generation at once and leaves no
# generator running; d gives the daily puzzle (seed: today's UTC date);
# N in a game opens the picker on the game's family; in the menu Esc asks
# before quitting and an Alt key does nothing.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
GEN=$XDG_STATE_HOME/tessera/generated

# picker_set LINE VALUE: moves to the picker's line (0..3) and presses
# Right until it shows VALUE
picker_line=0
picker_set() {
    local i
    while [ "$picker_line" -lt "$1" ]; do send Down; picker_line=$((picker_line + 1)); done
    while [ "$picker_line" -gt "$1" ]; do send Up; picker_line=$((picker_line - 1)); done
    for ((i = 0; i < 12; i++)); do
        sleep 0.2
        capture | grep -qE "$2" && return 0
        send Right
    done
    fail "the picker never showed $2"
}

start_session
wait_for "choose a puzzle"
wait_for "n new puzzle"

# Esc in the menu asks; any other key stays; an Alt key does nothing
send Escape
wait_for "Quit tessera?"
send x
wait_gone "Quit tessera?"
send M-x
sleep 0.5
capture | grep -qF "TESSERA-EXIT" && fail "an Alt key quit the menu"
capture | grep -qF "Quit tessera?" && fail "an Alt key asked to quit"
wait_for "choose a puzzle"

# n: the picker; Tents 6x6 easy
send n
wait_for "tessera: new puzzle"
picker_line=2   # the picker starts on the size line
picker_set 1 "Family +. Tents"
picker_set 2 "Size +. 6x6 "
picker_set 3 "Difficulty +. easy"
send Enter
wait_joined "Tents 6x6 [0-9]{2}:[0-9]{2} hints" 60
file=$(ls "$GEN"/tents/6x6-easy-*.tents) || fail "no generated puzzle stored"
seed=${file##*-}
seed=${seed%.tents}
"$TESSERA" --generate tents --size 6 --difficulty easy --seed "$seed" | cmp -s - "$file" ||
    fail "the stored puzzle is not --generate's for seed $seed"
[ "$("$TESSERA" --count "$file")" = 1 ] || fail "the new puzzle should have one solution"

# N in the game: the picker on Tents; a Tents 20x20 medium (seconds to
# make) cancelled with Esc, its generator process ended at once
send N
wait_for "tessera: new puzzle"
wait_for "Family"
capture | grep -qE "Family +. Tents" || fail "N should open the picker on the game's family"
picker_line=2
picker_set 2 "Size +. 20x20 "
picker_set 3 "Difficulty +. medium"
pid=$(player_pid)
kids() { pgrep -P "$pid" | wc -l; }
send Enter
# the generator, caught as it starts and held where it is, so that it
# cannot finish before Esc arrives (it takes a second at most); the
# player ends it with SIGKILL, which a stopped process takes too
kid=
for ((i = 0; i < 1000; i++)); do
    kid=$(pgrep -P "$pid" | head -1)
    [ -n "$kid" ] && break
    sleep 0.005
done
[ -n "$kid" ] || fail "no generator process while generating"
kill -STOP "$kid" 2>/dev/null
wait_for "generating Tents 20x20 medium"
[ "$(kids)" -ge 1 ] || fail "no generator process while generating"
send Escape
wait_gone "generating"
wait_for "tessera: new puzzle"
no_kids() { [ "$(kids)" -eq 0 ]; }
wait_until no_kids
ls "$GEN"/tents/20x20-* >/dev/null 2>&1 && fail "a cancelled puzzle was stored"
send Escape                    # back to the game we came from
wait_for "Tents 6x6"
send M
wait_for "choose a puzzle"
# the generated puzzle is listed in the menu under Tents, not yet played
wait_for "6x6-easy-$seed"
capture | grep -E "6x6-easy-$seed .* easy +new" >/dev/null || fail "the generated puzzle is not listed as new"
# a longer name does not push the columns out of line
desc_col() { capture | grep -F "$1" | head -1 | awk '{print index($0, " 6x6 ")}'; }
[ "$(desc_col "6x6-easy-$seed")" = "$(desc_col "06x06-01")" ] && [ "$(desc_col "06x06-01")" -gt 0 ] ||
    fail "the size column is not in line: $(desc_col "6x6-easy-$seed") vs $(desc_col "06x06-01")"

# d: today's puzzle, the same for everyone: --generate's with the date as seed
send d
wait_for "today's"
today=$(date -u +%Y%m%d)
picker_line=1
picker_set 1 "Family +. Tents"
capture | grep -qE "Size +10x10" || fail "the daily Tents is 10x10"
capture | grep -qE "Difficulty +medium" || fail "the daily Tents is medium"
send Enter
wait_joined "Tents 10x10 [0-9]{2}:[0-9]{2} hints" 90
daily=$GEN/tents/daily-$(date -u +%Y-%m-%d).tents
[ -f "$daily" ] || fail "no daily puzzle file"
"$TESSERA" --generate tents --size 10 --difficulty medium --seed "$today" | cmp -s - "$daily" ||
    fail "the daily puzzle is not --generate's with seed $today"
send q
wait_for "choose a puzzle"
send Escape
wait_for "Quit tessera?"
send y
wait_for "TESSERA-EXIT=0"
echo "ok"
