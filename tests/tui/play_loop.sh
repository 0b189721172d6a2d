#!/bin/bash
# play_loop.sh: the player as a game: the rules come first under ?; S asks
# before solving (n: nothing happens; y: solved, u takes it back); R
# restarts in one step that u takes back; a puzzle solved by hand is
# recorded in the statistics file, whose sums are shown with the ways on;
# > opens the next puzzle of the collection; the menu shows each puzzle
# as new, in progress or solved with its best time.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
PUZ=$SRC/puzzles/tents/06x06-01.tents
STATS=$XDG_STATE_HOME/tessera/stats

cell() { wait_char $((Y0 + 1 + 2 * $1)) $((X0 + 2 + 4 * $2)) "$3" "$4"; }
TENT=▲ GRASS=‥ BLANK=·

# solve_by_hand PUZZLE: from the top left, a tent (Enter) wherever the
# solution has one ('*'), row by row
solve_by_hand() {
    local row c keys W
    W=$("$TESSERA" --solve "$1" | head -1 | tr -d '\n' | wc -c)
    while IFS= read -r row; do
        keys=()
        for ((c = 0; c < W; c++)); do
            [ "${row:$c:1}" = "*" ] && keys+=(Enter)
            [ $c -lt $((W - 1)) ] && keys+=(Right)
        done
        keys+=(Down)
        for ((c = 1; c < W; c++)); do keys+=(Left); done
        send "${keys[@]}"
    done < <("$TESSERA" --solve "$1")
}

start_session "$PUZ"
wait_for "Tents 6x6"
read -r Y0 X0 < <(find_text "┌") || fail "no board frame"

# rules under ?, then the keys, then back to the board
send '?'
wait_for "Tents: the rules"
wait_for "one tent per"
wait_for "A  a tent"          # the drawn example's legend
capture | grep -qF "Ctrl-Z" && fail "the keys should come after the rules"
send Space
wait_for "Ctrl-Z"
wait_gone "Tents: the rules"
send Space
wait_gone "Ctrl-Z"
# Esc on the rules page goes straight back to the game
send '?'
wait_for "Tents: the rules"
send Escape
wait_gone "Tents: the rules"
capture | grep -qF "Ctrl-Z" && fail "Esc on the rules page should not open the keys"

# S asks first; n (any other key) leaves the board alone
solution=$("$TESSERA" --solve "$PUZ")
send S
wait_for "Solve the puzzle for you?"
send n
wait_for "not solved"
wait_gone "[solved]" 1
capture | grep -qF "Solved" && fail "S then n solved the puzzle"
send S
wait_for "Solve the puzzle for you?"
send y
wait_for "Solved with S"
wait_for "[solved]"
[ -e "$STATS" ] && fail "a solve by S must not count in the statistics"
send u
wait_for "undone: solve"
wait_gone "[solved]"

# R: restart in one undoable step
send Enter Right Space
cell 0 0 "$TENT" "a tent placed"
cell 0 1 "$GRASS" "grass placed"
send R
wait_for "restarted from the starting board"
cell 0 0 "$BLANK" "restart cleared the tent"
cell 0 1 "$BLANK" "restart cleared the grass"
send u
cell 0 0 "$TENT" "u after R brings the tent back"
cell 0 1 "$GRASS" "u after R brings the grass back"
send R
wait_for "restarted"
cell 0 0 "$BLANK" "restarted again"

# solve by hand (the cursor is at (0,1) after the moves above)
send Left
solve_by_hand "$PUZ"
wait_for "Solved in"
wait_joined "Tents 6x6: solved 1, best [0-9]{2}:[0-9]{2}, median [0-9]{2}:[0-9]{2}, 0 hints in all"
wait_joined "> next N new puzzle M menu"
[ -f "$STATS" ] || fail "no statistics file after a solve by hand"
head -1 "$STATS" | grep -qx "tessera stats 1" || fail "statistics file header: $(head -1 "$STATS")"
grep -qE "^solve tents 6x6 [0-9.]+ 0 tents-[0-9a-f]{16}$" "$STATS" || fail "no solve line: $(cat "$STATS")"
[ "$("$TESSERA" --count "$PUZ")" = 1 ] || fail "the puzzle should have one solution"

# > : the next puzzle of the collection (06x06-02, another 6x6)
next=$(ls "$SRC/puzzles/tents" | grep '\.tents$' | sort | grep -A1 -x "06x06-01.tents" | tail -1)
[ "$next" = "06x06-02.tents" ] || fail "test assumes 06x06-02 follows 06x06-01, not $next"
send '>'
wait_gone "Solved in"
wait_for "Tents 6x6"
wait_gone "[solved]"
# it is 06x06-02: a fresh board whose solution differs from the first
wait_for "hints 0  checks 0  "
send '<'
wait_for "[solved]"                      # back on 06x06-01, solved and saved
send q
wait_for "TESSERA-EXIT=0"

# the menu: 06x06-01 solved with its best time, 06x06-02 new
start_session
wait_for "choose a puzzle"
wait_for "06x06-02"
capture | grep -E "06x06-01 .*solved +best [0-9]{2}:[0-9]{2}" >/dev/null || fail "no best time in the menu"
capture | grep -E "06x06-02 .* new" >/dev/null || fail "06x06-02 should be new"
send q
wait_for "TESSERA-EXIT=0"

# an unreadable statistics file: named with line:column, never overwritten,
# and the game is still saved
echo "solve tents 6x6 fast 0 x" >> "$STATS"
before=$(cat "$STATS")
PUZ2=$SRC/puzzles/tents/06x06-02.tents
start_session "$PUZ2"
wait_for "Tents 6x6"
solve_by_hand "$PUZ2"
wait_for "Solved in"
wait_joined "not the statistics: .*stats:4:17: expected the seconds taken"
[ "$(cat "$STATS")" = "$before" ] || fail "a damaged statistics file was rewritten"
send q
wait_for "TESSERA-EXIT=0"
start_session "$PUZ2"
wait_for "[solved]"     # the game itself was saved
send q
wait_for "TESSERA-EXIT=0"
echo "ok"
