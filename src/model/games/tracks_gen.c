/* tracks_gen.c: the Train Tracks generator.  Plants a random track from the
 * left edge to the bottom edge (as Tatham's generator does), then makes it
 * the only answer: starting with every piece given, givens are taken away
 * while no other answer appears (a quick pass over all of them, then, for
 * "hard", longer proofs for the givens the quick pass left undecided).
 * "hard" takes away all it can, farthest from a random track cell first;
 * "medium" stops at one given in ten track cells, "easy" at one in five,
 * both in random order. */
#include <stdlib.h>
#include <string.h>

#include "games/tracks.h"
#include "rng.h"

/* Pass 1's conflict budget per question (more for hard), and pass 2's
 * (hard only). */
#define GEN_QUICK_CONFLICTS 50
#define GEN_QUICK_CONFLICTS_HARD 100
#define GEN_SECOND_CONFLICTS 300

/* A planted track: cells in order from the entrance to the exit. */
typedef struct {
    int *cell, len;
    unsigned char *on;
} plan;

/* A loop-erased random walk from a random row of the left edge until it
 * reaches the bottom row (uniformly random among self-avoiding routes of
 * its kind), then random "bumps" (a step a->b becomes a->a'->b'->b, a' and
 * b' beside it) until it covers about `target` cells or no bump fits. */
static void plant(rng *r, int w, int h, int target, plan *p, int *index)
{
    int cells = w * h;
    memset(p->on, 0, (size_t)cells);
    for (int c = 0; c < cells; c++)
        index[c] = -1;
    p->len = 0;
    int cur = rng_below(r, h - 1) * w;
    p->cell[p->len] = cur;
    index[cur] = p->len++;
    while (cur / w != h - 1) {
        static const int dx[4] = {1, 0, -1, 0}, dy[4] = {0, 1, 0, -1};
        int k = rng_below(r, 4), nx = cur % w + dx[k], ny = cur / w + dy[k];
        if (nx < 0 || ny < 0 || nx >= w || ny >= h)
            continue;
        int nb = ny * w + nx;
        if (index[nb] >= 0) { /* erase the loop just closed */
            for (int i = index[nb] + 1; i < p->len; i++)
                index[p->cell[i]] = -1;
            p->len = index[nb] + 1;
        } else {
            p->cell[p->len] = nb;
            index[nb] = p->len++;
        }
        cur = nb;
    }
    for (int i = 0; i < p->len; i++)
        p->on[p->cell[i]] = 1;
    int tries = 0, max_tries = 60 * cells;
    while (p->len < target && tries++ < max_tries) {
        int i = rng_below(r, p->len - 1);
        int a = p->cell[i], b = p->cell[i + 1];
        int ax = a % w, ay = a / w, bx = b % w, by = b / w;
        int s = rng_below(r, 2) ? 1 : -1;
        int ox = ay == by ? 0 : s, oy = ay == by ? s : 0; /* sideways */
        int a2x = ax + ox, a2y = ay + oy, b2x = bx + ox, b2y = by + oy;
        if (a2x < 0 || a2y < 0 || a2x >= w || a2y >= h || b2x < 0 || b2y < 0 || b2x >= w || b2y >= h)
            continue;
        int a2 = a2y * w + a2x, b2 = b2y * w + b2x;
        if (p->on[a2] || p->on[b2])
            continue;
        memmove(&p->cell[i + 3], &p->cell[i + 1], (size_t)(p->len - i - 1) * sizeof *p->cell);
        p->cell[i + 1] = a2;
        p->cell[i + 2] = b2;
        p->len += 2;
        p->on[a2] = p->on[b2] = 1;
    }
}

/* A given to take away, with its distance (squared) from the chosen cell
 * and its place in the shuffled order, which breaks ties. */
typedef struct {
    int cell, dist, rank;
} removal;

static int farthest_then_rank(const void *pa, const void *pb)
{
    const removal *a = pa, *b = pb;
    if (a->dist != b->dist)
        return a->dist > b->dist ? -1 : 1;
    return (a->rank > b->rank) - (a->rank < b->rank);
}

/* Reorders order[0..n) (shuffled) farthest first from a random cell of the
 * planted track.  The givens that stay then gather around that cell and
 * leave wide stretches of board to be reasoned out from the counts, which
 * is what makes a board hard; it found hard boards more often than random
 * order and the other orders tried, at no more cost an attempt (the
 * trials are in bench/NOTES.md). */
static void far_first(rng *r, const plan *p, int w, int *order, int n)
{
    int centre = p->cell[rng_below(r, p->len)], cx = centre % w, cy = centre / w;
    removal *list = xmalloc((size_t)n * sizeof *list);
    for (int i = 0; i < n; i++) {
        int dx = order[i] % w - cx, dy = order[i] / w - cy;
        list[i] = (removal){order[i], dx * dx + dy * dy, i};
    }
    qsort(list, (size_t)n, sizeof *list, farthest_then_rank);
    for (int i = 0; i < n; i++)
        order[i] = list[i].cell;
    free(list);
}

static int dir_between(int a, int b)
{
    return b == a + 1 ? TRACKS_E : b == a - 1 ? TRACKS_W : b > a ? TRACKS_S : TRACKS_N;
}

static const int DIRS[4] = {TRACKS_E, TRACKS_S, TRACKS_W, TRACKS_N};

/* The marks that stand for a given piece at cell: track there, and each
 * interior edge as the piece has it. */
static int piece_marks(const tracks_puzzle *t, int cell, int piece, int *out)
{
    int n = 0, cells = tracks_cells(t);
    out[n++] = 2 * cell;
    for (int k = 0; k < 4; k++) {
        int e = tracks_edge(t, cell, DIRS[k]);
        if (e >= 0)
            out[n++] = 2 * (cells + e) + ((piece & DIRS[k]) ? 0 : 1);
    }
    return n;
}

static int collect_marks(const tracks_puzzle *t, const unsigned char *given, const int *piece,
                         int act_fact, int *marks)
{
    int n = 0;
    marks[n++] = act_fact;
    for (int c = 0; c < tracks_cells(t); c++)
        if (given[c])
            n += piece_marks(t, c, piece[c], marks + n);
    return n;
}

/* After a proof that the plan is the only answer under the givens: the
 * givens in rest[0..nrest) whose marks the proof did not use (none of
 * their literals among the solver's failed assumptions) are taken away
 * too, while more than keep remain.  (A given known to be needed is
 * always used: the other answer that needs it fits every other given.) */
static void drop_unused(const tracks_puzzle *t, assist *a, unsigned char *given, const int *piece,
                        unsigned char *used, const int *rest, int nrest, int keep, int *ngiven)
{
    if (nrest == 0)
        return;
    sat_solver *s = assist_sat(a);
    int cells = tracks_cells(t), m[5];
    for (int c = 0; c < cells; c++) {
        used[c] = 0;
        if (!given[c])
            continue;
        int n = piece_marks(t, c, piece[c], m);
        for (int k = 0; k < n && !used[c]; k++)
            used[c] = sat_failed(s, assist_fact_lit(a, m[k]));
    }
    for (int i = 0; i < nrest && *ngiven > keep; i++)
        if (given[rest[i]] && !used[rest[i]]) {
            given[rest[i]] = 0;
            (*ngiven)--;
        }
}

bool tracks_generate(const gen_options *opt, strbuf *out, diag *err)
{
    int w = opt->width ? opt->width : 10, h = opt->height ? opt->height : w;
    if (w < 4 || h < 4 || w > TRACKS_MAX_SIDE || h > TRACKS_MAX_SIDE) {
        diag_set(err, 0, 0, "Train Tracks grids are 4 to %d cells on a side (got %dx%d)",
                 TRACKS_MAX_SIDE, w, h);
        return false;
    }
    const char *level = opt->difficulty ? opt->difficulty : "medium";
    rng r;
    rng_seed(&r, opt->seed);
    int cells = w * h;
    plan p = {xmalloc((size_t)cells * sizeof *p.cell), 0, xcalloc((size_t)cells, 1)};
    /* Tatham's tracks cover about three cells in five at 8x8 and one in
     * four at 30x30; a line without any track gives little to reason
     * with, so such plans are redrawn */
    int side = w > h ? w : h, *index = xmalloc((size_t)cells * sizeof *index);
    int percent = 60 - (side - 8) * 6 / 5;
    if (percent < 22)
        percent = 22;
    for (int attempt = 0; attempt < 50; attempt++) {
        plant(&r, w, h, cells * (percent - 4 + rng_below(&r, 9)) / 100, &p, index);
        bool empty_line = false;
        for (int y = 0; y < h && !empty_line; y++) {
            int k = 0;
            for (int x = 0; x < w; x++)
                k += p.on[y * w + x];
            empty_line = k == 0;
        }
        for (int x = 0; x < w && !empty_line; x++) {
            int k = 0;
            for (int y = 0; y < h; y++)
                k += p.on[y * w + x];
            empty_line = k == 0;
        }
        if (!empty_line)
            break;
    }
    free(index);
    tracks_puzzle *t = tracks_new(w, h);
    int *piece = xcalloc((size_t)cells, sizeof *piece);
    t->end_cell[0] = p.cell[0];
    t->end_dir[0] = TRACKS_W;
    t->end_cell[1] = p.cell[p.len - 1];
    t->end_dir[1] = TRACKS_S;
    piece[p.cell[0]] |= TRACKS_W;
    piece[p.cell[p.len - 1]] |= TRACKS_S;
    for (int i = 0; i + 1 < p.len; i++) {
        int a = p.cell[i], b = p.cell[i + 1], d = dir_between(a, b);
        piece[a] |= d;
        piece[b] |= tracks_opposite(d);
    }
    for (int c = 0; c < cells; c++)
        if (piece[c]) {
            t->row[c / w]++;
            t->col[c % w]++;
        }
    /* One engine for the whole search: givens are marks (assumptions), and
     * "some edge differs from the plan" sits behind one more fact. */
    assist *a = assist_create();
    game_find("tracks")->encode(t, a);
    sat_solver *s = assist_sat(a);
    int act = sat_new_var(s);
    int_vec differ = {0};
    vec_push(&differ, -act);
    for (int e = 0; e < t->nedges; e++) {
        int ca, cb;
        tracks_edge_cells(t, e, &ca, &cb);
        bool planted = (piece[ca] & dir_between(ca, cb)) != 0;
        int lit = assist_fact_lit(a, 2 * (cells + e));
        vec_push(&differ, planted ? -lit : lit);
    }
    sat_clause(s, differ.v, differ.n);
    vec_free(&differ);
    int act_fact = assist_add_fact(a, act);
    /* Start with every planted piece given (trivially unique), then take
     * givens away in random order while the plan stays the only answer.
     * Solving near-unique boards is quick; a sparse board (only the counts
     * and the ends) can make CDCL search for minutes at 30x30, which is
     * why the search never starts there. */
    unsigned char *given = xcalloc((size_t)cells, 1);
    int *order = xmalloc((size_t)cells * sizeof *order), norder = 0;
    for (int i = 0; i < p.len; i++) {
        given[p.cell[i]] = 1;
        if (i > 0 && i + 1 < p.len)
            order[norder++] = p.cell[i];
    }
    rng_shuffle(&r, order, norder);
    bool hard = strcmp(level, "hard") == 0;
    if (hard)
        far_first(&r, &p, w, order, norder);
    /* how many givens a level keeps at least (hard: as few as it can) */
    int keep = strcmp(level, "easy") == 0 ? p.len / 5 : hard ? 0 : p.len / 10;
    /* A given stays when proving the plan unique without it takes more
     * conflicts than the pass allows: that bounds the time, and keeps the
     * puzzle within reach of reasoning (only "hard" allows the longer
     * proofs of pass 2). */
    int *marks = xmalloc((size_t)(5 * cells + 1) * sizeof *marks);
    int ngiven = p.len;
    /* Pass 1 asks every given with a small budget: most answers come
     * within it, and on a sparse board a large budget is spent nearly
     * whole on each question.  A proof that the plan stays unique names,
     * through the solver's failed assumptions, the givens it used; the
     * givens it did not use go too, untested (the same proof holds without
     * them).  For "hard", pass 2 asks again about every given pass 1 could
     * not decide, with a larger budget: the longer proofs are what make a
     * board hard.  The budgets were chosen by trials on 30x30 boards
     * (bench/NOTES.md): a larger pass 1 budget leaves fewer givens for
     * the dearer pass 2. */
    sat_budget quick = {.conflicts = hard ? GEN_QUICK_CONFLICTS_HARD : GEN_QUICK_CONFLICTS};
    sat_budget second = {.conflicts = GEN_SECOND_CONFLICTS};
    int *undecided = xmalloc((size_t)cells * sizeof *undecided), nundecided = 0;
    unsigned char *used = xcalloc((size_t)cells, 1);
    int passes = hard ? 2 : 1;
    for (int pass = 0; pass < passes; pass++) {
        assist_set_budget(a, pass == 0 ? &quick : &second);
        int *list = pass == 0 ? order : undecided;
        int nlist = pass == 0 ? norder : nundecided;
        for (int i = 0; i < nlist && ngiven > keep; i++) {
            int c = list[i];
            if (!given[c])
                continue; /* dropped with an earlier proof */
            given[c] = 0;
            int n = collect_marks(t, given, piece, act_fact, marks);
            assist_status st = assist_solve(a, marks, n, NULL);
            if (st == ASSIST_NONE) {
                ngiven--;
                drop_unused(t, a, given, piece, used, order, norder, keep, &ngiven);
            } else { /* another answer, or no proof within the budget */
                given[c] = 1;
                if (st == ASSIST_UNKNOWN && pass == 0)
                    undecided[nundecided++] = c;
            }
        }
    }
    free(used);
    free(undecided);
    for (int c = 0; c < cells; c++)
        t->given[c] = given[c] ? (unsigned char)piece[c] : 0;
    bool ok = tracks_write_id(t, out);
    if (!ok)
        diag_set(err, 0, 0, "internal error: the ends are not where a game ID puts them");
    free(order);
    free(marks);
    free(given);
    assist_free(a);
    free(piece);
    tracks_free(t);
    free(p.cell);
    free(p.on);
    return ok;
}
