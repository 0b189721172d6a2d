/* tracks.c: the Train Tracks family: grid helpers, the encoding into facts
 * and clauses (with lazy cuts for "one track, no separate loops"), board
 * state helpers, answer text, and the family table. */
#include "games/tracks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sat/card.h"
#include "games/rules_text.h"

static const int DIRS[4] = {TRACKS_E, TRACKS_S, TRACKS_W, TRACKS_N};

int tracks_opposite(int dir)
{
    return dir == TRACKS_E ? TRACKS_W : dir == TRACKS_W ? TRACKS_E : dir == TRACKS_S ? TRACKS_N : TRACKS_S;
}

int tracks_neighbour(const tracks_puzzle *t, int cell, int dir)
{
    int x = cell % t->w, y = cell / t->w;
    switch (dir) {
    case TRACKS_E: return x + 1 < t->w ? cell + 1 : -1;
    case TRACKS_W: return x > 0 ? cell - 1 : -1;
    case TRACKS_S: return y + 1 < t->h ? cell + t->w : -1;
    case TRACKS_N: return y > 0 ? cell - t->w : -1;
    default: return -1;
    }
}

int tracks_edge(const tracks_puzzle *t, int cell, int dir)
{
    int x = cell % t->w, y = cell / t->w;
    switch (dir) {
    case TRACKS_E: return x + 1 < t->w ? y * (t->w - 1) + x : -1;
    case TRACKS_W: return x > 0 ? y * (t->w - 1) + x - 1 : -1;
    case TRACKS_S: return y + 1 < t->h ? t->nh + y * t->w + x : -1;
    case TRACKS_N: return y > 0 ? t->nh + (y - 1) * t->w + x : -1;
    default: return -1;
    }
}

void tracks_edge_cells(const tracks_puzzle *t, int edge, int *a, int *b)
{
    if (edge < t->nh) {
        int y = edge / (t->w - 1), x = edge % (t->w - 1);
        *a = y * t->w + x;
        *b = *a + 1;
    } else {
        *a = edge - t->nh;
        *b = *a + t->w;
    }
}

int tracks_end_bits(const tracks_puzzle *t, int cell)
{
    return (t->end_cell[0] == cell ? t->end_dir[0] : 0) | (t->end_cell[1] == cell ? t->end_dir[1] : 0);
}

int tracks_piece(const tracks_puzzle *t, const int *state, int cell)
{
    int bits = tracks_end_bits(t, cell), cells = tracks_cells(t);
    for (int k = 0; k < 4; k++) {
        int e = tracks_edge(t, cell, DIRS[k]);
        if (e >= 0 && state[cells + e] == TRACKS_TRACK)
            bits |= DIRS[k];
    }
    return bits;
}

static void describe(const void *pz, char *out, size_t n)
{
    const tracks_puzzle *t = pz;
    snprintf(out, n, "%dx%d", t->w, t->h);
}

void tracks_init_state(const void *pz, int *state)
{
    const tracks_puzzle *t = pz;
    int cells = tracks_cells(t);
    memset(state, 0, (size_t)tracks_nstate(t) * sizeof *state);
    for (int c = 0; c < cells; c++) {
        if (!t->given[c])
            continue;
        state[c] = TRACKS_TRACK;
        for (int k = 0; k < 4; k++) {
            int e = tracks_edge(t, c, DIRS[k]);
            if (e >= 0)
                state[cells + e] = (t->given[c] & DIRS[k]) ? TRACKS_TRACK : TRACKS_NONE;
        }
    }
    /* the entrance and exit cells hold track whatever the givens say */
    state[t->end_cell[0]] = state[t->end_cell[1]] = TRACKS_TRACK;
}

/* --- lazy cuts: one track, no separate loops ---
 * The eager clauses give every track cell exactly two ends, so a model is
 * the entrance-exit path plus perhaps closed loops.  For a loop's cell set
 * S (which never holds the entrance), every real solution that puts track
 * in a cell c of S must cross S's boundary, since all track is joined to
 * the entrance: t(c) -> some boundary edge.  One such clause per cell of
 * S (at most CUT_CELLS of them, spread along it) cuts the model and every
 * other one with track stranded in S.  No new variables: the engine's
 * explanation copy shares the numbering.  (--dimacs writes only the eager
 * clauses: its models may hold loops.) */
#define CUT_CELLS 16
typedef struct {
    tracks_puzzle geo; /* a copy of the sizes and ends (no arrays) */
    int *cell_var, *edge_var;
    int *stamp, *queue, *queue2, *outside, epoch;
    unsigned char *on;
    int_vec clause;
    long cuts;
} lazy_ctx;

static void lazy_free(void *p)
{
    lazy_ctx *z = p;
    free(z->cell_var);
    free(z->edge_var);
    free(z->stamp);
    free(z->queue);
    free(z->queue2);
    free(z->outside);
    free(z->on);
    vec_free(&z->clause);
    free(z);
}

/* Cells reachable from start over track edges; marks them with mark in
 * z->stamp and returns how many were queued in z->queue. */
static int flood(lazy_ctx *z, int start, int mark)
{
    const tracks_puzzle *t = &z->geo;
    int n = 0, head = 0;
    z->queue[n++] = start;
    z->stamp[start] = mark;
    while (head < n) {
        int c = z->queue[head++];
        for (int k = 0; k < 4; k++) {
            int e = tracks_edge(t, c, DIRS[k]);
            if (e < 0 || !z->on[e])
                continue;
            int nb = tracks_neighbour(t, c, DIRS[k]);
            if (z->stamp[nb] != mark) {
                z->stamp[nb] = mark;
                z->queue[n++] = nb;
            }
        }
    }
    return n;
}

/* Adds to the loop's cells (queue[0..n), stamped mark) the cells it
 * encloses: those a walk from the border over other cells cannot reach
 * without crossing the loop.  Returns the new count.  The entrance is on
 * the border, so it is never enclosed. */
static int enclose(lazy_ctx *z, int mark, int n)
{
    const tracks_puzzle *t = &z->geo;
    int cells = tracks_cells(t), w = t->w, h = t->h;
    int *q = z->queue + n, m = 0, o = ++z->epoch;
    for (int c = 0; c < cells; c++) {
        int x = c % w, y = c / w;
        if ((x == 0 || y == 0 || x == w - 1 || y == h - 1) && z->stamp[c] != mark) {
            z->outside[c] = o;
            q[m++] = c;
        }
    }
    for (int head = 0; head < m; head++) {
        int c = q[head];
        for (int k = 0; k < 4; k++) {
            int nb = tracks_neighbour(t, c, DIRS[k]);
            if (nb >= 0 && z->stamp[nb] != mark && z->outside[nb] != o) {
                z->outside[nb] = o;
                q[m++] = nb;
            }
        }
    }
    for (int c = 0; c < cells; c++)
        if (z->stamp[c] != mark && z->outside[c] != o) {
            z->stamp[c] = mark;
            z->queue[n++] = c;
        }
    return n;
}

/* For up to CUT_CELLS of cut[0..ncut) (spread along it): t(c) -> some
 * edge leaving the region region[0..n), whose cells have in[c] == tag. */
static int add_cuts(lazy_ctx *z, sat_solver *s, const int *region, int n, const int *in, int tag,
                    const int *cut, int ncut)
{
    const tracks_puzzle *t = &z->geo;
    z->clause.n = 0;
    vec_push(&z->clause, 0); /* the cell's literal goes here */
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 4; k++) {
            int e = tracks_edge(t, region[i], DIRS[k]);
            if (e >= 0 && in[tracks_neighbour(t, region[i], DIRS[k])] != tag)
                vec_push(&z->clause, z->edge_var[e]);
        }
    int added = 0, step = ncut > CUT_CELLS ? ncut / CUT_CELLS : 1;
    for (int i = 0; i < ncut; i += step) {
        z->clause.v[0] = -z->cell_var[cut[i]];
        sat_clause(s, z->clause.v, z->clause.n);
        added++;
    }
    return added;
}

/* Two cuts per loop: one on the loop with what it encloses (tight), one on
 * the whole stretch of board around it that the entrance's track leaves
 * free (broad: it also rules out the loop moving about in that stretch). */
static int lazy_refine(void *ctx, sat_solver *s)
{
    lazy_ctx *z = ctx;
    const tracks_puzzle *t = &z->geo;
    int cells = tracks_cells(t);
    for (int e = 0; e < t->nedges; e++)
        z->on[e] = sat_value(s, z->edge_var[e]);
    for (int c = 0; c < cells; c++)
        z->stamp[c] = 0;
    flood(z, t->end_cell[0], 1);
    int added = 0, mark = 1;
    for (int c0 = 0; c0 < cells; c0++) {
        if (z->stamp[c0] || !sat_value(s, z->cell_var[c0]))
            continue;
        int loop = flood(z, c0, ++mark);
        int n = enclose(z, mark, loop);
        added += add_cuts(z, s, z->queue, n, z->stamp, mark, z->queue, loop);
        /* the stretch: every cell off the entrance's track reachable from
         * the loop without crossing that track */
        int o = ++z->epoch, m = 0;
        z->queue2[m++] = c0;
        z->outside[c0] = o;
        for (int head = 0; head < m; head++)
            for (int k = 0; k < 4; k++) {
                int nb = tracks_neighbour(t, z->queue2[head], DIRS[k]);
                if (nb >= 0 && z->stamp[nb] != 1 && z->outside[nb] != o) {
                    z->outside[nb] = o;
                    z->queue2[m++] = nb;
                }
            }
        if (m > n)
            added += add_cuts(z, s, z->queue2, m, z->outside, o, z->queue, loop);
        z->cuts++;
    }
    return added;
}

/* Clauses go through an emitter.  Given a board (for --solve, once the
 * deductions are stuck), its decided entries are the constant `truth` or
 * its negation instead of variables of their own: a clause a constant
 * satisfies is left out and a literal it falsifies dropped, so only the
 * open part of the board is encoded (every decided entry holds in every
 * solution, game.h, deduce). */
typedef struct {
    sat_solver *s;
    int truth; /* 0: no constants */
    int_vec buf;
} emitter;

static void put(emitter *m, const int *lits, int n)
{
    if (!m->truth) {
        sat_clause(m->s, lits, n);
        return;
    }
    m->buf.n = 0;
    for (int i = 0; i < n; i++) {
        if (lits[i] == m->truth)
            return;
        if (lits[i] != -m->truth)
            vec_push(&m->buf, lits[i]);
    }
    sat_clause(m->s, m->buf.v, m->buf.n);
}

static void put1(emitter *m, int a) { put(m, &a, 1); }

static void put2(emitter *m, int a, int b)
{
    int c[2] = {a, b};
    put(m, c, 2);
}

static void put3(emitter *m, int a, int b, int c3)
{
    int c[3] = {a, b, c3};
    put(m, c, 3);
}

/* The open literals of lits[0..n) moved to its front; returns how many,
 * with *ntrue the constants among the rest that are true. */
static int open_part(const emitter *m, int *lits, int n, int *ntrue)
{
    int k = 0;
    *ntrue = 0;
    for (int i = 0; i < n; i++) {
        if (m->truth && (lits[i] == m->truth || lits[i] == -m->truth))
            *ntrue += lits[i] == m->truth;
        else
            lits[k++] = lits[i];
    }
    return k;
}

/* lits[0] ^ ... ^ lits[n-1] == odd, as a chain of fresh variables
 * (constants folded into odd first). */
static void xor_chain(emitter *m, int *lits, int n, bool odd)
{
    sat_solver *s = m->s;
    int ntrue;
    n = open_part(m, lits, n, &ntrue);
    odd ^= ntrue & 1;
    if (n == 0) {
        if (odd)
            sat_add(s, 0);
        return;
    }
    int acc = lits[0];
    for (int i = 1; i < n; i++) {
        int p = sat_new_var(s), b = lits[i];
        sat_clause3(s, -p, acc, b);
        sat_clause3(s, -p, -acc, -b);
        sat_clause3(s, p, -acc, b);
        sat_clause3(s, p, acc, -b);
        acc = p;
    }
    sat_unit(s, odd ? acc : -acc);
}

/* The eager alternative to the lazy cuts (kept for the bench's
 * comparison): every track cell but the entrance picks a neighbour it is
 * joined to with a smaller label (binary numbers, one per cell), so
 * following the picks always ends at the entrance and no loop can stand
 * apart.  Labels a < b are compared from the top bit: lt_i -> (!a_i | b_i),
 * (b_i | lt_i-1), (!a_i | lt_i-1), with lt_-1 false. */
static void eager_connect(const tracks_puzzle *t, sat_solver *s, const int *tv, const int *ev)
{
    int cells = tracks_cells(t), bits = 1;
    while ((1 << bits) < cells)
        bits++;
    int *label = xmalloc((size_t)cells * (size_t)bits * sizeof *label);
    for (int i = 0; i < cells * bits; i++)
        label[i] = sat_new_var(s);
    for (int c = 0; c < cells; c++) {
        int picks[5], np = 0;
        picks[np++] = -tv[c];
        for (int k = 0; k < 4 && c != t->end_cell[0]; k++) {
            int e = tracks_edge(t, c, DIRS[k]);
            if (e < 0)
                continue;
            int nb = tracks_neighbour(t, c, DIRS[k]), p = sat_new_var(s);
            sat_clause2(s, -p, ev[e]);
            const int *la = &label[nb * bits], *lb = &label[c * bits];
            int lt = p; /* p -> label(nb) < label(c) */
            for (int i = bits - 1; i >= 0; i--) {
                int below = i > 0 ? sat_new_var(s) : 0;
                sat_clause3(s, -lt, -la[i], lb[i]);
                if (below) {
                    sat_clause3(s, -lt, lb[i], below);
                    sat_clause3(s, -lt, -la[i], below);
                } else {
                    sat_clause2(s, -lt, lb[i]);
                    sat_clause2(s, -lt, -la[i]);
                }
                lt = below;
            }
            picks[np++] = p;
        }
        if (c != t->end_cell[0])
            sat_clause(s, picks, np);
    }
    free(label);
}

/* A row's or column's clue: exactly clue of line[0..n) hold track (a
 * group named label, without constants; with them, over the open cells,
 * by a totalizer: on the open part of the 40x40 boards CDCL finds the
 * answer faster with it than with the counter, bench/NOTES.md). */
static void line_count(assist *a, emitter *m, int *line, int n, int clue, const char *label)
{
    if (!m->truth) {
        assist_begin_group(a, label);
        card_exactly(m->s, line, n, clue);
        assist_end_group(a);
        return;
    }
    int ntrue;
    n = open_part(m, line, n, &ntrue);
    card_exactly_totalizer(m->s, line, n, clue - ntrue);
}

/* Variables: t[c] "cell c holds track", e[i] "track crosses edge i".
 * Structure (always on): an edge's track needs track in both cells; a track
 * cell has exactly two ends (the entrance and exit count their off-board
 * end), an empty cell none.  Clue counts and given pieces are groups so
 * that explanations name them.  With fixed (a board), its decided entries
 * are constants (the emitter) and there are no groups. */
static void encode_board(const tracks_puzzle *t, assist *a, int options, const int *fixed)
{
    sat_solver *s = assist_sat(a);
    int cells = tracks_cells(t), w = t->w, h = t->h;
    emitter em = {.s = s}, *m = &em;
    if (fixed) {
        em.truth = sat_new_var(s);
        sat_unit(s, em.truth);
    }
    lazy_ctx *z = xcalloc(1, sizeof *z);
    z->geo = *t;
    z->geo.given = NULL;
    z->geo.col = z->geo.row = NULL;
    z->cell_var = xmalloc((size_t)cells * sizeof *z->cell_var);
    z->edge_var = xmalloc((size_t)(t->nedges + 1) * sizeof *z->edge_var);
    for (int i = 0; i < tracks_nstate(t); i++) {
        int lit = !fixed || fixed[i] == TRACKS_BLANK ? sat_new_var(s)
                  : fixed[i] == TRACKS_TRACK         ? em.truth
                                                     : -em.truth;
        *(i < cells ? &z->cell_var[i] : &z->edge_var[i - cells]) = lit;
        assist_add_fact(a, lit);
        assist_add_fact(a, -lit);
    }
    const int *tv = z->cell_var, *ev = z->edge_var;
    for (int e = 0; e < t->nedges; e++) {
        int ca, cb;
        tracks_edge_cells(t, e, &ca, &cb);
        put2(m, -ev[e], tv[ca]);
        put2(m, -ev[e], tv[cb]);
    }
    int lits[4], cl[5];
    for (int c = 0; c < cells; c++) {
        int n = 0;
        for (int k = 0; k < 4; k++) {
            int e = tracks_edge(t, c, DIRS[k]);
            if (e >= 0)
                lits[n++] = ev[e];
        }
        int ends = tracks_end_bits(t, c);
        int fixed_ends = (ends & 1) + (ends >> 1 & 1) + (ends >> 2 & 1) + (ends >> 3 & 1);
        if (fixed_ends > 0)
            put1(m, tv[c]);
        int need = 2 - fixed_ends; /* interior ends a track cell needs */
        if (need == 0) {
            for (int i = 0; i < n; i++)
                put1(m, -lits[i]);
            continue;
        }
        /* at most `need` of lits */
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                if (need == 1) {
                    put2(m, -lits[i], -lits[j]);
                    continue;
                }
                for (int k = j + 1; k < n; k++)
                    put3(m, -lits[i], -lits[j], -lits[k]);
            }
        /* track -> at least `need`: with need 2, every n-1 of them hold one */
        if (need == 1) {
            cl[0] = -tv[c];
            for (int i = 0; i < n; i++)
                cl[i + 1] = lits[i];
            put(m, cl, n + 1);
        } else if (n == 0) {
            put1(m, -tv[c]);
        } else {
            for (int skip = 0; skip < n; skip++) {
                int k = 0;
                cl[k++] = -tv[c];
                for (int i = 0; i < n; i++)
                    if (i != skip)
                        cl[k++] = lits[i];
                put(m, cl, k);
            }
        }
    }
    /* Parity: the track crosses the line between two rows (or columns) an
     * odd number of times when its ends lie on different sides, an even
     * number when on the same side, and a loop crosses it evenly.  Implied
     * by the rules, but CDCL cannot find it alone, and without it a sparse
     * puzzle (a generator's first rounds) can take minutes. */
    int cut[TRACKS_MAX_SIDE];
    for (int y = 0; y + 1 < h && (options & TRACKS_ENC_PARITY); y++) {
        for (int x = 0; x < w; x++)
            cut[x] = ev[tracks_edge(t, y * w + x, TRACKS_S)];
        bool odd = (t->end_cell[0] / w <= y) != (t->end_cell[1] / w <= y);
        xor_chain(m, cut, w, odd);
    }
    for (int x = 0; x + 1 < w && (options & TRACKS_ENC_PARITY); x++) {
        for (int y = 0; y < h; y++)
            cut[y] = ev[tracks_edge(t, y * w + x, TRACKS_E)];
        bool odd = (t->end_cell[0] % w <= x) != (t->end_cell[1] % w <= x);
        xor_chain(m, cut, h, odd);
    }
    /* No small rectangular loop (2x2 up to rw x rh cells): the loops a
     * solver finds most, ruled out at once rather than by a cut each. */
    int maxr = (options & TRACKS_ENC_RECTS) ? 3 : 2;
    for (int rh = 2; rh <= maxr && (options & TRACKS_ENC_SQUARES); rh++)
        for (int rw = 2; rw <= maxr; rw++)
            for (int y = 0; y + rh <= h; y++)
                for (int x = 0; x + rw <= w; x++) {
                    int ring[12], n = 0;
                    for (int i = 0; i + 1 < rw; i++) { /* top and bottom sides */
                        ring[n++] = -ev[tracks_edge(t, y * w + x + i, TRACKS_E)];
                        ring[n++] = -ev[tracks_edge(t, (y + rh - 1) * w + x + i, TRACKS_E)];
                    }
                    for (int j = 0; j + 1 < rh; j++) { /* left and right sides */
                        ring[n++] = -ev[tracks_edge(t, (y + j) * w + x, TRACKS_S)];
                        ring[n++] = -ev[tracks_edge(t, (y + j) * w + x + rw - 1, TRACKS_S)];
                    }
                    put(m, ring, n);
                }
    /* Groups, in the order tracks.h documents: rows, columns, given pieces. */
    int *line = xcalloc((size_t)(w > h ? w : h), sizeof *line);
    char label[64];
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++)
            line[x] = tv[y * w + x];
        snprintf(label, sizeof label, "row %d clue (%d)", y + 1, t->row[y]);
        line_count(a, m, line, w, t->row[y], label);
    }
    for (int x = 0; x < w; x++) {
        for (int y = 0; y < h; y++)
            line[y] = tv[y * w + x];
        snprintf(label, sizeof label, "column %d clue (%d)", x + 1, t->col[x]);
        line_count(a, m, line, h, t->col[x], label);
    }
    for (int c = 0; c < cells; c++) {
        if (!t->given[c])
            continue;
        snprintf(label, sizeof label, "given piece at row %d, column %d", c / w + 1, c % w + 1);
        if (!fixed)
            assist_begin_group(a, label);
        put1(m, tv[c]);
        for (int k = 0; k < 4; k++) {
            int e = tracks_edge(t, c, DIRS[k]);
            if (e >= 0)
                put1(m, (t->given[c] & DIRS[k]) ? ev[e] : -ev[e]);
            else if ((t->given[c] & DIRS[k]) && !(tracks_end_bits(t, c) & DIRS[k]))
                sat_add(s, 0); /* leaves the board away from the ends */
        }
        if (!fixed)
            assist_end_group(a);
    }
    free(line);
    vec_free(&em.buf);
    z->stamp = xcalloc((size_t)cells, sizeof *z->stamp);
    z->outside = xcalloc((size_t)cells, sizeof *z->outside);
    z->queue2 = xmalloc((size_t)cells * sizeof *z->queue2);
    z->queue = xmalloc((size_t)cells * sizeof *z->queue);
    z->on = xcalloc((size_t)t->nedges + 1, 1);
    if (options & TRACKS_ENC_EAGER)
        eager_connect(t, s, tv, ev);
    /* the cuts stay on even with the eager encoding: they then never fire */
    assist_set_lazy(a, lazy_refine, z, lazy_free);
}

void tracks_encode_with(const void *pz, assist *a, int options)
{
    encode_board(pz, a, options, NULL);
}

static void encode(const void *pz, assist *a)
{
    encode_board(pz, a, TRACKS_ENC_DEFAULT, NULL);
}

/* The deductions' implications from the stuck board (tracks_implications)
 * as binary clauses: they carry what the engine's clauses see only
 * through long chains or lazy cuts (the counts, parity, no loop,
 * reachability) to every open entry at once.  Those between entries less
 * than two cells apart are left out: the piece rules' clauses give them
 * by unit propagation.  Figures in bench/NOTES.md. */
typedef struct {
    const tracks_puzzle *t;
    sat_solver *s;
    const int *var; /* board entry -> its literal for "track" */
} imply_ctx;

/* The cell of board entry i: itself, or an edge's west or north cell. */
static int entry_cell(const tracks_puzzle *t, int i)
{
    int a = i, b;
    if (i >= tracks_cells(t))
        tracks_edge_cells(t, i - tracks_cells(t), &a, &b);
    return a;
}

static void add_implication(void *ctx, int i, int vi, int j, int vj)
{
    imply_ctx *x = ctx;
    const tracks_puzzle *t = x->t;
    int ci = entry_cell(t, i), cj = entry_cell(t, j);
    if (i != j && abs(ci % t->w - cj % t->w) + abs(ci / t->w - cj / t->w) < 2)
        return;
    int p = vi == TRACKS_TRACK ? x->var[i] : -x->var[i];
    int q = vj == TRACKS_TRACK ? x->var[j] : -x->var[j];
    sat_clause2(x->s, -p, q);
}

/* For --solve once the deductions are stuck: only what they left open,
 * and what the deductions' rules say about it. */
static void encode_decided(const void *pz, const int *state, assist *a)
{
    const tracks_puzzle *t = pz;
    encode_board(t, a, TRACKS_ENC_DEFAULT, state);
    int n = tracks_nstate(t);
    int *var = xmalloc((size_t)n * sizeof *var);
    for (int i = 0; i < n; i++)
        var[i] = assist_fact_lit(a, 2 * i);
    imply_ctx x = {.t = t, .s = assist_sat(a), .var = var};
    tracks_implications(t, state, add_implication, &x);
    free(var);
}

/* Every decided entry is a mark, the givens' included: a hint never offers
 * what the puzzle already shows, and explanations still name the given
 * piece's group (the engine drops marks before groups when shrinking). */
static int state_marks(const void *pz, const int *state, int *marks, int max)
{
    const tracks_puzzle *t = pz;
    int n = 0, total = tracks_nstate(t);
    for (int i = 0; i < total && n < max; i++) {
        if (state[i] == TRACKS_TRACK)
            marks[n++] = 2 * i;
        else if (state[i] == TRACKS_NONE)
            marks[n++] = 2 * i + 1;
    }
    return n;
}

static void apply_solution(const void *pz, const bool *facts, int *state)
{
    const tracks_puzzle *t = pz;
    int total = tracks_nstate(t);
    for (int i = 0; i < total; i++)
        state[i] = facts[2 * i] ? TRACKS_TRACK : TRACKS_NONE;
}

static void fact_move(const void *pz, const int *state, int fact, move *out)
{
    const tracks_puzzle *t = pz;
    if (fact < 0 || fact >= 2 * tracks_nstate(t))
        return;
    move_set(out, fact / 2, fact % 2 ? TRACKS_NONE : TRACKS_TRACK);
}

static void fact_text(const void *pz, const int *state, int fact, char *out, size_t n)
{
    (void)state; /* a fact names its place by itself */
    const tracks_puzzle *t = pz;
    int cells = tracks_cells(t);
    if (fact < 0 || fact >= 2 * tracks_nstate(t)) {
        snprintf(out, n, "?");
        return;
    }
    int i = fact / 2;
    const char *what = fact % 2 ? "no track" : "track";
    if (i < cells) {
        snprintf(out, n, "%s at row %d, column %d", what, i / t->w + 1, i % t->w + 1);
        return;
    }
    int a, b;
    tracks_edge_cells(t, i - cells, &a, &b);
    snprintf(out, n, "%s between row %d, column %d and row %d, column %d", what, a / t->w + 1,
             a % t->w + 1, b / t->w + 1, b % t->w + 1);
}

/* The CSV form (tessera(6), Train Tracks): the column clues after "R",
 * then each row's clue and its cells' piece bits. */
static void write_csv(const tracks_puzzle *t, const unsigned char *piece, strbuf *out)
{
    sb_puts(out, "R");
    for (int x = 0; x < t->w; x++)
        sb_printf(out, ",%d", t->col[x]);
    sb_putc(out, '\n');
    for (int y = 0; y < t->h; y++) {
        sb_printf(out, "%d", t->row[y]);
        for (int x = 0; x < t->w; x++)
            sb_printf(out, ",%d", piece[y * t->w + x]);
        sb_putc(out, '\n');
    }
}

static void format_answer(const void *pz, const int *state, strbuf *out)
{
    const tracks_puzzle *t = pz;
    unsigned char *piece = xmalloc((size_t)(t->w * t->h));
    for (int c = 0; c < t->w * t->h; c++)
        piece[c] = (unsigned char)tracks_piece(t, state, c);
    write_csv(t, piece, out);
    free(piece);
}

/* The canonical text (game.h format_puzzle): the Tatham game ID that
 * --generate writes when the ends sit where Tatham puts them (entrance on
 * the left, exit on the bottom), else the CSV form.  Only a CSV text can
 * put them elsewhere, and it gives both end cells as whole pieces, so the
 * CSV written back says everything it said. */
static void format_puzzle(const void *pz, strbuf *out)
{
    const tracks_puzzle *t = pz;
    if (tracks_write_id(t, out)) {
        sb_putc(out, '\n');
        return;
    }
    write_csv(t, t->given, out);
}

const game_family tracks_family = {
    .name = "tracks",
    .title = "Train Tracks",
    .extension = "tracks",
    .sniff = tracks_sniff,
    .parse = tracks_parse,
    .free_puzzle = tracks_free,
    .describe = describe,
    .init_state = tracks_init_state,
    .encode = encode,
    .state_marks = state_marks,
    .apply_solution = apply_solution,
    .fact_move = fact_move,
    .fact_text = fact_text,
    .verify = tracks_verify,
    .format_answer = format_answer,
    .format_puzzle = format_puzzle,
    .generate = tracks_generate,
    .ui = &tracks_ui_hooks,
    .rules = tracks_rules,
    .state_ok = tracks_state_ok,
    .step_ok = tracks_step_ok,
    .deduce = tracks_deduce,
    .encode_decided = encode_decided,
};
