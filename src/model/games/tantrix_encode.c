/* tantrix_encode.c: Tantrix as clauses over cells of a hexagon around the
 * frame's origin, grounded lazily: the inner rings get their rules at once,
 * outer rings only when a model reaches them.  Loops and holes are cut. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/tantrix.h"
#include "hexgrid.h"
#include "sat/card.h"

/* Why lazily: a loop of n tiles may reach n/2 cells from any tile, so a
 * hexagon of that radius is needed for check and hint to be complete,
 * but solutions are found near the middle, and the whole hexagon costs
 * a million clauses at n = 30.  A cell whose rules are not yet added is
 * free: the formula is then a relaxation of the puzzle, so UNSAT stays
 * sound, and the lazy check grounds the rings a model uses before it
 * accepts one.
 *
 * Every variable stands for the negation of its meaning, so that the
 * solver's first guess (true) is "empty", "not beyond": it then stays in
 * the grounded rings unless it must leave them. */

enum { NC = TANTRIX_NCOLOURS };

/* Which cells one solver has the rules for (the engine may hand the lazy
 * check its explanation copy as well as the main solver). */
typedef struct {
    sat_solver *s;
    int radius;        /* rings 0..radius are grounded */
    unsigned char *on; /* per cell */
    unsigned char *linked; /* per fact outside the grounded rings: its link
                              to the tile's ring variables was added */
} grounding;

typedef struct {
    int n, nc, L, rmax, r0;
    unsigned char col[TANTRIX_MAX_TILES][6];
    int *dist, *nb;   /* per cell: distance from the origin; neighbours (-1 outside) */
    int no, active;   /* always false; true while the loop rule is on */
    int *x;           /* facts: (t * nc + p) * 6 + r */
    int *y;           /* t * nc + p: tile t at cell p */
    int *occ;         /* p */
    int *e;           /* (p * 6 + k) * NC + c: colour c on edge k of cell p (0: colour unused) */
    int *in, *out;    /* p * 6 + k: the loop enters / leaves cell p by edge k */
    int *tri;         /* p * 6 + j: the lattice triangle between directions j, j+1 is inside */
    int *fan;         /* p * 6 + f: f triangles inside around p */
    int *yout;        /* t * (rmax + 1) + R: tile t lies beyond ring R */
    int_vec twins;    /* pairs of tiles with the same edges up to rotation */
    bool used[NC];
    grounding *g;
    int ng;
} enc;

static int fresh(sat_solver *s) { return -sat_new_var(s); }

static int edge_col(const enc *E, int t, int r, int k) { return E->col[t][((k - r) % 6 + 6) % 6]; }
static int eloop(const enc *E, int p, int k) { return E->e[(p * 6 + k) * NC + E->L]; }

/* The shape of a tile's loop-colour line: 1 sharp corner, 2 bend,
 * 3 straight, 0 when the tile lacks the colour. */
static int loop_shape(const enc *E, int tile)
{
    int first = -1;
    for (int k = 0; k < 6; k++)
        if (E->col[tile][k] == E->L) {
            if (first < 0) {
                first = k;
            } else {
                int gap = k - first;
                return gap < 6 - gap ? gap : 6 - gap;
            }
        }
    return 0;
}

static void enc_free(void *p)
{
    enc *E = p;
    if (!E)
        return;
    free(E->dist);
    free(E->nb);
    free(E->x);
    free(E->y);
    free(E->occ);
    free(E->e);
    free(E->in);
    free(E->out);
    free(E->tri);
    free(E->fan);
    free(E->yout);
    vec_free(&E->twins);
    for (int i = 0; i < E->ng; i++) {
        free(E->g[i].on);
        free(E->g[i].linked);
    }
    free(E->g);
    free(E);
}

static grounding *grounding_of(enc *E, sat_solver *s)
{
    for (int i = 0; i < E->ng; i++)
        if (E->g[i].s == s)
            return &E->g[i];
    /* a new solver (the explanation copy) holds at least the inner rings;
     * granting it no more only risks grounding a ring twice */
    E->g = xrealloc(E->g, (size_t)(E->ng + 1) * sizeof *E->g);
    grounding *g = &E->g[E->ng++];
    g->s = s;
    g->radius = E->r0;
    g->on = xcalloc((size_t)E->nc, 1);
    g->linked = xcalloc((size_t)E->n * E->nc * 6, 1);
    for (int p = 0; p < E->nc; p++)
        g->on[p] = E->dist[p] <= E->r0;
    return g;
}

/* --- the rules of one cell; pairs with an ungrounded neighbour are the
 * cell's to add (a grounded neighbour added them already) --- */

static void cell_defs(const enc *E, sat_solver *s, int p)
{
    int n = E->n, nc = E->nc;
    for (int k = 0; k < 6; k++) {
        int lits[NC], m = 0;
        for (int c = 0; c < NC; c++)
            if (E->used[c]) {
                lits[m++] = E->e[(p * 6 + k) * NC + c];
                sat_clause2(s, -lits[m - 1], E->occ[p]);
            }
        card_at_most_one(s, lits, m);
    }
    int_vec cl = {0};
    vec_push(&cl, -E->occ[p]);
    for (int t = 0; t < n; t++) {
        int yv = E->y[t * nc + p], ors[7], m = 0;
        for (int r = 0; r < 6; r++) {
            int x = E->x[(t * nc + p) * 6 + r];
            ors[m++] = x;
            sat_clause2(s, -x, yv);
            for (int k = 0; k < 6; k++) {
                int c = edge_col(E, t, r, k);
                if (c == E->L && E->nb[p * 6 + k] < 0)
                    sat_clause2(s, -x, E->no); /* its loop line would leave the hexagon */
                else
                    sat_clause2(s, -x, E->e[(p * 6 + k) * NC + c]);
            }
        }
        ors[m++] = -yv;
        sat_clause(s, ors, m);
        sat_clause2(s, -yv, E->occ[p]);
        vec_push(&cl, yv);
    }
    sat_clause(s, cl.v, cl.n);
    vec_free(&cl);
    for (int i = 0; i < E->twins.n; i += 2)
        sat_clause2(s, -E->y[E->twins.v[i] * nc + p], -E->y[E->twins.v[i + 1] * nc + p]);
}

static void cell_match(const enc *E, sat_solver *s, int p, const unsigned char *on)
{
    for (int k = 0; k < 6; k++) {
        int q = E->nb[p * 6 + k], k2 = hex_opposite(k);
        if (q < 0 || on[q])
            continue;
        for (int c = 0; c < NC; c++)
            if (E->used[c]) {
                int a = E->e[(p * 6 + k) * NC + c], b = E->e[(q * 6 + k2) * NC + c];
                sat_clause3(s, -a, -E->occ[q], b);
                sat_clause3(s, -b, -E->occ[p], a);
            }
    }
}

static void cell_run_on(const enc *E, sat_solver *s, int p)
{
    for (int k = 0; k < 6; k++) {
        int q = E->nb[p * 6 + k];
        sat_clause2(s, -eloop(E, p, k), q >= 0 ? E->occ[q] : -E->occ[p]);
    }
}

/* The loop runs clockwise: it enters a cell by one loop-colour edge and
 * leaves by the other, and the lattice triangles (between tile centres)
 * on its right are inside.  Around a cell left by edge b and entered by
 * edge c they are the (c - b) mod 6 triangles from b round to c; a
 * triangle inside has all three corners on the loop, so no cell lies
 * inside the loop: no hole within it. */
static void cell_loop(const enc *E, sat_solver *s, int p, const unsigned char *on)
{
    const int *in = &E->in[p * 6], *out = &E->out[p * 6];
    int occ = E->occ[p];
    int lits[7];
    for (int pass = 0; pass < 2; pass++) {
        const int *v = pass ? out : in;
        lits[0] = -occ;
        for (int k = 0; k < 6; k++)
            lits[k + 1] = v[k];
        sat_clause(s, lits, 7);
        card_at_most_one(s, v, 6);
    }
    for (int k = 0; k < 6; k++) {
        int el = eloop(E, p, k), q = E->nb[p * 6 + k];
        sat_clause2(s, -in[k], el);
        sat_clause2(s, -out[k], el);
        sat_clause2(s, -in[k], -out[k]);
        sat_clause3(s, -el, in[k], out[k]);
        if (q < 0) {
            sat_unit(s, -in[k]);
            sat_unit(s, -out[k]);
        } else if (!on[q]) { /* what leaves p by edge k enters q */
            int k2 = hex_opposite(k);
            sat_clause2(s, -out[k], E->in[q * 6 + k2]);
            sat_clause2(s, -E->in[q * 6 + k2], out[k]);
            sat_clause2(s, -in[k], E->out[q * 6 + k2]);
            sat_clause2(s, -E->out[q * 6 + k2], in[k]);
        }
    }
    for (int j = 0; j < 6; j++)
        if (E->tri[p * 6 + j])
            sat_clause2(s, -E->tri[p * 6 + j], occ);
    for (int f = 1; f <= 5; f++)
        sat_clause2(s, -E->fan[p * 6 + f], occ);
    for (int b = 0; b < 6; b++)
        for (int c = 0; c < 6; c++) {
            int fan = ((c - b) % 6 + 6) % 6;
            if (fan == 0)
                continue;
            for (int j = 0; j < 6; j++) {
                bool inside = ((j - b) % 6 + 6) % 6 < fan;
                int tl = E->tri[p * 6 + j];
                if (tl)
                    sat_clause3(s, -out[b], -in[c], inside ? tl : -tl);
                else if (inside)
                    sat_clause2(s, -out[b], -in[c]);
            }
            int fv = E->fan[p * 6 + fan];
            sat_clause3(s, -out[b], -in[c], fv);
            sat_clause3(s, -fv, -out[b], in[c]);
        }
    /* a tile's line shape fixes the fan's size up to the turn's side */
    for (int f = 1; f <= 5; f++) {
        int shape = f < 3 ? f : 6 - f;
        int_vec cl = {0};
        vec_push(&cl, -E->fan[p * 6 + f]);
        for (int t = 0; t < E->n; t++) {
            int ts = loop_shape(E, t);
            if (ts == shape)
                vec_push(&cl, E->y[t * E->nc + p]);
            if (f <= 3 && ts == shape)
                sat_clause3(s, -E->y[t * E->nc + p], E->fan[p * 6 + f], E->fan[p * 6 + 6 - f]);
        }
        sat_clause(s, cl.v, cl.n);
        vec_free(&cl);
    }
    /* three loop corners round one lattice point close a loop of three:
     * too short for n > 3 (the turns alone cannot rule it out) */
    for (int k = 1; k <= 2 && E->n > 3; k++) {
        int b = E->nb[p * 6 + k], c = E->nb[p * 6 + k + 1];
        if (b >= 0 && c >= 0) /* p->b is direction k, b->c k+2, c->p k+4 */
            sat_clause3(s, -eloop(E, p, k), -eloop(E, b, (k + 2) % 6), -eloop(E, c, (k + 4) % 6));
    }
    /* holes of one or two cells outside the loop, eagerly */
    for (int k = -1; k < 3; k++) {
        int q = k < 0 ? p : E->nb[p * 6 + k]; /* k < 0: p alone */
        if (q < 0)
            continue;
        int ring[12], m = 0;
        bool closed = true;
        for (int j = 0; j < 12 && closed; j++) {
            int u = E->nb[(j < 6 ? p : q) * 6 + j % 6];
            closed = u >= 0;
            bool dup = u == p || u == q;
            for (int h = 0; h < m && !dup; h++)
                dup = ring[h] == u;
            if (closed && !dup)
                ring[m++] = u;
        }
        if (!closed)
            continue;
        int_vec cl = {0};
        vec_push(&cl, occ);
        if (q != p)
            vec_push(&cl, E->occ[q]);
        for (int h = 0; h < m; h++)
            vec_push(&cl, -E->occ[ring[h]]);
        sat_clause(s, cl.v, cl.n);
        vec_free(&cl);
    }
}

/* Ring R (1 <= R <= rmax): tile t lies on it exactly when it lies beyond
 * ring R-1 but not beyond R.  Uses no new variables (the lazy check may
 * call this on the explanation copy). */
static void ring_tiles(const enc *E, sat_solver *s, int R)
{
    int_vec cl = {0};
    for (int t = 0; t < E->n; t++) {
        int before = E->yout[t * (E->rmax + 1) + R - 1], beyond = R < E->rmax ? E->yout[t * (E->rmax + 1) + R] : 0;
        cl.n = 0;
        vec_push(&cl, -before);
        for (int p = 0; p < E->nc; p++)
            if (E->dist[p] == R) {
                int yv = E->y[t * E->nc + p];
                vec_push(&cl, yv);
                sat_clause2(s, -yv, before);
                if (beyond)
                    sat_clause2(s, -yv, -beyond);
            }
        if (beyond)
            vec_push(&cl, beyond);
        sat_clause(s, cl.v, cl.n);
    }
    vec_free(&cl);
}

/* Grounds rings radius+1 .. R of one solver; returns clauses added. */
static int ground_to(enc *E, grounding *g, int R)
{
    sat_solver *s = g->s;
    long before = sat_num_clauses(s);
    for (int ring = g->radius + 1; ring <= R && ring <= E->rmax; ring++) {
        for (int p = 0; p < E->nc; p++)
            if (E->dist[p] == ring) {
                cell_defs(E, s, p);
                cell_match(E, s, p, g->on);
                cell_run_on(E, s, p);
                cell_loop(E, s, p, g->on);
                g->on[p] = 1;
            }
        ring_tiles(E, s, ring);
        g->radius = ring;
    }
    return (int)(sat_num_clauses(s) - before);
}

/* --- the lazy check --- */

/* Splits the occupied cells into the loops their loop-colour edges form. */
static int find_loops(const enc *E, const bool *occ, const bool *el, int *comp, int *stack)
{
    int ncomp = 0;
    for (int p = 0; p < E->nc; p++)
        comp[p] = -1;
    for (int p = 0; p < E->nc; p++) {
        if (!occ[p] || comp[p] >= 0)
            continue;
        int sp = 0;
        stack[sp++] = p;
        comp[p] = ncomp;
        while (sp) {
            int u = stack[--sp];
            for (int k = 0; k < 6; k++) {
                int v = E->nb[u * 6 + k];
                if (el[u * 6 + k] && v >= 0 && occ[v] && comp[v] < 0) {
                    comp[v] = ncomp;
                    stack[sp++] = v;
                }
            }
        }
        ncomp++;
    }
    return ncomp;
}

/* Cuts a model with several loops or with holes; both cuts hold in every
 * solution, so they stay:
 * - cells S carrying a loop of fewer than n tiles: if all of S is
 *   occupied, the one loop through all n tiles leaves S;
 * - a connected set H of enclosed empty cells: if every cell around H is
 *   occupied, some cell of H is too, or H is a hole. */
static int cut_loops_and_holes(enc *E, sat_solver *s, const bool *occ, const bool *el, const grounding *g)
{
    int nc = E->nc, added = 0;
    int *comp = xmalloc((size_t)nc * sizeof *comp);
    int *stack = xmalloc((size_t)nc * sizeof *stack);
    int_vec cl = {0};
    int nloops = find_loops(E, occ, el, comp, stack);
    for (int k0 = 0; nloops > 1 && k0 < nloops; k0++) {
        cl.n = 0;
        vec_push(&cl, -E->active);
        bool open = false; /* the line leaves S: the cut would not cut */
        for (int p = 0; p < nc; p++) {
            if (comp[p] != k0)
                continue;
            vec_push(&cl, -E->occ[p]);
            for (int k = 0; k < 6; k++) {
                int v = E->nb[p * 6 + k];
                open |= el[p * 6 + k] && (v < 0 || comp[v] != k0);
                if (v >= 0 && comp[v] != k0)
                    vec_push(&cl, eloop(E, p, k));
            }
        }
        /* An open line is a model only while the rule that lines run on
         * is switched off (explain drops groups): such a model breaks no
         * cut, and must be accepted, or the engine would ask forever. */
        if (open)
            continue;
        sat_clause(s, cl.v, cl.n);
        added++;
    }
    /* holes: empty cells that no path of empty cells joins to the rim of
     * the grounded rings (beyond it every cell is empty) */
    signed char *mark = xcalloc((size_t)nc, 1);
    bool *around = xcalloc((size_t)nc, sizeof *around);
    int sp = 0;
    for (int p = 0; p < nc; p++) {
        if (!g->on[p] || occ[p])
            continue;
        for (int k = 0; k < 6; k++) {
            int v = E->nb[p * 6 + k];
            if (v < 0 || !g->on[v]) {
                mark[p] = 1;
                stack[sp++] = p;
                break;
            }
        }
    }
    while (sp) {
        int u = stack[--sp];
        for (int k = 0; k < 6; k++) {
            int v = E->nb[u * 6 + k];
            if (v >= 0 && g->on[v] && !occ[v] && !mark[v]) {
                mark[v] = 1;
                stack[sp++] = v;
            }
        }
    }
    int_vec ring = {0};
    for (int p = 0; p < nc; p++) {
        if (!g->on[p] || occ[p] || mark[p])
            continue;
        cl.n = ring.n = 0;
        vec_push(&cl, -E->active);
        stack[sp++] = p;
        mark[p] = 2;
        while (sp) {
            int u = stack[--sp];
            vec_push(&cl, E->occ[u]);
            for (int k = 0; k < 6; k++) {
                int v = E->nb[u * 6 + k];
                if (v < 0)
                    continue;
                if (!occ[v] && !mark[v]) {
                    mark[v] = 2;
                    stack[sp++] = v;
                } else if (occ[v] && !around[v]) {
                    around[v] = true;
                    vec_push(&ring, v);
                }
            }
        }
        for (int i = 0; i < ring.n; i++) {
            vec_push(&cl, -E->occ[ring.v[i]]);
            around[ring.v[i]] = false;
        }
        sat_clause(s, cl.v, cl.n);
        added++;
    }
    vec_free(&ring);
    vec_free(&cl);
    free(around);
    free(mark);
    free(stack);
    free(comp);
    return added;
}

static int enc_refine(void *ctx, sat_solver *s)
{
    enc *E = ctx;
    grounding *g = grounding_of(E, s);
    int n = E->n, nc = E->nc;
    /* read the whole model first: adding a clause invalidates it */
    bool *occ = xcalloc((size_t)nc, sizeof *occ);
    bool *el = xcalloc((size_t)nc * 6, sizeof *el);
    int reach = g->radius;
    int_vec links = {0};
    for (int p = 0; p < nc; p++) {
        occ[p] = g->on[p] && sat_value(s, E->occ[p]);
        for (int k = 0; k < 6; k++)
            el[p * 6 + k] = occ[p] && sat_value(s, eloop(E, p, k));
        if (g->on[p]) {
            /* the loop leaving the grounded rings */
            for (int k = 0; k < 6; k++) {
                int q = E->nb[p * 6 + k];
                if (el[p * 6 + k] && q >= 0 && !g->on[q] && E->dist[q] > reach)
                    reach = E->dist[q];
            }
            continue;
        }
        /* a fact on an ungrounded cell: the first time a model has it,
         * it gets its link (x -> its tile lies beyond the ring inside
         * p's); once linked, it is a tile the model puts there */
        for (int t = 0; t < n; t++)
            for (int r = 0; r < 6; r++) {
                int f = (t * nc + p) * 6 + r;
                if (!sat_value(s, E->x[f]))
                    continue;
                if (!g->linked[f])
                    vec_push(&links, f);
                else if (E->dist[p] > reach)
                    reach = E->dist[p];
            }
    }
    for (int t = 0; t < n && g->radius < E->rmax; t++)
        if (sat_value(s, E->yout[t * (E->rmax + 1) + g->radius]) && reach < g->radius + 1)
            reach = g->radius + 1;
    /* a tile on two cells of one ring (rings hold no pairwise rule) */
    int_vec twice = {0};
    for (int t = 0; t < n; t++) {
        int first = -1;
        for (int p = 0; p < nc; p++)
            if (g->on[p] && E->dist[p] > E->r0 && sat_value(s, E->y[t * nc + p])) {
                if (first >= 0) {
                    vec_push(&twice, E->y[t * nc + first]);
                    vec_push(&twice, E->y[t * nc + p]);
                }
                first = p;
            }
    }
    bool loop_on = sat_value(s, E->active);
    int added = links.n;
    for (int i = 0; i < links.n; i++) {
        int f = links.v[i], t = f / 6 / nc, p = f / 6 % nc;
        sat_clause2(s, -E->x[f], E->yout[t * (E->rmax + 1) + E->dist[p] - 1]);
        g->linked[f] = 1;
    }
    if (links.n > 0) {
        /* the model is cut off: look again after the next solve */
    } else if (reach > g->radius) {
        added = ground_to(E, g, reach);
    } else if (twice.n > 0) {
        for (int i = 0; i < twice.n; i += 2)
            sat_clause2(s, -twice.v[i], -twice.v[i + 1]);
        added = twice.n / 2;
    } else if (loop_on) {
        added = cut_loops_and_holes(E, s, occ, el, g);
    }
    vec_free(&twice);
    vec_free(&links);
    free(el);
    free(occ);
    return added;
}

/* --- building it --- */

/* Two tiles with the same edges up to rotation (only among tiles given by
 * colours): nothing else keeps them off one cell. */
static bool same_tile(const unsigned char *a, const unsigned char *b)
{
    for (int r = 0; r < 6; r++) {
        bool same = true;
        for (int k = 0; k < 6; k++)
            same &= a[k] == b[(k + r) % 6];
        if (same)
            return true;
    }
    return false;
}

/* Variable numbering.  CaDiCaL makes room for every variable up to the
 * highest one it is given, and the whole hexagon holds some 190,000 at
 * n = 30, most of them on cells no solution reaches: making room for them
 * cost more than solving.  So the variables a ring's rules name are
 * numbered after everything the rings inside it use: the inner rings and
 * the variables their rules reach (cells two rings further out) first,
 * then the encoding's own counters, then ring by ring outwards
 * (far_vars).  The solver meets a ring's variables only when the lazy
 * check grounds it. */

/* The cell variables (occupied, edge colours, loop in and out, fan) of
 * ring R, and the lattice triangles whose farthest corner lies on it. */
static void ring_cell_vars(enc *E, sat_solver *s, int R)
{
    for (int p = 0; p < E->nc; p++) {
        if (E->dist[p] != R)
            continue;
        E->occ[p] = fresh(s);
        for (int k = 0; k < 6; k++) {
            for (int c = 0; c < NC; c++)
                if (E->used[c])
                    E->e[(p * 6 + k) * NC + c] = fresh(s);
            E->in[p * 6 + k] = fresh(s);
            E->out[p * 6 + k] = fresh(s);
        }
        for (int f = 1; f <= 5; f++)
            E->fan[p * 6 + f] = fresh(s);
    }
    /* one variable per lattice triangle, at its corner c with the others
     * at c+d1, c+d2 (j = 1) or c+d2, c+d3 (j = 2); shared by all three */
    for (int c = 0; c < E->nc; c++)
        for (int j = 1; j <= 2; j++) {
            int a = E->nb[c * 6 + j], b = E->nb[c * 6 + j + 1];
            if (a < 0 || b < 0)
                continue;
            int far = E->dist[c];
            if (E->dist[a] > far)
                far = E->dist[a];
            if (E->dist[b] > far)
                far = E->dist[b];
            if (far != R)
                continue;
            int v = fresh(s);
            E->tri[c * 6 + j] = v;
            /* seen from a, the triangle lies between directions j+2, j+3
             * (a's neighbours b and c); from b, between j+4 and j+5 */
            E->tri[a * 6 + (j + 2) % 6] = v;
            E->tri[b * 6 + (j + 4) % 6] = v;
        }
}

/* Tile t at cell p (y), with each rotation (x, the facts).  Outside the
 * inner rings a fact is a plain variable, so that one the solver has never
 * met reads as false (CaDiCaL reads an unknown variable as false): a tile
 * is not on a cell nobody asked about. */
static void tile_vars(enc *E, sat_solver *s, int p, bool far)
{
    for (int i = 0; i < E->n; i++) {
        E->y[i * E->nc + p] = fresh(s);
        for (int r = 0; r < 6; r++)
            E->x[(i * E->nc + p) * 6 + r] = far ? sat_new_var(s) : fresh(s);
    }
}

/* The rings beyond the inner ones, outwards: ring R's facts, then the
 * cell variables of ring R + 2, which its rules name. */
static void far_vars(enc *E, sat_solver *s)
{
    for (int R = E->r0 + 1; R <= E->rmax; R++) {
        for (int p = 0; p < E->nc; p++)
            if (E->dist[p] == R)
                tile_vars(E, s, p, true);
        if (R + 2 <= E->rmax)
            ring_cell_vars(E, s, R + 2);
    }
}

static void make_vars(const tantrix_puzzle *t, enc *E, sat_solver *s)
{
    int n = t->n, nc = t->ncells;
    E->n = n;
    E->nc = nc;
    E->L = t->loop;
    E->rmax = t->radius;
    /* the inner rings, grounded at once: enough cells for the tiles to
     * lie loosely (a loop of 30 fits radius 3) */
    E->r0 = 0;
    while (E->r0 < E->rmax && 3 * E->r0 * (E->r0 + 1) + 1 < n + 7)
        E->r0++;
    memcpy(E->col, t->col, sizeof E->col);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 6; k++)
            E->used[t->col[i][k]] = true;
    E->used[E->L] = true;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            if (same_tile(E->col[a], E->col[b])) {
                vec_push(&E->twins, a);
                vec_push(&E->twins, b);
            }
    E->dist = xmalloc((size_t)nc * sizeof *E->dist);
    E->nb = xmalloc((size_t)nc * 6 * sizeof *E->nb);
    for (int p = 0; p < nc; p++) {
        E->dist[p] = hex_distance(0, 0, t->cell_q[p], t->cell_r[p]);
        for (int k = 0; k < 6; k++)
            E->nb[p * 6 + k] = tantrix_cell(t, t->cell_q[p] + HEX_DQ[k], t->cell_r[p] + HEX_DR[k]);
    }
    E->x = xmalloc((size_t)t->nplace * sizeof *E->x);
    E->y = xmalloc((size_t)n * nc * sizeof *E->y);
    E->occ = xmalloc((size_t)nc * sizeof *E->occ);
    E->e = xcalloc((size_t)nc * 6 * NC, sizeof *E->e);
    E->in = xmalloc((size_t)nc * 6 * sizeof *E->in);
    E->out = xmalloc((size_t)nc * 6 * sizeof *E->out);
    E->tri = xcalloc((size_t)nc * 6, sizeof *E->tri);
    E->fan = xcalloc((size_t)nc * 6, sizeof *E->fan);
    E->yout = xcalloc((size_t)n * (E->rmax + 1), sizeof *E->yout);
    /* numbered ring by ring: the inner rings' clauses reach two rings out */
    int near = E->r0 + 2 < E->rmax ? E->r0 + 2 : E->rmax;
    for (int R = 0; R <= near; R++)
        ring_cell_vars(E, s, R);
    for (int p = 0; p < nc; p++)
        if (E->dist[p] <= E->r0)
            tile_vars(E, s, p, false);
    for (int i = 0; i < n; i++)
        for (int R = E->r0; R < E->rmax; R++)
            E->yout[i * (E->rmax + 1) + R] = fresh(s);
    E->no = sat_new_var(s);
    sat_unit(s, -E->no);
}

void tantrix_encode(const void *pz, assist *a)
{
    const tantrix_puzzle *t = pz;
    sat_solver *s = assist_sat(a);
    enc *E = xcalloc(1, sizeof *E);
    make_vars(t, E, s);
    int n = E->n, nc = E->nc, L = E->L;
    grounding *g = grounding_of(E, s);
    unsigned char *none = xcalloc((size_t)nc, 1); /* pairs: all inner cells add theirs once */
    for (int p = 0; p < nc; p++)
        if (g->on[p])
            cell_defs(E, s, p);
    /* each tile once: on an inner cell or beyond ring r0 */
    int_vec lits = {0};
    for (int i = 0; i < n; i++) {
        lits.n = 0;
        for (int p = 0; p < nc; p++)
            if (g->on[p])
                vec_push(&lits, E->y[i * nc + p]);
        if (E->r0 < E->rmax)
            vec_push(&lits, E->yout[i * (E->rmax + 1) + E->r0]);
        card_exactly_one(s, lits.v, lits.n);
        for (int R = E->r0 + 1; R < E->rmax; R++)
            sat_clause2(s, -E->yout[i * (E->rmax + 1) + R], E->yout[i * (E->rmax + 1) + R - 1]);
    }
    /* Redundant, and it halves the solve time from n = 18 up: exactly n
     * tiles, counted as occupied inner cells plus tiles beyond the inner
     * rings (a cell holds one tile at most, as no two tiles share their
     * colours).  As with Hexiom, CDCL does not find this count itself. */
    lits.n = 0;
    for (int p = 0; p < nc; p++)
        if (g->on[p])
            vec_push(&lits, E->occ[p]);
    for (int i = 0; i < n && E->r0 < E->rmax; i++)
        vec_push(&lits, E->yout[i * (E->rmax + 1) + E->r0]);
    card_exactly(s, lits.v, lits.n, n);

    char label[96];
    /* groups, as rule families over the inner cells (marking pairs done
     * as each cell is handled) */
    assist_begin_group(a, "matching colours on touching edges");
    for (int p = 0; p < nc; p++)
        if (g->on[p]) {
            cell_match(E, s, p, none);
            none[p] = 1;
        }
    assist_end_group(a);
    snprintf(label, sizeof label, "the %s line running on at both ends of each tile", tantrix_colour_name(L));
    assist_begin_group(a, label);
    for (int p = 0; p < nc; p++)
        if (g->on[p])
            cell_run_on(E, s, p);
    assist_end_group(a);
    snprintf(label, sizeof label, "one %s loop through all %d tiles without holes", tantrix_colour_name(L), n);
    assist_begin_group(a, label);
    E->active = fresh(s);
    sat_unit(s, E->active);
    for (int p = 0; p < nc; p++)
        none[p] = 0;
    for (int p = 0; p < nc; p++)
        if (g->on[p]) {
            cell_loop(E, s, p, none);
            none[p] = 1;
        }
    /* as many cells turning each way as tiles of each line shape (sharp
     * corners turn 120 degrees, bends 60, straights not at all): CDCL
     * finds such counting hard through the tile identities alone; tiles
     * beyond the inner rings count as they are */
    int count[4] = {0};
    for (int i = 0; i < n; i++)
        count[loop_shape(E, i)]++;
    if (count[0] > 0)
        sat_add(s, 0); /* no loop passes a tile without its colour */
    for (int shape = 1; shape <= 3; shape++) {
        lits.n = 0;
        for (int p = 0; p < nc; p++)
            if (g->on[p]) {
                vec_push(&lits, E->fan[p * 6 + shape]);
                if (shape != 3)
                    vec_push(&lits, E->fan[p * 6 + 6 - shape]);
            }
        for (int i = 0; i < n && E->r0 < E->rmax; i++)
            if (loop_shape(E, i) == shape)
                vec_push(&lits, E->yout[i * (E->rmax + 1) + E->r0]);
        card_exactly(s, lits.v, lits.n, count[shape]);
    }
    assist_end_group(a);
    free(none);

    /* Solve only: tile 1 at the origin with rotation 0 (any solution can
     * be moved and turned to meet it; placed tiles meet it when tile 1 is
     * among them, as the lowest-numbered one is the origin), and nothing
     * beyond the inner rings.  When that finds nothing (other tiles
     * placed, or no loop that small), solve asks again without it. */
    assist_begin_solve_only(a);
    int origin = tantrix_cell(t, 0, 0);
    sat_unit(s, E->x[(0 * nc + origin) * 6 + 0]);
    for (int i = 0; i < n && E->r0 < E->rmax; i++)
        sat_unit(s, -E->yout[i * (E->rmax + 1) + E->r0]);
    for (int p = 0; p < nc; p++)
        if (E->dist[p] == E->r0 + 1)
            sat_unit(s, -E->occ[p]);
    /* With every tile in the inner rings: a clockwise loop turns right by
     * 360 degrees in all, so 2 * (sharp right) + (bend right) = 3 +
     * sharps + bends / 2; a second loop would turn another 360. */
    lits.n = 0;
    for (int p = 0; p < nc; p++)
        if (g->on[p]) {
            vec_push(&lits, E->fan[p * 6 + 1]);
            vec_push(&lits, E->fan[p * 6 + 1]);
            vec_push(&lits, E->fan[p * 6 + 2]);
        }
    if (count[2] % 2)
        sat_add(s, 0); /* bends must pair up to close a loop */
    else
        card_exactly(s, lits.v, lits.n, 3 + count[1] + count[2] / 2);
    assist_end_solve_only(a);
    /* the inner rings shrink the search a lot when the solver may simplify
     * with them, i.e. when they bind at the root of a copy */
    assist_solve_on_copy(a);
    vec_free(&lits);
    far_vars(E, s);
    for (int f = 0; f < t->nplace; f++)
        assist_add_fact(a, E->x[f]);
    for (int i = 0; i < n; i++)
        assist_add_fact(a, E->no); /* tile i outside the hexagon: never */
    assist_set_lazy(a, enc_refine, E, enc_free);
}
