/* board.h: a game in progress: the puzzle, the player's board (the state
 * vector), the undo/redo history, the clock and counters, and saving it
 * all so that opening the same puzzle again resumes.  Knows no rules. */
#ifndef TESSERA_BOARD_H
#define TESSERA_BOARD_H

#include <stdbool.h>

#include "game.h"

typedef struct {
    int_vec idx, before, after; /* one entry per changed state element */
    bool is_solve;              /* a Solve, so undo can say so */
} board_step;

typedef struct {
    puzzle *pz;                 /* owned */
    int *state;                 /* pz->nstate entries */
    board_step *steps;          /* history; steps[0..pos) are applied */
    int nsteps, cap, pos;
    double elapsed;             /* seconds of play, paused time excluded */
    int hints, checks;          /* assistance used */
    bool solved_by_engine;      /* Solve was used: no completion flash */
} board;

/* A new game on pz (takes ownership), givens in place. */
board *board_create(puzzle *pz);
void board_free(board *b);

/* Applies a move as one undoable step (changes to given cells are for the
 * family to refuse before this).  Returns false when nothing changed.
 * A new step discards the redo tail. */
bool board_apply(board *b, const move *m, bool is_solve);
/* The one gate for boards a player may have: is st a board the family
 * allows (game_family.state_ok)?  With changed (nchanged entries), st is
 * a board that was allowed before those entries changed, and only they
 * are looked at where the family can (step_ok).  Moves and loaded saves
 * both pass here; why says what is wrong. */
bool board_state_allowed(const puzzle *pz, const int *st, const int *changed, int nchanged,
                         diag *why);
/* Would the board after m still pass board_state_allowed?  For moves the
 * family's input did not make itself, such as an engine's hint on an
 * unbounded board. */
bool board_move_allowed(const board *b, const move *m, diag *why);
bool board_undo(board *b);
bool board_redo(board *b);

/* Appends a step at the current position, discarding the redo tail;
 * takes ownership of the step's vectors (used when loading a save). */
void board_push_step(board *b, board_step *st);

/* The marks (facts) the current state asserts; caller frees *marks. */
int board_marks(const board *b, const assist *a, int **marks);

/* Counts one more use of a hint or check (hints, checks): stops at
 * INT_MAX rather than wrapping, so a save's counters always load. */
void board_count_use(int *counter);

/* --- saving (the format: board_save.c; the files: save_file.c) --- */

/* Limits every save keeps, shared by the writer and the loader, so that
 * whatever the player saves loads again: a save's size, its steps, its
 * puzzle (a puzzle file's own cap; one line per byte at most), its play
 * time; the counters stop at INT_MAX (board_count_use). */
#define SAVE_MAX_BYTES (64u << 20)
#define SAVE_MAX_STEPS 1000000
#define SAVE_MAX_PUZZLE_LINES (MAX_PUZZLE_BYTES + 1L)
#define SAVE_MAX_SECONDS 1e9 /* play time: the clock stops there */

/* The save directory: $XDG_STATE_HOME/tessera, else ~/.local/state/tessera
 * (created on demand).  It must be a directory of the player's own that no
 * one else can write (as ssh insists for ~/.ssh): otherwise, and when it
 * cannot be made, returns false with a message in err. */
bool board_state_dir(char *out, size_t n, diag *err);
/* The save file of a puzzle: a stable name derived from its family and
 * text, so the same puzzle resumes whichever path it was opened by. */
void board_save_path(const puzzle *pz, const char *dir, char *out, size_t n);

/* Writes the game atomically (temporary file, fsync, rename): a crash or a
 * full disk keeps the previous save.  The directory is checked as in
 * board_state_dir first.  false with a message in err. */
bool board_save(const board *b, const char *path, diag *err);
/* The same for any file of the save directory (the statistics): len bytes
 * of text written to path atomically, the directory checked first. */
bool state_file_write(const char *path, const char *text, size_t len, diag *err);

/* While a game is played its save is locked (flock on PATH.lock), so that a
 * second player on the same puzzle can be told instead of the two
 * overwriting each other's saves.  Taking it also removes the temporary
 * files of this save that a killed process left behind.  NULL when
 * another process holds it (*busy, with its process id in *holder, 0 if
 * unknown) or when no lock can be made there (say, a read-only directory:
 * saving will fail and say so). */
typedef struct board_lock board_lock;
board_lock *board_lock_take(const char *save_path, bool *busy, long *holder);
void board_lock_release(board_lock *l);

/* Reads a save file: the puzzle text is inside, so a save stands alone
 * (tessera --check SAVE).  NULL with err filled (file:line:col) when the
 * file is malformed; it never crashes on any input. */
board *board_load(const char *path, diag *err);
/* The same within seconds (0: no limit); when the time runs out, NULL with
 * *ran_out set (a save costs time linear in its length, but may be long). */
board *board_load_within(const char *path, double seconds, bool *ran_out, diag *err);
/* State elements the loader has checked against the puzzle, in all loads
 * so far: each step's changed elements, and whole boards at the ends (for
 * the tests: loading is linear in the save's length). */
extern unsigned long long board_load_checked;
/* The same from a save file's bytes in memory (len of them; NUL bytes
 * are refused); source names it in err. */
board *board_load_text(const char *text, size_t len, const char *source, diag *err);
/* The save file's text for b, as board_save writes it. */
void board_format(const board *b, strbuf *out);
/* The same, false with a message in err when the save would break one of
 * the SAVE_MAX limits (the loader would refuse it). */
bool board_format_checked(const board *b, strbuf *out, diag *err);
/* board_format_checked's work under any limits (the tests use small ones):
 * a game over them keeps its board and as much history as fits, the
 * oldest steps merged into one, the redo tail dropped if need be. */
bool board_format_within(const board *b, size_t max_bytes, int max_steps, strbuf *out,
                         diag *err);

/* Resume: loads the save for pz if there is one and it is the same
 * puzzle; a corrupt save is renamed aside (*.corrupt) and reported in
 * note's msg (empty when there is nothing to report).  Returns NULL when
 * there is nothing to resume. */
board *board_resume(const puzzle *pz, const char *dir, diag *note);

#endif
