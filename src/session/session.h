/* session.h: the layer both front ends share (the midend): a game's board,
 * its engines and budgets, the assist policies, and a worker that thinks ahead.
 * It returns structured answers (facts, labels, reasons); the front ends word them. */
#ifndef TESSERA_SESSION_H
#define TESSERA_SESSION_H

#include <stdbool.h>

#include "board.h"
#include "game.h"
#include "util.h"

/* The time limit of one assist question when none is given, seconds: the
 * player's keys and the batch --hint and --check alike (tessera(6), --timeout). */
#define SESSION_DEFAULT_SECONDS 5.0

typedef enum {
    CHECK_PENDING,    /* not answered yet (the worker is still at it) */
    CHECK_UNKNOWN,    /* the time limit ran out (or the question was cancelled) */
    CHECK_OK,         /* every mark still leads to a solution */
    CHECK_CONFLICT,   /* marks: a minimal set of the player's marks that cannot all be right */
    CHECK_UNSOLVABLE, /* the puzzle itself (its givens) has no solution */
} check_label;

typedef struct {
    check_label label;
    int_vec marks; /* CHECK_CONFLICT: the player's marks only, never a given */
} session_check;

/* What a hint proved: the labels of the manual's section on hints. */
typedef enum {
    HINT_PENDING,          /* not answered yet */
    HINT_UNKNOWN,          /* nothing proved within the time limit */
    HINT_INCONSISTENT,     /* the marks conflict: see the check */
    HINT_DECIDED,          /* every fact is already marked */
    HINT_FORCED,           /* forced, with a minimal reason (groups, marks, givens) */
    HINT_FORCED_NO_REASON, /* forced (proved), but no reason found within the time limit */
    HINT_CHOICE,           /* nothing is forced: a fact of one solution */
} hint_label;

typedef struct {
    hint_label label;
    int fact;                     /* the fact to show; -1 with none */
    int_vec groups, marks, givens; /* HINT_FORCED: the reason */
    bool smallest;   /* HINT_FORCED: the smallest reason found in time, maybe not minimal */
    bool exhaustive; /* forced, proved by the family's exhaustive search */
    double reason_seconds; /* FORCED_NO_REASON, smallest: how long a reason was
                              looked for (a share of the time limit:
                              assist_explain_hint) */
} session_hint;

/* One answer about one board: the check, then the hint. */
typedef struct {
    session_check check;
    session_hint hint;
    double seconds; /* the time limit it was computed under */
} session_answer;

void session_answer_free(session_answer *ans);

typedef struct session session;

/* A session on b (taken: freed with the session).  seconds: the time
 * limit of one question (0: SESSION_DEFAULT_SECONDS). */
session *session_create(board *b, double seconds);
void session_free(session *s);
board *session_board(const session *s);
double session_seconds(const session *s);
/* The calling thread's engine, for what the encoding names (group labels). */
const assist *session_engine(const session *s);

/* --- asking now, on the calling thread (the batch commands) --- */

/* The check alone. */
void session_check_now(session *s, session_answer *out);
/* The check, then the hint for the focus ui (NULL: the family's fresh ui,
 * the player's cursor on a newly opened game). */
void session_hint_now(session *s, const void *ui, session_answer *out);

/* --- thinking ahead (the player) --- */

/* Starts the worker on the board as it is now (cancelling what it was
 * doing), hints preferring facts near ui's focus, under a time limit of
 * seconds (0: the session's).  ui is read here, never by the worker. */
void session_think(session *s, const void *ui, double seconds);
/* Copies the worker's answer for the board as it is when the check (and,
 * with want_hint, the hint) is done; false while the worker is at it. */
bool session_ready(session *s, bool want_hint, session_answer *out);
/* Blocks until the worker publishes something or seconds pass (at once
 * when it has finished with the board as it is). */
void session_wait(session *s, double seconds);
/* Has the worker finished thinking ahead about the board and focus of the
 * last session_think (the check, the hint, the whole forced set and the
 * reasons of the forced facts nearest the focus)? */
#define SESSION_HAS_SETTLED 1
bool session_settled(session *s);

/* --- changing the board: each starts the worker again when thinking --- */

/* Every move passes the one gate (board_move_allowed, board.h), the
 * player's keys included; a move it refuses changes nothing, returns false
 * and leaves its words in session_refused. */
bool session_apply(session *s, const move *m, bool is_solve);
/* Why the last session_apply refused its move ("" when it did not). */
const char *session_refused(const session *s);
bool session_undo(session *s);
bool session_redo(session *s);

/* --- the questions the player asks on the spot, with a poll to cancel --- */

typedef enum {
    SOLVE_DONE,         /* out holds the move to the solution */
    SOLVE_FROM_SCRATCH, /* the marks conflicted: solved from the givens */
    SOLVE_ALREADY,      /* the board already is the solution */
    SOLVE_NONE,         /* the puzzle has no solution */
    SOLVE_UNKNOWN,      /* the time limit ran out */
    SOLVE_CANCELLED,
    SOLVE_REJECTED,     /* the checker refused the solver's answer (why) */
} solve_status;

solve_status session_solve(session *s, bool (*poll)(void *), void *ctx, move *out, char *why,
                           size_t n);

/* Fill in the obvious: every forced fact whose reason needs at most one
 * clue (group) with the marks, repeated while new ones follow, as one
 * move.  The forced set is the worker's when it has finished one for this
 * board (thinking ahead), else computed here.  Returns how many facts out sets; *complete is false when the time
 * limit or the poll stopped it early (what out holds is still forced). */
int session_obvious(session *s, const void *ui, bool (*poll)(void *), void *ctx, move *out,
                    bool *complete, bool *cancelled);

/* Counters kept in the save: they stop at INT_MAX instead of wrapping. */
void session_count_hint(session *s);
void session_count_check(session *s);

#endif
