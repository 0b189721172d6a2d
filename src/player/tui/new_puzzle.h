/* new_puzzle.h: "New puzzle": the picker (family, size, difficulty, or the
 * daily puzzle), generation in a child process with a progress line and
 * Esc to cancel, and the puzzle stored in the save directory. */
#ifndef TESSERA_TUI_NEW_PUZZLE_H
#define TESSERA_TUI_NEW_PUZZLE_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "tui/theme.h"

/* Runs the picker, starting on family f (NULL: the last one chosen) and
 * on the daily puzzle when daily.  Returns the path of the puzzle to play
 * (caller frees), or NULL when the player went back or generation failed
 * (new_puzzle_message() then says why, "" after Esc). */
char *new_puzzle_run(theme *th, bool ascii, const game_family *f, bool daily);
const char *new_puzzle_message(void);

/* The directory of generated puzzles: SAVE_DIR/generated (the manual's
 * FILES); false with a message in err. */
bool new_puzzle_dir(char *out, size_t n, diag *err);

/* Today's date in UTC as YYYYMMDD: the daily puzzle's seed, the same
 * for every player on that date. */
unsigned long new_puzzle_today(void);

#endif
