/* session.c: the midend: one board, its engines and the assist policies,
 * shared by the player and the batch commands, plus the thinking-ahead worker.
 *
 * Threads: the worker owns its own engine (the puzzle encoded again), its
 * forced set and its reasons, and reads only what never changes after
 * session_create (the puzzle, the givens, the fact count) and the job it
 * was handed (a copy of the marks and of the order).  Everything the two
 * threads share is behind mu; the cancel flag is atomic so that the
 * solver's poll can read it mid-call.
 *
 * Between moves the worker keeps its forced set (assist_forced): after a
 * move that adds marks every forced fact stays forced and every witness
 * that agrees with the new marks still refutes what it refuted, so only
 * the rest is recomputed; after undo (fewer marks) the forced facts are
 * proved again, never carried over (assist_forced_update).  The reasons it
 * found are kept while the marks stay the same: moving the focus costs no
 * new proof for a fact already explained. */
#include "session.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* After the hint, the worker goes on to explain the forced facts nearest
 * the focus, up to this many, so that the hint after a focus move is
 * already there. */
#define NEAR_REASONS 8

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
    assist_reason r; /* ASSIST_REASON_MINIMAL only: a shrink cut short is not kept */
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

static void job_free(job *j)
{
    free(j->marks);
    free(j->givens);
    free(j->order);
    memset(j, 0, sizeof *j);
}

void session_answer_free(session_answer *ans)
{
    vec_free(&ans->check.marks);
    vec_free(&ans->hint.groups);
    vec_free(&ans->hint.marks);
    vec_free(&ans->hint.givens);
}

static void vec_copy(int_vec *dst, const int_vec *src)
{
    dst->n = 0;
    for (int i = 0; i < src->n; i++)
        vec_push(dst, src->v[i]);
}

static void copy_check(session_check *dst, const session_check *src)
{
    dst->label = src->label;
    vec_copy(&dst->marks, &src->marks);
}

static void copy_hint(session_hint *dst, const session_hint *src)
{
    dst->label = src->label;
    dst->fact = src->fact;
    dst->smallest = src->smallest;
    dst->exhaustive = src->exhaustive;
    vec_copy(&dst->groups, &src->groups);
    vec_copy(&dst->marks, &src->marks);
    vec_copy(&dst->givens, &src->givens);
}

session *session_create(board *b, double seconds)
{
    session *s = xcalloc(1, sizeof *s);
    s->b = b;
    s->f = b->pz->family;
    s->seconds = seconds > 0 ? seconds : SESSION_DEFAULT_SECONDS;
    s->a = puzzle_encode(b->pz);
    s->nfacts = assist_num_facts(s->a);
    pthread_mutex_init(&s->mu, NULL);
    pthread_cond_init(&s->wake, NULL);
    pthread_cond_init(&s->done, NULL);
    atomic_init(&s->cancel, false);
    return s;
}

void session_free(session *s)
{
    if (!s)
        return;
    if (s->thinking) {
        pthread_mutex_lock(&s->mu);
        s->quit = true;
        atomic_store(&s->cancel, true);
        pthread_cond_signal(&s->wake);
        pthread_mutex_unlock(&s->mu);
        pthread_join(s->thread, NULL);
    }
    job_free(&s->pending);
    session_answer_free(&s->answer);
    assist_forced_free(s->done_fs);
    vec_free(&s->done_key);
    pthread_cond_destroy(&s->done);
    pthread_cond_destroy(&s->wake);
    pthread_mutex_destroy(&s->mu);
    assist_free(s->a);
    board_free(s->b);
    free(s);
}

board *session_board(const session *s)
{
    return s->b;
}

double session_seconds(const session *s)
{
    return s->seconds;
}

const assist *session_engine(const session *s)
{
    return s->a;
}


/* --- the questions, the same code on either thread --- */

typedef struct {
    int dist, fact;
} ranked;

static int cmp_int(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

static int by_rank(const void *x, const void *y)
{
    const ranked *a = x, *b = y;
    if (a->dist != b->dist)
        return a->dist < b->dist ? -1 : 1;
    return (a->fact > b->fact) - (a->fact < b->fact);
}

/* Every fact, nearest ui's focus first (the family's fact_distance); with
 * ui NULL, the focus of a fresh ui, as the player has on opening a game. */
static int *fact_order(const session *s, const void *ui)
{
    const game_family *f = s->f;
    void *own = NULL;
    if (!ui && f->ui && f->ui->fact_distance)
        ui = own = f->ui->create(s->b->pz->data);
    int *order = xcalloc((size_t)s->nfacts + 1, sizeof *order);
    ranked *r = xcalloc((size_t)s->nfacts + 1, sizeof *r);
    for (int i = 0; i < s->nfacts; i++) {
        r[i].fact = i;
        r[i].dist = ui && f->ui->fact_distance ? f->ui->fact_distance(s->b->pz->data, ui, s->b->state, i) : 0;
    }
    qsort(r, (size_t)s->nfacts, sizeof *r, by_rank);
    for (int i = 0; i < s->nfacts; i++)
        order[i] = r[i].fact;
    free(r);
    if (own)
        f->ui->free(own);
    return order;
}

static job make_job(const session *s, const void *ui, double seconds, bool want_hint)
{
    job j = {.seconds = seconds > 0 ? seconds : s->seconds, .want_hint = want_hint};
    j.nmarks = board_marks(s->b, s->a, &j.marks);
    j.ngivens = puzzle_givens(s->b->pz, s->b->state, &j.givens);
    if (want_hint) {
        j.order = fact_order(s, ui);
        j.norder = s->nfacts;
    }
    return j;
}

typedef struct {
    bool (*fn)(void *);
    void *ctx;
} poll_fn;

static void set_budget(assist *a, double seconds, const poll_fn *poll)
{
    /* a budget of 0 seconds would mean none: what is spent stays spent */
    sat_budget bud = {
        .seconds = seconds > 1e-9 ? seconds : 1e-9,
        .poll = poll ? poll->fn : NULL,
        .poll_ctx = poll ? poll->ctx : NULL,
    };
    assist_set_budget(a, &bud);
}

static void ask_check(const session *s, assist *a, const job *j, session_check *out)
{
    int_vec core = {0};
    assist_status st = assist_check(a, j->marks, j->nmarks, &core);
    out->marks.n = 0;
    if (st == ASSIST_UNKNOWN) {
        out->label = CHECK_UNKNOWN;
    } else if (st == ASSIST_OK) {
        out->label = CHECK_OK;
    } else {
        /* the engine never names a given (assist_set_givens): an empty
         * conflict means the givens alone have no solution */
        vec_copy(&out->marks, &core);
        out->label = out->marks.n ? CHECK_CONFLICT : CHECK_UNSOLVABLE;
    }
    vec_free(&core);
}

/* Which board a job is about: its marks and givens, sorted (the worker's
 * forced set and reasons hold for one board, whatever the focus). */
static void board_key(const job *j, int_vec *out)
{
    out->n = 0;
    for (int i = 0; i < j->nmarks; i++)
        vec_push(out, j->marks[i]);
    if (out->n > 1)
        qsort(out->v, (size_t)out->n, sizeof *out->v, cmp_int);
    vec_push(out, -1);
    int from = out->n;
    for (int i = 0; i < j->ngivens; i++)
        vec_push(out, j->givens[i]);
    qsort(out->v + from, (size_t)(out->n - from), sizeof *out->v, cmp_int);
}

static bool same_vec(const int_vec *x, const int_vec *y)
{
    return x->n == y->n && (x->n == 0 || memcmp(x->v, y->v, (size_t)x->n * sizeof *x->v) == 0);
}

static const assist_reason *known(const worker_mem *w, int fact)
{
    for (int i = 0; w && i < w->nreasons; i++)
        if (w->reasons[i].fact == fact)
            return &w->reasons[i].r;
    return NULL;
}

static void forget_reasons(worker_mem *w)
{
    for (int i = 0; i < w->nreasons; i++)
        assist_reason_free(&w->reasons[i].r);
    free(w->reasons);
    w->reasons = NULL;
    w->nreasons = 0;
}

/* Did the board of key `old` only gain marks to become `now` (the givens
 * the same)?  Then a minimal reason found on it still forces its fact
 * with the same parts, and none of them can be left out: it is still a
 * minimal reason (maybe no longer the one explain would find first). */
static bool key_grew(const int_vec *old, const int_vec *now)
{
    int so = 0, sn = 0;
    while (old->v[so] != -1)
        so++;
    while (now->v[sn] != -1)
        sn++;
    if (old->n - so != now->n - sn || memcmp(old->v + so, now->v + sn, (size_t)(old->n - so) * sizeof *old->v) != 0)
        return false;
    int i = 0;
    for (int k = 0; k < so; k++) {
        while (i < sn && now->v[i] < old->v[k])
            i++;
        if (i == sn || now->v[i] != old->v[k])
            return false;
    }
    return true;
}

/* After marks were added: the reasons of facts now marked go. */
static void drop_marked_reasons(worker_mem *w, const job *j)
{
    int m = 0;
    for (int i = 0; i < w->nreasons; i++) {
        bool marked = false;
        for (int k = 0; k < j->nmarks && !marked; k++)
            marked = j->marks[k] == w->reasons[i].fact;
        if (marked)
            assist_reason_free(&w->reasons[i].r);
        else
            w->reasons[m++] = w->reasons[i];
    }
    w->nreasons = m;
}

/* Keeps a minimal reason (taken: r is left empty). */
static void keep_reason(worker_mem *w, int fact, assist_reason *r)
{
    if (r->kind != ASSIST_REASON_MINIMAL || known(w, fact))
        return;
    w->reasons = xrealloc(w->reasons, (size_t)(w->nreasons + 1) * sizeof *w->reasons);
    w->reasons[w->nreasons].fact = fact;
    w->reasons[w->nreasons].r = *r;
    w->nreasons++;
    memset(r, 0, sizeof *r);
}

static void copy_reason(assist_reason *dst, const assist_reason *src)
{
    dst->kind = src->kind;
    int_vec *d[3] = {&dst->groups, &dst->marks, &dst->givens};
    const int_vec *from[3] = {&src->groups, &src->marks, &src->givens};
    for (int k = 0; k < 3; k++)
        vec_copy(d[k], from[k]);
}

/* The hint.  On the worker (w): on its kept forced set, with the reasons
 * it already found for this board; asked on the spot: one service call,
 * as assist_hint_explained. */
static void ask_hint(const session *s, assist *a, worker_mem *w, const job *j, double deadline,
                     const poll_fn *poll, session_hint *out)
{
    (void)s;
    out->fact = -1;
    out->groups.n = out->marks.n = out->givens.n = 0;
    out->smallest = out->exhaustive = false;
    set_budget(a, deadline - monotonic_seconds(), poll);
    assist_hint_result hr;
    assist_reason why = {0};
    assist_status st;
    if (!w) {
        st = assist_hint_explained(a, j->marks, j->nmarks, j->order, j->norder, &hr, &why);
    } else {
        st = assist_hint_on(a, w->fs, j->marks, j->nmarks, j->order, j->norder, &hr, NULL);
        if (st == ASSIST_OK && hr.forced) {
            const assist_reason *r = known(w, hr.fact);
            if (r) {
                copy_reason(&why, r);
            } else {
                /* the reason gets what is left of the same budget */
                set_budget(a, deadline - monotonic_seconds(), poll);
                if (assist_explain_reason(a, j->marks, j->nmarks, hr.fact, &why) != ASSIST_OK)
                    why.kind = ASSIST_REASON_NONE;
            }
            if (why.kind != ASSIST_REASON_NONE)
                hr.label = ASSIST_LABEL_FORCED;
            if (!r) {
                assist_reason keep = {0};
                copy_reason(&keep, &why);
                keep_reason(w, hr.fact, &keep);
                assist_reason_free(&keep);
            }
        }
    }
    if (st == ASSIST_NONE) {
        out->label = HINT_INCONSISTENT;
    } else if (st == ASSIST_UNKNOWN || hr.label == ASSIST_LABEL_NOT_KNOWN) {
        /* never a guess passed off as a hint: nothing was proved */
        out->label = HINT_UNKNOWN;
    } else if (hr.fact < 0) {
        out->label = HINT_DECIDED;
    } else {
        out->fact = hr.fact;
        out->exhaustive = hr.proof == ASSIST_PROOF_EXHAUSTION;
        if (hr.label == ASSIST_LABEL_CHOICE) {
            out->label = HINT_CHOICE;
        } else if (hr.label == ASSIST_LABEL_FORCED && why.kind != ASSIST_REASON_NONE) {
            out->label = HINT_FORCED;
            out->smallest = why.kind == ASSIST_REASON_SMALLEST;
            vec_copy(&out->groups, &why.groups);
            vec_copy(&out->marks, &why.marks);
            vec_copy(&out->givens, &why.givens);
        } else {
            out->label = HINT_FORCED_NO_REASON;
        }
    }
    assist_reason_free(&why);
}

/* The worker's view of a partial answer, published as soon as it is known
 * (check before hint); NULL when asked on the spot. */
typedef void (*publish_fn)(session *s, const job *j, const session_answer *ans, bool hint_done);

static void run_job(session *s, assist *a, worker_mem *w, const job *j, const poll_fn *poll,
                    publish_fn publish, session_answer *out)
{
    double deadline = monotonic_seconds() + j->seconds;
    out->seconds = j->seconds;
    out->hint.label = HINT_PENDING;
    out->hint.fact = -1;
    assist_set_givens(a, j->givens, j->ngivens);
    set_budget(a, j->seconds, poll);
    if (w && assist_forced_consistent(a, w->fs, j->marks, j->nmarks)) {
        /* a solution kept from an earlier board agrees with every mark */
        out->check.label = CHECK_OK;
        out->check.marks.n = 0;
    } else {
        ask_check(s, a, j, &out->check);
    }
    if (publish)
        publish(s, j, out, !j->want_hint);
    if (!j->want_hint)
        return;
    if (out->check.label == CHECK_UNKNOWN)
        out->hint.label = HINT_UNKNOWN;
    else if (out->check.label != CHECK_OK)
        out->hint.label = HINT_INCONSISTENT;
    else
        ask_hint(s, a, w, j, deadline, poll, &out->hint);
    if (publish)
        publish(s, j, out, true);
}

void session_check_now(session *s, session_answer *out)
{
    memset(out, 0, sizeof *out);
    job j = make_job(s, NULL, 0, false);
    run_job(s, s->a, NULL, &j, NULL, NULL, out);
    job_free(&j);
}

void session_hint_now(session *s, const void *ui, session_answer *out)
{
    memset(out, 0, sizeof *out);
    job j = make_job(s, ui, 0, true);
    run_job(s, s->a, NULL, &j, NULL, NULL, out);
    job_free(&j);
}

/* --- the worker --- */

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
        copy_check(&s->answer.check, &ans->check);
        s->check_ready = true;
        if (hint_done) {
            copy_hint(&s->answer.hint, &ans->hint);
            s->hint_ready = true;
        }
        pthread_cond_broadcast(&s->done);
    }
    pthread_mutex_unlock(&s->mu);
}

/* After the answer: the whole forced set (handed to session_obvious), then
 * the reasons of the forced facts nearest the focus.  Each step has the
 * job's time limit; the next job cancels it. */
static void think_ahead(session *s, worker_mem *w, const job *j, const int_vec *key, const poll_fn *poll)
{
    assist *a = w->a;
    set_budget(a, j->seconds, poll);
    if (assist_forced_update(a, w->fs, j->marks, j->nmarks, j->order, j->norder, 0) != ASSIST_OK)
        return;
    assist_forced *copy = assist_forced_copy(w->fs);
    pthread_mutex_lock(&s->mu);
    assist_forced_free(s->done_fs);
    s->done_fs = copy;
    vec_copy(&s->done_key, key);
    pthread_mutex_unlock(&s->mu);
    int_vec list = {0};
    assist_forced_list(w->fs, &list);
    for (int i = 0; i < list.n && i < NEAR_REASONS && !atomic_load(&s->cancel); i++) {
        if (known(w, list.v[i]) || assist_forced_proof(w->fs, list.v[i]) != ASSIST_PROOF_UNSAT)
            continue;
        assist_reason r = {0};
        set_budget(a, j->seconds, poll);
        if (assist_explain_reason(a, j->marks, j->nmarks, list.v[i], &r) == ASSIST_OK)
            keep_reason(w, list.v[i], &r);
        assist_reason_free(&r);
    }
    vec_free(&list);
}

static void worker_job(session *s, worker_mem *w, const job *j, const poll_fn *poll)
{
    if (!w->a) {
        /* the worker's own engine: the puzzle (immutable) encoded again */
        w->a = puzzle_encode(s->b->pz);
        w->fs = assist_forced_create(w->a);
    }
    int_vec key = {0};
    board_key(j, &key);
    if (!w->has_key || !same_vec(&key, &w->key)) {
        if (w->has_key && key_grew(&w->key, &key))
            drop_marked_reasons(w, j);
        else
            forget_reasons(w);
        vec_copy(&w->key, &key);
        w->has_key = true;
    }
    session_answer ans = {0};
    run_job(s, w->a, w, j, poll, worker_publish, &ans);
    bool answered = ans.check.label == CHECK_OK && ans.hint.label != HINT_UNKNOWN;
    session_answer_free(&ans);
    if (answered && !atomic_load(&s->cancel))
        think_ahead(s, w, j, &key, poll);
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
        job_free(&j);
        pthread_mutex_lock(&s->mu);
    }
    pthread_mutex_unlock(&s->mu);
    forget_reasons(&w);
    vec_free(&w.key);
    assist_forced_free(w.fs);
    assist_free(w.a);
    return NULL;
}

void session_think(session *s, const void *ui, double seconds)
{
    s->ui = ui;
    job j = make_job(s, ui, seconds, true);
    pthread_mutex_lock(&s->mu);
    j.id = ++s->latest;
    job_free(&s->pending);
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
            run_job(s, s->a, NULL, &now, NULL, worker_publish, &ans);
            session_answer_free(&ans);
            job_free(&now);
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
        copy_check(&out->check, &s->answer.check);
        if (s->hint_ready)
            copy_hint(&out->hint, &s->answer.hint);
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

/* --- moves --- */

static void rethink(session *s)
{
    if (s->thinking)
        session_think(s, s->ui, 0);
}

bool session_apply(session *s, const move *m, bool is_solve)
{
    s->refused = (diag){0};
    /* the one gate: the changed entries are all the family's step_ok
     * looks at, so a key press costs next to nothing */
    if (!board_move_allowed(s->b, m, &s->refused)) {
        if (!s->refused.msg[0])
            diag_set(&s->refused, 0, 0, "the move does not fit the puzzle");
        return false;
    }
    bool changed = board_apply(s->b, m, is_solve);
    if (changed)
        rethink(s);
    return changed;
}

const char *session_refused(const session *s)
{
    return s->refused.msg;
}

bool session_undo(session *s)
{
    bool changed = board_undo(s->b);
    if (changed)
        rethink(s);
    return changed;
}

bool session_redo(session *s)
{
    bool changed = board_redo(s->b);
    if (changed)
        rethink(s);
    return changed;
}

void session_count_hint(session *s)
{
    board_count_use(&s->b->hints);
}

void session_count_check(session *s)
{
    board_count_use(&s->b->checks);
}

/* --- solve and fill in, on the calling thread --- */

solve_status session_solve(session *s, bool (*poll)(void *), void *ctx, move *out, char *why,
                           size_t n)
{
    poll_fn pf = {poll, ctx};
    set_budget(s->a, s->seconds, poll ? &pf : NULL);
    const puzzle *pz = s->b->pz;
    int *marks, *givens;
    int nm = board_marks(s->b, s->a, &marks);
    int ng = puzzle_givens(pz, s->b->state, &givens);
    assist_set_givens(s->a, givens, ng);
    free(givens);
    bool *facts = xcalloc((size_t)s->nfacts + 1, sizeof *facts);
    assist_status st = assist_solve(s->a, marks, nm, facts);
    solve_status rc = SOLVE_DONE;
    if (st == ASSIST_NONE) {
        /* the marks conflict: solve from the puzzle's own givens */
        int *start = xcalloc((size_t)pz->nstate + 1, sizeof *start);
        s->f->init_state(pz->data, start);
        nm = s->f->state_marks(pz->data, start, marks, s->nfacts + 1);
        ng = puzzle_givens(pz, start, &givens);
        assist_set_givens(s->a, givens, ng);
        free(givens);
        free(start);
        st = assist_solve(s->a, marks, nm, facts);
        rc = SOLVE_FROM_SCRATCH;
    }
    if (st == ASSIST_UNKNOWN) {
        rc = assist_was_cancelled(s->a) ? SOLVE_CANCELLED : SOLVE_UNKNOWN;
    } else if (st == ASSIST_NONE) {
        rc = SOLVE_NONE;
    } else {
        int *sol = xcalloc((size_t)pz->nstate + 1, sizeof *sol);
        memcpy(sol, s->b->state, (size_t)pz->nstate * sizeof *sol);
        s->f->apply_solution(pz->data, facts, sol);
        /* verify before applying: an encoding bug shows as an error */
        diag rejected = {0};
        if (!s->f->verify(pz->data, sol, &rejected)) {
            snprintf(why, n, "%s", rejected.msg); /* session_solve keeps its char buffer */
            rc = SOLVE_REJECTED;
        } else {
            for (int i = 0; i < pz->nstate; i++)
                if (sol[i] != s->b->state[i])
                    move_set(out, i, sol[i]);
            if (out->idx.n == 0)
                rc = SOLVE_ALREADY;
        }
        free(sol);
    }
    free(facts);
    free(marks);
    return rc;
}

/* A copy of the worker's whole forced set when it is for job j's board;
 * NULL otherwise. */
static assist_forced *worker_forced_set(session *s, const job *j)
{
    int_vec key = {0};
    board_key(j, &key);
    assist_forced *fs = NULL;
    pthread_mutex_lock(&s->mu);
    if (s->done_fs && same_vec(&key, &s->done_key))
        fs = assist_forced_copy(s->done_fs);
    pthread_mutex_unlock(&s->mu);
    vec_free(&key);
    return fs;
}

int session_obvious(session *s, const void *ui, bool (*poll)(void *), void *ctx, move *out,
                    bool *complete, bool *cancelled)
{
    poll_fn pf = {poll, ctx};
    double deadline = monotonic_seconds() + s->seconds;
    const puzzle *pz = s->b->pz;
    job j = make_job(s, ui, 0, true);
    assist_set_givens(s->a, j.givens, j.ngivens);
    *complete = false;
    *cancelled = false;
    /* The forced set: adding forced facts as marks leaves the solutions
     * as they are, so it is the same set throughout; what grows is which
     * of its facts one clue shows, with the others in. */
    assist_forced *fs = worker_forced_set(s, &j);
    if (!fs)
        fs = assist_forced_create(s->a);
    set_budget(s->a, deadline - monotonic_seconds(), &pf);
    /* with the worker's set this only puts it in the focus's order */
    assist_status st = assist_forced_update(s->a, fs, j.marks, j.nmarks, j.order, j.norder, 0);
    if (st == ASSIST_UNKNOWN)
        *cancelled = assist_was_cancelled(s->a);
    int_vec forced = {0};
    if (st != ASSIST_NONE)
        assist_forced_list(fs, &forced); /* proved, whatever the budget did after */
    assist_forced_free(fs);
    /* marks grow as obvious facts are found: each is sound to assume, and
     * the next obvious step may follow from it */
    int *marks = xcalloc((size_t)s->nfacts + 1, sizeof *marks);
    memcpy(marks, j.marks, (size_t)j.nmarks * sizeof *marks);
    int nmarks = j.nmarks;
    int *state = xcalloc((size_t)pz->nstate + 1, sizeof *state);
    memcpy(state, s->b->state, (size_t)pz->nstate * sizeof *state);
    bool *taken = xcalloc((size_t)s->nfacts + 1, sizeof *taken);
    int found = 0;
    bool stopped = *cancelled;
    for (bool more = true; more && !stopped;) {
        more = false;
        for (int i = 0; i < forced.n && !stopped; i++) {
            int fact = forced.v[i];
            if (taken[fact])
                continue;
            int_vec groups = {0};
            set_budget(s->a, deadline - monotonic_seconds(), &pf);
            assist_status es = assist_explain_groups(s->a, marks, nmarks, fact, 2, &groups);
            bool one_clue = es == ASSIST_OK && groups.n <= 1;
            vec_free(&groups);
            if (es == ASSIST_UNKNOWN) {
                *cancelled = assist_was_cancelled(s->a);
                stopped = true;
                break;
            }
            if (!one_clue)
                continue;
            taken[fact] = true;
            more = true;
            marks[nmarks++] = fact;
            /* each fact's move is made on the board with the earlier ones
             * in (Hexiom fetches a tile from where it lies now); but a
             * family whose fact numbers follow the board (Tantrix: its
             * frame) has its facts made on the board they were found on,
             * each a different tile */
            move m = {0};
            s->f->fact_move(pz->data, state, fact, &m);
            for (int k = 0; k < m.idx.n; k++) {
                if (!s->f->state_givens)
                    state[m.idx.v[k]] = m.val.v[k];
                move_set(out, m.idx.v[k], m.val.v[k]);
            }
            move_free(&m);
            found++;
        }
    }
    *complete = st == ASSIST_OK && !stopped;
    vec_free(&forced);
    free(taken);
    free(state);
    free(marks);
    job_free(&j);
    return found;
}
