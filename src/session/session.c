/* session.c: the midend: one board, its engines and the assist policies,
 * shared by the player and the batch commands.  The questions are in
 * session_ask.c, thinking ahead in session_worker.c, what the three share
 * in session_impl.h; here the session's life, its moves, solve and fill in
 * the obvious. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session_impl.h"

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
    si_job_free(&s->pending);
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
    si_set_budget(s->a, s->seconds, poll ? &pf : NULL);
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

int session_obvious(session *s, const void *ui, bool (*poll)(void *), void *ctx, move *out,
                    bool *complete, bool *cancelled)
{
    poll_fn pf = {poll, ctx};
    double deadline = monotonic_seconds() + s->seconds;
    const puzzle *pz = s->b->pz;
    job j = si_make_job(s, ui, 0, true);
    assist_set_givens(s->a, j.givens, j.ngivens);
    *complete = false;
    *cancelled = false;
    /* The forced set: adding forced facts as marks leaves the solutions
     * as they are, so it is the same set throughout; what grows is which
     * of its facts one clue shows, with the others in. */
    assist_forced *fs = si_worker_forced_set(s, &j);
    if (!fs)
        fs = assist_forced_create(s->a);
    si_set_budget(s->a, deadline - monotonic_seconds(), &pf);
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
            si_set_budget(s->a, deadline - monotonic_seconds(), &pf);
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
    si_job_free(&j);
    return found;
}