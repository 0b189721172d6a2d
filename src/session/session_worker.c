/* session_worker.c: thinking ahead: the worker thread that answers the
 * latest board's check and hint before they are asked, then finishes the
 * forced set and the reasons nearest the focus.
 *
 * Between moves the worker keeps its forced set (assist_forced): after a
 * move that adds marks every forced fact stays forced and every witness
 * that agrees with the new marks still refutes what it refuted, so only
 * the rest is recomputed; after undo (fewer marks) the forced facts are
 * proved again, never carried over (assist_forced_update).  The reasons it
 * found are kept while the marks stay the same: moving the focus costs no
 * new proof for a fact already explained.  A hint that went out not known
 * is answered again once the forced set is finished, and a check that went
 * out not known once the set has met a solution under the marks (or found
 * that there is none). */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "session_impl.h"

/* After the hint, the worker goes on to explain the forced facts nearest
 * the focus: first the nearest NEAR_SHARED within the reason's share (what
 * a hint would find on the spot), so that the hint after a focus move of a
 * few steps finds its reason kept; then the nearest NEAR_REASONS of them
 * that may deserve it with the whole budget. */
#define NEAR_SHARED 32
#define NEAR_REASONS 8
/* When the whole forced set is not finished within the job's time limit,
 * the worker goes on with it for up to EXTRA_ROUNDS more limits: nobody
 * waits on it (the next move cancels it), and a finished set answers the
 * hint after any focus move at once, where an unfinished one makes that
 * hint decide the open facts before its nearest forced one while the
 * player waits. */
#define EXTRA_ROUNDS 6

static bool worker_poll(void *ctx)
{
    session *s = ctx;
    return atomic_load(&s->cancel);
}

static void worker_publish(session *s, const job *j, const session_answer *ans, bool hint_done)
{
    pthread_mutex_lock(&s->mu);
    if (j->id == s->latest) {
        s->answer_id = j->id;
        s->answer.seconds = ans->seconds;
        si_copy_check(&s->answer.check, &ans->check);
        s->check_ready = true;
        if (hint_done) {
            si_copy_hint(&s->answer.hint, &ans->hint);
            s->hint_ready = true;
        }
        pthread_cond_broadcast(&s->done);
    }
    pthread_mutex_unlock(&s->mu);
}

/* One forced fact's reason looked for ahead (the whole budget, or the
 * reason's share as the hint's own search) and kept, unless a search as
 * long was made already.  True when it found a minimal reason; a search
 * the next job cut short (s->cancel, which worker_poll reads) is not kept. */
static bool explain_ahead(worker_mem *w, const job *j, int f, assist_proof proof, bool whole,
                         const poll_fn *poll)
{
    assist *a = w->a;
    const known_reason *known = si_known_reason(w, f);
    /* searched already: minimal, or as long as this search would be */
    if (known && (known->final || !whole || known->seconds >= j->seconds))
        return false;
    assist_reason r = {0};
    si_set_budget(a, j->seconds, poll);
    assist_status st;
    if (whole) {
        st = assist_explain_reason(a, j->marks, j->nmarks, f, &r);
    } else {
        assist_hint_result hr = {.fact = f, .forced = true, .proof = proof};
        st = assist_explain_hint(a, j->marks, j->nmarks, &hr, &r);
    }
    if (assist_was_cancelled(a)) {
        assist_reason_free(&r);
        return false;
    }
    if (st != ASSIST_OK)
        r.kind = ASSIST_REASON_NONE;
    bool found = r.kind == ASSIST_REASON_MINIMAL;
    if (whole && proof == ASSIST_PROOF_EXHAUSTION && !found) {
        /* a shrink cut short there names most of the board */
        r.kind = ASSIST_REASON_NONE;
        r.groups.n = r.marks.n = r.givens.n = 0;
    }
    /* Kept whatever it found, the whole budget's search too: the next
     * hint on this board answers from it at once, rather than search
     * again within the share for less than the whole budget found. */
    si_keep_reason(w, f, &r, whole ? j->seconds : assist_reason_seconds(a));
    assist_reason_free(&r);
    return found;
}

/* The job's check and hint asked again, published as the first answer
 * was: from what thinking ahead has found since (the next h shows it). */
static void answer_again(session *s, worker_mem *w, const job *j, const poll_fn *poll)
{
    session_answer ans = {0};
    si_run_job(s, w->a, w, j, poll, worker_publish, &ans);
    session_answer_free(&ans);
}

/* After the answer: the whole forced set (handed to session_obvious; up to
 * 1 + EXTRA_ROUNDS time limits), then the reasons of the forced facts
 * nearest the focus, each step within the job's time limit; the next job
 * cancels it. */
static void think_ahead(session *s, worker_mem *w, const job *j, const int_vec *key, const poll_fn *poll,
                        bool checked, bool answered)
{
    assist *a = w->a;
    assist_status st = ASSIST_UNKNOWN;
    for (int round = 0; round <= EXTRA_ROUNDS && st == ASSIST_UNKNOWN && !atomic_load(&s->cancel); round++) {
        /* each round goes on from what the last one decided */
        si_set_budget(a, j->seconds, poll);
        st = assist_forced_update(a, w->fs, j->marks, j->nmarks, j->order, j->norder, 0);
    }
    if (st != ASSIST_OK) {
        /* a check that went out not known may be answered now: the set
         * keeps each solution it met, and none under the marks (NONE)
         * has its conflict named by the check itself */
        bool news = st == ASSIST_NONE || assist_forced_consistent(a, w->fs, j->marks, j->nmarks);
        if (!checked && news && !atomic_load(&s->cancel))
            answer_again(s, w, j, poll);
        return;
    }
    assist_forced *copy = assist_forced_copy(w->fs);
    pthread_mutex_lock(&s->mu);
    assist_forced_free(s->done_fs);
    s->done_fs = copy;
    si_vec_copy(&s->done_key, key);
    pthread_mutex_unlock(&s->mu);
    if (!answered && !atomic_load(&s->cancel))
        answer_again(s, w, j, poll); /* it went out not known: at once, before the reasons */
    int_vec list = {0};
    assist_forced_list(w->fs, &list);
    bool found_first = false;
    for (int pass = 0; pass < 2; pass++) {
        int upto = pass == 0 ? NEAR_SHARED : NEAR_REASONS;
        for (int i = 0; i < list.n && i < upto && !atomic_load(&s->cancel); i++) {
            /* The share first, for every one of the nearest: a hint after
             * a focus move finds at once whatever the share finds.  Then
             * the whole budget, but a fact proved by exhaustion only when
             * it is the nearest, the hint's: on a board with one solution
             * each can take the solver the whole budget. */
            int f = list.v[i];
            assist_proof proof = assist_forced_proof(w->fs, f);
            bool deserves_whole = proof == ASSIST_PROOF_UNSAT || (proof == ASSIST_PROOF_EXHAUSTION && i == 0);
            if (pass == 1 && !deserves_whole)
                continue; /* the share pass had it */
            bool found = explain_ahead(w, j, f, proof, pass == 1, poll);
            found_first = found_first || (i == 0 && found);
        }
    }
    vec_free(&list);
    if (found_first && !atomic_load(&s->cancel)) {
        /* the nearest forced fact, the hint's, had no minimal reason when
         * the hint went out: the hint again with it */
        answer_again(s, w, j, poll);
    }
}

static void worker_job(session *s, worker_mem *w, const job *j, const poll_fn *poll)
{
    if (!w->a) {
        /* the worker's own engine: the puzzle (immutable) encoded again */
        w->a = puzzle_encode(s->b->pz);
        w->fs = assist_forced_create(w->a);
    }
    int_vec key = {0};
    si_board_key(j, &key);
    if (!w->has_key || !si_same_vec(&key, &w->key)) {
        if (w->has_key && si_key_grew(&w->key, &key))
            si_drop_marked_reasons(w, j);
        else
            si_forget_reasons(w);
        si_vec_copy(&w->key, &key);
        w->has_key = true;
    }
    session_answer ans = {0};
    si_run_job(s, w->a, w, j, poll, worker_publish, &ans);
    /* a check not known goes on too: the forced set's first step is to
     * find a solution under the marks, or to prove there is none */
    bool checked = ans.check.label == CHECK_OK, answered = checked && ans.hint.label != HINT_UNKNOWN;
    bool open = checked || ans.check.label == CHECK_UNKNOWN;
    session_answer_free(&ans);
    if (open && !atomic_load(&s->cancel))
        think_ahead(s, w, j, &key, poll, checked, answered);
    vec_free(&key);
    pthread_mutex_lock(&s->mu);
    if (j->id == s->latest) {
        s->settled = true;
        pthread_cond_broadcast(&s->done);
    }
    pthread_mutex_unlock(&s->mu);
}

static void *worker_main(void *arg)
{
    session *s = arg;
    worker_mem w = {0};
    poll_fn poll = {worker_poll, s};
    pthread_mutex_lock(&s->mu);
    for (;;) {
        while (!s->has_pending && !s->quit)
            pthread_cond_wait(&s->wake, &s->mu);
        if (s->quit)
            break;
        job j = s->pending;
        memset(&s->pending, 0, sizeof s->pending);
        s->has_pending = false;
        atomic_store(&s->cancel, false);
        pthread_mutex_unlock(&s->mu);
        worker_job(s, &w, &j, &poll);
        si_job_free(&j);
        pthread_mutex_lock(&s->mu);
    }
    pthread_mutex_unlock(&s->mu);
    si_forget_reasons(&w);
    vec_free(&w.key);
    assist_forced_free(w.fs);
    assist_free(w.a);
    return NULL;
}

void session_think(session *s, const void *ui, double seconds)
{
    s->ui = ui;
    job j = si_make_job(s, ui, seconds, true);
    pthread_mutex_lock(&s->mu);
    j.id = ++s->latest;
    si_job_free(&s->pending);
    s->pending = j;
    s->has_pending = true;
    s->check_ready = s->hint_ready = s->settled = false;
    atomic_store(&s->cancel, true); /* the job under way is for an older board */
    pthread_cond_signal(&s->wake);
    pthread_mutex_unlock(&s->mu);
    if (!s->thinking) {
        s->thinking = true;
        /* the signals that end the player go to the main thread, whose
         * blocking read they interrupt (the worker inherits this mask) */
        sigset_t block, old;
        sigemptyset(&block);
        sigaddset(&block, SIGINT);
        sigaddset(&block, SIGTERM);
        sigaddset(&block, SIGHUP);
        pthread_sigmask(SIG_BLOCK, &block, &old);
        int err = pthread_create(&s->thread, NULL, worker_main, s);
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        if (err != 0) {
            /* no thread: answer on the spot, as the batch commands do */
            s->thinking = false;
            pthread_mutex_lock(&s->mu);
            job now = s->pending;
            memset(&s->pending, 0, sizeof s->pending);
            s->has_pending = false;
            atomic_store(&s->cancel, false);
            pthread_mutex_unlock(&s->mu);
            session_answer ans = {0};
            si_run_job(s, s->a, NULL, &now, NULL, worker_publish, &ans);
            session_answer_free(&ans);
            si_job_free(&now);
            pthread_mutex_lock(&s->mu);
            s->settled = true;
            pthread_mutex_unlock(&s->mu);
        }
    }
}

bool session_ready(session *s, bool want_hint, session_answer *out)
{
    pthread_mutex_lock(&s->mu);
    bool ok = s->answer_id == s->latest && s->check_ready && (!want_hint || s->hint_ready);
    if (ok && out) {
        out->seconds = s->answer.seconds;
        si_copy_check(&out->check, &s->answer.check);
        if (s->hint_ready)
            si_copy_hint(&out->hint, &s->answer.hint);
        else
            out->hint.label = HINT_PENDING;
    }
    pthread_mutex_unlock(&s->mu);
    return ok;
}

void session_wait(session *s, double seconds)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    long ns = ts.tv_nsec + (long)(seconds * 1e9);
    ts.tv_sec += ns / 1000000000L;
    ts.tv_nsec = ns % 1000000000L;
    pthread_mutex_lock(&s->mu);
    if (s->thinking && !s->settled)
        pthread_cond_timedwait(&s->done, &s->mu, &ts);
    pthread_mutex_unlock(&s->mu);
}

bool session_settled(session *s)
{
    pthread_mutex_lock(&s->mu);
    bool settled = s->settled;
    pthread_mutex_unlock(&s->mu);
    return settled;
}

/* A copy of the worker's whole forced set when it is for job j's board;
 * NULL otherwise. */
assist_forced *si_worker_forced_set(session *s, const job *j)
{
    int_vec key = {0};
    si_board_key(j, &key);
    assist_forced *fs = NULL;
    pthread_mutex_lock(&s->mu);
    if (s->done_fs && si_same_vec(&key, &s->done_key))
        fs = assist_forced_copy(s->done_fs);
    pthread_mutex_unlock(&s->mu);
    vec_free(&key);
    return fs;
}
