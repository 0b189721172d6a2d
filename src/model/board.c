/* board.c: a game in progress: the state vector, the undo/redo history
 * and the assistance counters.  Saving and resuming are in board_save.c. */
#include "board.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

board *board_create(puzzle *pz)
{
    board *b = xcalloc(1, sizeof *b);
    b->pz = pz;
    b->state = xcalloc((size_t)pz->nstate + 1, sizeof *b->state);
    pz->family->init_state(pz->data, b->state);
    return b;
}

static void step_free(board_step *s)
{
    vec_free(&s->idx);
    vec_free(&s->before);
    vec_free(&s->after);
}

void board_free(board *b)
{
    if (!b)
        return;
    for (int i = 0; i < b->nsteps; i++)
        step_free(&b->steps[i]);
    free(b->steps);
    free(b->state);
    puzzle_free(b->pz);
    free(b);
}

/* Appends a step at pos, dropping the redo tail; takes the vectors. */
void board_push_step(board *b, board_step *st)
{
    for (int i = b->pos; i < b->nsteps; i++)
        step_free(&b->steps[i]);
    b->nsteps = b->pos;
    if (b->nsteps == b->cap) {
        b->cap = b->cap ? b->cap * 2 : 32;
        b->steps = xrealloc(b->steps, (size_t)b->cap * sizeof *b->steps);
    }
    b->steps[b->nsteps++] = *st;
    b->pos = b->nsteps;
}

bool board_state_allowed(const puzzle *pz, const int *st, const int *changed, int nchanged,
                         diag *why)
{
    const game_family *f = pz->family;
    if (changed && f->step_ok)
        return f->step_ok(pz->data, st, changed, nchanged, why);
    return !f->state_ok || f->state_ok(pz->data, st, why);
}

bool board_move_allowed(const board *b, const move *m, diag *why)
{
    const game_family *f = b->pz->family;
    if (!f->state_ok && !f->step_ok)
        return true;
    int ns = b->pz->nstate;
    int *after = xcalloc((size_t)ns + 1, sizeof *after);
    memcpy(after, b->state, (size_t)ns * sizeof *after);
    int_vec set = {0};
    for (int i = 0; i < m->idx.n; i++)
        if (m->idx.v[i] >= 0 && m->idx.v[i] < ns) {
            after[m->idx.v[i]] = m->val.v[i];
            vec_push(&set, m->idx.v[i]);
        }
    /* the board before is one the loader accepts, so the entries m sets
     * are all step_ok needs to look at */
    bool ok = board_state_allowed(b->pz, after, set.v, set.n, why);
    vec_free(&set);
    free(after);
    return ok;
}

bool board_apply(board *b, const move *m, bool is_solve)
{
    board_step st = {.is_solve = is_solve};
    /* A move may set one element twice; keep its first "before" and last
     * "after" so undo restores exactly what was there. */
    for (int i = 0; i < m->idx.n; i++) {
        int k = m->idx.v[i], v = m->val.v[i];
        if (k < 0 || k >= b->pz->nstate)
            continue;
        int j = 0;
        while (j < st.idx.n && st.idx.v[j] != k)
            j++;
        if (j == st.idx.n) {
            vec_push(&st.idx, k);
            vec_push(&st.before, b->state[k]);
            vec_push(&st.after, v);
        } else {
            st.after.v[j] = v;
        }
        b->state[k] = v;
    }
    /* drop elements that end where they began */
    int n = 0;
    for (int j = 0; j < st.idx.n; j++)
        if (st.before.v[j] != st.after.v[j]) {
            st.idx.v[n] = st.idx.v[j];
            st.before.v[n] = st.before.v[j];
            st.after.v[n] = st.after.v[j];
            n++;
        }
    st.idx.n = st.before.n = st.after.n = n;
    if (n == 0) {
        step_free(&st);
        return false;
    }
    board_push_step(b, &st);
    if (is_solve)
        b->solved_by_engine = true;
    return true;
}

bool board_undo(board *b)
{
    if (b->pos == 0)
        return false;
    board_step *s = &b->steps[--b->pos];
    for (int j = s->idx.n - 1; j >= 0; j--)
        b->state[s->idx.v[j]] = s->before.v[j];
    /* "solved with S" holds while a Solve is among the steps applied */
    if (s->is_solve) {
        b->solved_by_engine = false;
        for (int i = 0; i < b->pos; i++)
            b->solved_by_engine |= b->steps[i].is_solve;
    }
    return true;
}

bool board_redo(board *b)
{
    if (b->pos >= b->nsteps)
        return false;
    board_step *s = &b->steps[b->pos++];
    for (int j = 0; j < s->idx.n; j++)
        b->state[s->idx.v[j]] = s->after.v[j];
    if (s->is_solve)
        b->solved_by_engine = true;
    return true;
}

int board_marks(const board *b, const assist *a, int **marks)
{
    int max = assist_num_facts(a) + 1;
    *marks = xcalloc((size_t)max, sizeof **marks);
    return b->pz->family->state_marks(b->pz->data, b->state, *marks, max);
}

void board_count_use(int *counter)
{
    if (*counter < INT_MAX)
        (*counter)++;
}
