#!/bin/bash
# player_batch_agree.sh: h in the player and tessera --hint on the same save
# give the same hint (one session layer under both), and a reason that
# needs a given names it as a given, never as the player's mark.
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"

# the time limit of both (tessera(6) --timeout): a hint proved by the
# family's exhaustive search shows only a minimal reason, found within
# its share of the limit (Tantrix under givens); the default's share
# (0.1 s) is too short for that on a loaded machine
LIMIT=(--timeout 60)

# the one line of the hint's fact that --hint prints
batch_fact() {
    "$TESSERA" "${LIMIT[@]}" --hint "$1" | sed -n 's/^hint: //p; s/^nothing is forced; a choice from one solution: //p'
}

agree() { # PUZZLE TITLE
    rm -rf "$XDG_STATE_HOME/tessera"
    start_session -x 160 -y 60 "$1"
    wait_for "$2"
    send q
    wait_for "TESSERA-EXIT=0"
    local save
    save=$(ls "$XDG_STATE_HOME"/tessera/*.save) || fail "no save written for $1"
    local want
    want=$(batch_fact "$save")
    [ -n "$want" ] || fail "--hint gave no hint on $save: $("$TESSERA" --hint "$save" 2>&1)"
    start_session -x 160 -y 60 "${LIMIT[@]}" "$save"
    wait_for "$2"
    hint_move
    local msg
    msg=$(capture | tr -s ' \n' '  ')
    grep -qF -- "$want [Enter accepts]" <<<"$msg" || fail "the player's hint differs from --hint's: $want"
    # givens: named as givens by both, never as the player's marks
    local given
    given=$("$TESSERA" "${LIMIT[@]}" --hint "$save" | sed -n 's/^with the given: //p' | head -1)
    if [ -n "${3:-}" ]; then
        [ -n "$given" ] || fail "--hint names no given on $1: $("$TESSERA" "${LIMIT[@]}" --hint "$save")"
        "$TESSERA" "${LIMIT[@]}" --hint "$save" | grep -q "^with your mark" && fail "--hint calls a given a mark"
        { grep -qF -- "the given $given" <<<"$msg" || grep -qE -- "[0-9]+ givens" <<<"$msg"; } || fail "the player does not name the given: $given"
        grep -q "your mark" <<<"$msg" && fail "the player calls a given one of your marks"
    fi
    send q
    wait_for "TESSERA-EXIT=0"
}

agree "$SRC/puzzles/tents/08x08-01.tents" "Tents 8x8"
agree "$SRC/puzzles/hexiom/level05.hexiom" "Hexiom"
agree "$SRC/puzzles/tetravex/3x3-01.tetravex" "Tetravex 3x3"
# these hints lean on a given (a fixed track edge; a locked tile)
agree "$SRC/puzzles/tracks/08x08-easy-01.tracks" "Train Tracks 8x8" given
agree "$SRC/puzzles/tantrix/gen-06-easy-1.tantrix" "tray:" given
echo ok
