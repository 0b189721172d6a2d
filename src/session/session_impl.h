/* session_impl.h: what session.c, session_ask.c and session_worker.c
 * share and no one else sees: the job, the worker's memory, the session.
 *
 * Threads: the worker owns its own engine (the puzzle encoded again), its
 * forced set and its reasons, and reads only what never changes after
 * session_create (the puzzle, the givens, the fact count) and the job it
 * was handed (a copy of the marks and of the order).  Everything the two
 * threads share is behind mu; the cancel flag is atomic so that the
 * solver's poll can read it mid-call. */
#ifndef TESSERA_SESSION_IMPL_H
#define TESSERA_SESSION_IMPL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "session.h"

/* A question for the worker (or asked on the spot): the board as marks,
 * the candidates nearest the focus first, and the time limit. */
typedef struct {
    long id;
    int *marks; /* the board's marks, givens included */
    int nmarks;
    int *givens; /* which of them the puzzle gives (numbering: this board's) */
    int ngivens;
    int *order;
    int norder;
    double seconds;
    bool want_hint;
} job;

/* A reason the worker found, for a board's marks (its key). */
typedef struct {
    int fact;
    assist_reason r;
    /* final: r is minimal.  Otherwise what the longest search so far
     * found (held to the reason's share of the budget, assist_explain_hint,
     * or given the whole budget by the worker: the smallest reason, or
     * none), answered at once by the next hint on the same board until a
     * search finds a minimal one; dropped when the marks change, since
     * more marks may allow a shorter reason. */
    bool final;
    double seconds; /* not final: how long that search could run */
} known_reason;

/* What the worker keeps between jobs (its thread only). */
typedef struct {
    assist *a;
    assist_forced *fs;
    int_vec key; /* the board the reasons are for (board_key) */
    bool has_key;
    known_reason *reasons;
    int nreasons;
} worker_mem;

struct session {
    board *b;
    const game_family *f;
    double seconds;
    assist *a; /* the calling thread's engine: batch answers, solve, fill in */
    int nfacts;

    /* thinking ahead */
    bool thinking; /* the worker thread runs */
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t wake, done;
    atomic_bool cancel;
    bool quit;
    job pending;
    bool has_pending;
    long latest; /* the id of the last job posted */
    long answer_id;
    bool check_ready, hint_ready;
    session_answer answer;
    bool settled;           /* the worker has finished the latest job, thinking ahead included */
    assist_forced *done_fs; /* a copy of the worker's whole forced set, for done_key's board */
    int_vec done_key;
    const void *ui; /* the focus the last job was posted with (main thread only) */
    diag refused; /* why the last session_apply refused its move (main thread only) */
};

/* A solver poll: the worker's cancel flag, or the player's key check. */
typedef struct {
    bool (*fn)(void *);
    void *ctx;
} poll_fn;

/* --- session_ask.c: the questions, the same code on either thread --- */

void si_job_free(job *j);
void si_vec_copy(int_vec *dst, const int_vec *src);
void si_copy_check(session_check *dst, const session_check *src);
void si_copy_hint(session_hint *dst, const session_hint *src);
/* The board as a job: its marks and givens, and with want_hint every fact
 * nearest ui's focus first (ui NULL: a fresh ui's focus). */
job si_make_job(const session *s, const void *ui, double seconds, bool want_hint);
/* The engine's budget: seconds from now, and the poll (NULL: none). */
void si_set_budget(assist *a, double seconds, const poll_fn *poll);
/* Which board a job is about: its marks and givens, sorted (the worker's
 * forced set and reasons hold for one board, whatever the focus). */
void si_board_key(const job *j, int_vec *out);
bool si_same_vec(const int_vec *x, const int_vec *y);

/* The worker's kept reasons (worker_mem). */
const known_reason *si_known_reason(const worker_mem *w, int fact);
void si_forget_reasons(worker_mem *w);
bool si_key_grew(const int_vec *old, const int_vec *now);
void si_drop_marked_reasons(worker_mem *w, const job *j);
void si_keep_reason(worker_mem *w, int fact, assist_reason *r, double seconds);

/* The worker's view of a partial answer, published as soon as it is known
 * (check before hint); NULL when asked on the spot. */
typedef void (*publish_fn)(session *s, const job *j, const session_answer *ans, bool hint_done);
/* Answers job j: the check, then (want_hint) the hint.  On the worker w
 * holds its kept forced set and reasons; NULL on the spot. */
void si_run_job(session *s, assist *a, worker_mem *w, const job *j, const poll_fn *poll,
                publish_fn publish, session_answer *out);

/* --- session_worker.c --- */

/* A copy of the worker's whole forced set when it is for job j's board;
 * NULL otherwise. */
assist_forced *si_worker_forced_set(session *s, const job *j);

#endif
