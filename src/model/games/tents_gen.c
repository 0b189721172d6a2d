/* tents_gen.c: the Tents generator.  Plants a random solution, then makes
 * it the only one: while the solver finds another solution, a cell where
 * the two differ becomes a given (Tatham IDs carry givens as '!' and '-').
 * That converges in a few rounds at any size, where generate-and-test
 * (Tatham's approach) becomes exponentially rare past 22x22.  A level asked
 * for then takes givens away (hard) or adds some until the grade fits. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "games/tents.h"
#include "rng.h"

static const int DX4[4] = {1, -1, 0, 0}, DY4[4] = {0, 0, 1, -1};

static bool touches_tent(const int *plan, int w, int h, int x, int y)
{
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int nx = x + dx, ny = y + dy;
            if ((dx || dy) && nx >= 0 && ny >= 0 && nx < w && ny < h && plan[ny * w + nx] == TENTS_TENT)
                return true;
        }
    return false;
}

/* A planted layout: tents that do not touch, each with a tree of its own. */
static void plant(rng *r, int w, int h, int *plan)
{
    int cells = w * h;
    int *order = xmalloc((size_t)cells * sizeof *order);
    for (int c = 0; c < cells; c++) {
        order[c] = c;
        plan[c] = TENTS_BLANK;
    }
    rng_shuffle(r, order, cells);
    int target = cells / 5 > 0 ? cells / 5 : 1;
    int placed = 0;
    for (int i = 0; i < cells && placed < target; i++) {
        int c = order[i], x = c % w, y = c / w;
        if (plan[c] != TENTS_BLANK || touches_tent(plan, w, h, x, y))
            continue;
        int dirs[4] = {0, 1, 2, 3}, tree = -1;
        rng_shuffle(r, dirs, 4);
        for (int k = 0; k < 4 && tree < 0; k++) {
            int nx = x + DX4[dirs[k]], ny = y + DY4[dirs[k]];
            if (nx >= 0 && ny >= 0 && nx < w && ny < h && plan[ny * w + nx] == TENTS_BLANK)
                tree = ny * w + nx;
        }
        if (tree < 0)
            continue;
        plan[c] = TENTS_TENT;
        plan[tree] = TENTS_TREE;
        placed++;
    }
    free(order);
}

/* The marks the givens stand for, after the "another solution" fact. */
static void given_marks(const tents_puzzle *t, int other_fact, int_vec *marks)
{
    marks->n = 0;
    vec_push(marks, other_fact);
    for (int c = 0; c < t->w * t->h; c++)
        if (t->given[c] >= 0)
            vec_push(marks, tents_fact(t, c, t->given[c] != TENTS_TENT));
}

/* The first k cells of order become givens (from the plan); the cells
 * after them do not. */
static void set_givens(tents_puzzle *t, const int *plan, const int *order, int k)
{
    for (int i = 0; order[i] >= 0; i++)
        t->given[order[i]] = i < k ? (plan[order[i]] == TENTS_TENT ? TENTS_TENT : TENTS_GRASS) : -1;
}

/* The puzzle with the first k givens of order against the level (the
 * sign of gen_options.grade_against). */
static int grade_with(const gen_options *opt, tents_puzzle *t, const int *plan, const int *order,
                      int k, const char *level)
{
    set_givens(t, plan, order, k);
    strbuf id = {0};
    tents_write_id(t, &id);
    int g = opt->grade_against(&tents_family, id.s, level);
    sb_free(&id);
    return g;
}

/* Steers the unique puzzle towards the level asked for.  hard: drops every
 * given that uniqueness does not need.  medium and easy: adds givens from
 * the plan, a batch at a time (each batch half as big again), until the
 * grade comes down to the level. */
static void set_difficulty(const gen_options *opt, tents_puzzle *t, assist *a, const int *plan,
                           int other_fact, const char *level, rng *r, int_vec *marks)
{
    int cells = t->w * t->h;
    int *order = xmalloc((size_t)(cells + 1) * sizeof *order);
    for (int c = 0; c < cells; c++)
        order[c] = c;
    rng_shuffle(r, order, cells);
    if (level && strcmp(level, "hard") == 0) {
        for (int i = 0; i < cells; i++) {
            int c = order[i];
            if (t->given[c] < 0)
                continue;
            signed char was = t->given[c];
            t->given[c] = -1;
            given_marks(t, other_fact, marks);
            if (assist_solve(a, marks->v, marks->n, NULL) != ASSIST_NONE)
                t->given[c] = was; /* needed */
        }
    } else if (level) {
        /* order[0..k) of the non-given cells become givens; k grows by
         * batches until the grade is at most the level, then, when that
         * overshot (easy for medium), is bisected back */
        assert(opt->grade_against);
        int nfree = 0;
        for (int i = 0; i < cells; i++)
            if (!t->tree[order[i]] && t->given[order[i]] < 0)
                order[nfree++] = order[i];
        order[nfree] = -1;
        int batch = cells / 60 > 1 ? cells / 60 : 1, lo = 0, hi = 0;
        int got = grade_with(opt, t, plan, order, 0, level);
        while (got > 0 && hi < nfree) {
            lo = hi;
            hi = hi + batch < nfree ? hi + batch : nfree;
            batch += batch / 2;
            got = grade_with(opt, t, plan, order, hi, level);
        }
        while (got < 0 && hi - lo > 1) {
            int mid = lo + (hi - lo) / 2;
            int g = grade_with(opt, t, plan, order, mid, level);
            if (g > 0) {
                lo = mid;
            } else {
                hi = mid;
                got = g;
            }
        }
        set_givens(t, plan, order, hi);
    }
    free(order);
}

bool tents_generate(const gen_options *opt, strbuf *out, diag *err)
{
    int w = opt->width ? opt->width : 10, h = opt->height ? opt->height : w;
    if (w < 4 || h < 4 || w > TENTS_MAX_SIDE || h > TENTS_MAX_SIDE) {
        diag_set(err, 0, 0, "a Tents size from 4x4 to %dx%d", TENTS_MAX_SIDE, TENTS_MAX_SIDE);
        return false;
    }
    rng r;
    rng_seed(&r, opt->seed);
    int cells = w * h;
    int *plan = xmalloc((size_t)cells * sizeof *plan);
    plant(&r, w, h, plan);
    tents_puzzle *t = tents_new(w, h);
    for (int c = 0; c < cells; c++) {
        t->tree[c] = plan[c] == TENTS_TREE;
        if (plan[c] == TENTS_TENT) {
            t->row[c / w]++;
            t->col[c % w]++;
        }
    }
    tents_index_facts(t);
    assist *a = assist_create();
    tents_family.encode(t, a);
    /* A fact that says "not the planted solution", to ask for another. */
    sat_solver *s = assist_sat(a);
    int other = sat_new_var(s);
    sat_add(s, -other);
    for (int c = 0; c < cells; c++)
        if (!t->tree[c])
            sat_add(s, plan[c] == TENTS_TENT ? -assist_fact_lit(a, tents_fact(t, c, 0))
                                             : assist_fact_lit(a, tents_fact(t, c, 0)));
    sat_add(s, 0);
    int other_fact = assist_add_fact(a, other);
    int_vec marks = {0};
    vec_push(&marks, other_fact);
    bool *facts = xcalloc((size_t)assist_num_facts(a), sizeof *facts);
    int *diff = xmalloc((size_t)cells * sizeof *diff);
    bool ok = true;
    for (;;) {
        assist_status st = assist_solve(a, marks.v, marks.n, facts);
        if (st == ASSIST_NONE)
            break; /* unique */
        if (st != ASSIST_OK) {
            diag_set(err, 0, 0, "the solver gave up while proving uniqueness");
            ok = false;
            break;
        }
        int nd = 0;
        for (int c = 0; c < cells; c++)
            if (!t->tree[c] && facts[tents_fact(t, c, 0)] != (plan[c] == TENTS_TENT))
                diff[nd++] = c;
        int c = diff[rng_below(&r, nd)];
        t->given[c] = plan[c] == TENTS_TENT ? TENTS_TENT : TENTS_GRASS;
        vec_push(&marks, tents_fact(t, c, plan[c] != TENTS_TENT));
    }
    if (ok)
        set_difficulty(opt, t, a, plan, other_fact, opt->difficulty, &r, &marks);
    if (ok)
        tents_write_id(t, out);
    free(diff);
    free(facts);
    vec_free(&marks);
    assist_free(a);
    tents_free(t);
    free(plan);
    return ok;
}
