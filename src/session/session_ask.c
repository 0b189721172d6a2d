/* session_ask.c: the session's questions, check and hint, asked the same
 * way on the calling thread and on the thinking-ahead worker. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "session_impl.h"

void si_job_free(job *j)
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

void si_vec_copy(int_vec *dst, const int_vec *src)
{
    dst->n = 0;
    for (int i = 0; i < src->n; i++)
        vec_push(dst, src->v[i]);
}

void si_copy_check(session_check *dst, const session_check *src)
{
    dst->label = src->label;
    si_vec_copy(&dst->marks, &src->marks);
}

void si_copy_hint(session_hint *dst, const session_hint *src)
{
    dst->label = src->label;
    dst->fact = src->fact;
    dst->smallest = src->smallest;
    dst->exhaustive = src->exhaustive;
    dst->reason_seconds = src->reason_seconds;
    si_vec_copy(&dst->groups, &src->groups);
    si_vec_copy(&dst->marks, &src->marks);
    si_vec_copy(&dst->givens, &src->givens);
}

typedef struct {
    int dist, fact;
} ranked;

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

job si_make_job(const session *s, const void *ui, double seconds, bool want_hint)
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


void si_set_budget(assist *a, double seconds, const poll_fn *poll)
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
        si_vec_copy(&out->marks, &core);
        out->label = out->marks.n ? CHECK_CONFLICT : CHECK_UNSOLVABLE;
    }
    vec_free(&core);
}

/* Which board a job is about: its marks and givens, sorted (the worker's
 * forced set and reasons hold for one board, whatever the focus). */
void si_board_key(const job *j, int_vec *out)
{
    out->n = 0;
    for (int i = 0; i < j->nmarks; i++)
        vec_push(out, j->marks[i]);
    if (out->n > 1)
        qsort(out->v, (size_t)out->n, sizeof *out->v, int_compare);
    vec_push(out, -1);
    int from = out->n;
    for (int i = 0; i < j->ngivens; i++)
        vec_push(out, j->givens[i]);
    qsort(out->v + from, (size_t)(out->n - from), sizeof *out->v, int_compare);
}

bool si_same_vec(const int_vec *x, const int_vec *y)
{
    return x->n == y->n && (x->n == 0 || memcmp(x->v, y->v, (size_t)x->n * sizeof *x->v) == 0);
}

const known_reason *si_known_reason(const worker_mem *w, int fact)
{
    for (int i = 0; w && i < w->nreasons; i++)
        if (w->reasons[i].fact == fact)
            return &w->reasons[i];
    return NULL;
}

void si_forget_reasons(worker_mem *w)
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
bool si_key_grew(const int_vec *old, const int_vec *now)
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

/* After marks were added: the reasons of facts now marked go, and so do
 * those that are not final. */
void si_drop_marked_reasons(worker_mem *w, const job *j)
{
    int m = 0;
    for (int i = 0; i < w->nreasons; i++) {
        bool marked = !w->reasons[i].final;
        for (int k = 0; k < j->nmarks && !marked; k++)
            marked = j->marks[k] == w->reasons[i].fact;
        if (marked)
            assist_reason_free(&w->reasons[i].r);
        else
            w->reasons[m++] = w->reasons[i];
    }
    w->nreasons = m;
}

/* Keeps what a search for fact's reason found, in `seconds` (taken: r is
 * left empty): a minimal reason as final, replacing what a shorter search
 * left; anything else where nothing is known yet, or in place of what a
 * shorter search left (the longer search looked further: the hint then
 * says how long, and the worker need not search that long again). */
void si_keep_reason(worker_mem *w, int fact, assist_reason *r, double seconds)
{
    bool minimal = r->kind == ASSIST_REASON_MINIMAL;
    for (int i = 0; i < w->nreasons; i++) {
        known_reason *k = &w->reasons[i];
        if (k->fact != fact)
            continue;
        if (k->final || (!minimal && seconds <= k->seconds))
            return;
        assist_reason_free(&k->r);
        *k = (known_reason){.fact = fact, .r = *r, .final = minimal, .seconds = seconds};
        memset(r, 0, sizeof *r);
        return;
    }
    w->reasons = xrealloc(w->reasons, (size_t)(w->nreasons + 1) * sizeof *w->reasons);
    w->reasons[w->nreasons] = (known_reason){.fact = fact, .r = *r, .final = minimal, .seconds = seconds};
    w->nreasons++;
    memset(r, 0, sizeof *r);
}

static void copy_reason(assist_reason *dst, const assist_reason *src)
{
    dst->kind = src->kind;
    int_vec *d[3] = {&dst->groups, &dst->marks, &dst->givens};
    const int_vec *from[3] = {&src->groups, &src->marks, &src->givens};
    for (int k = 0; k < 3; k++)
        si_vec_copy(d[k], from[k]);
}

/* Seconds as "within N s" shows them: rounded down to two significant
 * figures, so the words never say more was looked for than was. */
static double shown_seconds(double s)
{
    if (s <= 0)
        return 0;
    double unit = pow(10, floor(log10(s)) - 1);
    return floor(s / unit + 1e-9) * unit; /* 1e-9: 0.2 / 0.01 is 19.999... */
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
    si_set_budget(a, deadline - monotonic_seconds(), poll);
    assist_hint_result hr;
    assist_reason why = {0};
    assist_status st;
    double reason_seconds = 0;
    if (!w) {
        st = assist_hint_explained(a, j->marks, j->nmarks, j->order, j->norder, &hr, &why);
        reason_seconds = assist_reason_seconds(a);
    } else {
        st = assist_hint_on(a, w->fs, j->marks, j->nmarks, j->order, j->norder, &hr, NULL);
        if (st == ASSIST_OK && hr.forced) {
            const known_reason *known = si_known_reason(w, hr.fact);
            const assist_reason *r = known ? &known->r : NULL;
            if (r) {
                copy_reason(&why, r);
                reason_seconds = known->seconds;
            } else {
                /* the reason gets what is left of the same budget */
                si_set_budget(a, deadline - monotonic_seconds(), poll);
                if (assist_explain_hint(a, j->marks, j->nmarks, &hr, &why) != ASSIST_OK)
                    why.kind = ASSIST_REASON_NONE;
                reason_seconds = assist_reason_seconds(a);
            }
            if (why.kind != ASSIST_REASON_NONE)
                hr.label = ASSIST_LABEL_FORCED;
            /* a search the next job cut short says nothing about the share */
            if (!r && !assist_was_cancelled(a)) {
                assist_reason keep = {0};
                copy_reason(&keep, &why);
                si_keep_reason(w, hr.fact, &keep, reason_seconds);
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
        out->reason_seconds = shown_seconds(reason_seconds);
        if (hr.label == ASSIST_LABEL_CHOICE) {
            out->label = HINT_CHOICE;
        } else if (hr.label == ASSIST_LABEL_FORCED && why.kind != ASSIST_REASON_NONE) {
            out->label = HINT_FORCED;
            out->smallest = why.kind == ASSIST_REASON_SMALLEST;
            si_vec_copy(&out->groups, &why.groups);
            si_vec_copy(&out->marks, &why.marks);
            si_vec_copy(&out->givens, &why.givens);
        } else {
            out->label = HINT_FORCED_NO_REASON;
        }
    }
    assist_reason_free(&why);
}

/* Does the job's board hold only givens, no mark of the player's, as the
 * engine counts them (its givens set from the job's)? */
static bool only_givens(const assist *a, const job *j)
{
    for (int i = 0; i < j->nmarks; i++)
        if (!assist_is_given(a, j->marks[i]))
            return false;
    return true;
}

/* Is the hint asked before the check, and the check read off it?  On a
 * board with no marks of the player's, where the family's enumerator is
 * asked first (not deferred), the hint lists the solutions anyway; the
 * check before it would be a search of its own for one of them (on an
 * empty 9x9 Tetravex board, up to seconds of the hint's time limit).
 * The same on the worker and on the spot, so that both see the engine
 * in the same state and give the same hint. */
static bool hint_first(const session *s, const assist *a, const job *j)
{
    return j->want_hint && s->f->enumerate && !s->f->enumerate_deferred && only_givens(a, j);
}

/* The check as the hint already answered it, when it did: a hint of a
 * fact (forced or a choice) was drawn from a solution under the marks, so
 * they are consistent; no solution under no marks of the player's means
 * the givens alone have none.  Returns false when the hint said neither
 * (not known, or every fact decided): then the check is asked itself. */
static bool check_from_hint(const session_hint *h, session_check *out)
{
    out->marks.n = 0;
    switch (h->label) {
    case HINT_FORCED:
    case HINT_FORCED_NO_REASON:
    case HINT_CHOICE:
        out->label = CHECK_OK;
        return true;
    case HINT_INCONSISTENT:
        out->label = CHECK_UNSOLVABLE;
        return true;
    default:
        return false;
    }
}

void si_run_job(session *s, assist *a, worker_mem *w, const job *j, const poll_fn *poll,
                publish_fn publish, session_answer *out)
{
    double deadline = monotonic_seconds() + j->seconds;
    out->seconds = j->seconds;
    out->hint.label = HINT_PENDING;
    out->hint.fact = -1;
    assist_set_givens(a, j->givens, j->ngivens);
    si_set_budget(a, j->seconds, poll);
    bool hinted = hint_first(s, a, j);
    if (hinted) {
        ask_hint(s, a, w, j, deadline, poll, &out->hint);
        if (check_from_hint(&out->hint, &out->check)) {
            if (publish)
                publish(s, j, out, true);
            return;
        }
        /* the check gets what is left of the same budget */
        si_set_budget(a, deadline - monotonic_seconds(), poll);
    }
    if (w && assist_forced_consistent(a, w->fs, j->marks, j->nmarks)) {
        /* a solution kept from an earlier board agrees with every mark */
        out->check.label = CHECK_OK;
        out->check.marks.n = 0;
    } else {
        ask_check(s, a, j, &out->check);
    }
    if (publish && !hinted)
        publish(s, j, out, !j->want_hint);
    if (!j->want_hint)
        return;
    if (out->check.label == CHECK_UNKNOWN)
        out->hint.label = HINT_UNKNOWN;
    else if (out->check.label != CHECK_OK)
        out->hint.label = HINT_INCONSISTENT;
    else if (!hinted)
        ask_hint(s, a, w, j, deadline, poll, &out->hint);
    if (publish)
        publish(s, j, out, true);
}

void session_check_now(session *s, session_answer *out)
{
    memset(out, 0, sizeof *out);
    job j = si_make_job(s, NULL, 0, false);
    si_run_job(s, s->a, NULL, &j, NULL, NULL, out);
    si_job_free(&j);
}

void session_hint_now(session *s, const void *ui, session_answer *out)
{
    memset(out, 0, sizeof *out);
    job j = si_make_job(s, ui, 0, true);
    si_run_job(s, s->a, NULL, &j, NULL, NULL, out);
    si_job_free(&j);
}
