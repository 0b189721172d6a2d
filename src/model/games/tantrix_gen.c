/* tantrix_gen.c: the Tantrix generator.  Grows a loop of n cells, deals
 * tiles of the standard set onto it so that every touching edge matches,
 * then gives tiles in place until the solver proves that loop the only one.
 *
 * Why givens: a tile set alone is almost never unique.  Tiles whose loop
 * line has the same shape trade places wherever their other edges touch
 * no tile or happen to match (each such pair doubles the count: 2, 4, 8
 * ...), and compact loops still leave pairs: of about 230 dealt 8-tile
 * sets one was unique, of 100 10-tile sets none.  A given tile fixes
 * the frame too, so --count then holds nothing else. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "games/tantrix.h"
#include "hexgrid.h"
#include "rng.h"

#define TANTRIX_GEN_MIN 4
#define TANTRIX_GEN_MAX 20
#define TANTRIX_GEN_DEFAULT 8
/* Loops grown before giving up on dealing tiles onto one. */
#define TANTRIX_GEN_ATTEMPTS 400
/* Search nodes when dealing tiles onto one loop. */
#define TANTRIX_GEN_NODES 20000

/* A working board: cells within W of the origin, in a square array. */
#define W 24
#define SIDE (2 * W + 1)

typedef struct {
    int n;                   /* cells on the loop so far */
    int q[TANTRIX_GEN_MAX];  /* the loop in order */
    int r[TANTRIX_GEN_MAX];
    unsigned char occ[SIDE * SIDE];
} loop_shape;

static int at(int q, int r) { return (q + W) * SIDE + (r + W); }

static int dir_of(int dq, int dr)
{
    for (int k = 0; k < 6; k++)
        if (HEX_DQ[k] == dq && HEX_DR[k] == dr)
            return k;
    return -1;
}

/* An empty cell that no path of empty cells joins to the edge of the
 * loop's bounding box (plus a margin): a hole, which the rules forbid. */
static bool has_hole(const loop_shape *s)
{
    int q0 = W, q1 = -W, r0 = W, r1 = -W;
    for (int i = 0; i < s->n; i++) {
        q0 = s->q[i] < q0 ? s->q[i] : q0;
        q1 = s->q[i] > q1 ? s->q[i] : q1;
        r0 = s->r[i] < r0 ? s->r[i] : r0;
        r1 = s->r[i] > r1 ? s->r[i] : r1;
    }
    q0--, q1++, r0--, r1++;
    unsigned char seen[SIDE * SIDE];
    int stack[SIDE * SIDE];
    int sp = 0, empty = 0, reached = 0;
    for (int q = q0; q <= q1; q++)
        for (int r = r0; r <= r1; r++) {
            seen[at(q, r)] = 0;
            if (!s->occ[at(q, r)]) {
                empty++;
                if (q == q0 || q == q1 || r == r0 || r == r1) {
                    seen[at(q, r)] = 1;
                    stack[sp++] = at(q, r);
                }
            }
        }
    while (sp) {
        int c = stack[--sp], q = c / SIDE - W, r = c % SIDE - W;
        reached++;
        for (int k = 0; k < 6; k++) {
            int nq = q + HEX_DQ[k], nr = r + HEX_DR[k];
            if (nq < q0 || nq > q1 || nr < r0 || nr > r1)
                continue;
            int d = at(nq, nr);
            if (!s->occ[d] && !seen[d]) {
                seen[d] = 1;
                stack[sp++] = d;
            }
        }
    }
    return reached < empty;
}

static int occupied_neighbours(const loop_shape *s, int q, int r)
{
    int m = 0;
    for (int k = 0; k < 6; k++)
        m += s->occ[at(q + HEX_DQ[k], r + HEX_DR[k])];
    return m;
}

/* Grows a loop to n cells from three around a lattice point: each step
 * puts a new cell between two cells that follow each other on the loop
 * (the two cells next to both).  Cells with more occupied neighbours are
 * preferred: a compact loop has many touching edges, which pin the tiles
 * down.  compact: the weight of one more neighbour. */
static bool grow_loop(rng *g, int n, int compact, loop_shape *s)
{
    memset(s, 0, sizeof *s);
    int start[3][2] = {{0, 0}, {1, -1}, {1, 0}};
    for (int i = 0; i < 3; i++) {
        s->q[i] = start[i][0];
        s->r[i] = start[i][1];
        s->occ[at(s->q[i], s->r[i])] = 1;
    }
    s->n = 3;
    while (s->n < n) {
        /* candidates: (position on the loop, side), weighted */
        int cand_i[2 * TANTRIX_GEN_MAX], cand_q[2 * TANTRIX_GEN_MAX], cand_r[2 * TANTRIX_GEN_MAX];
        long weight[2 * TANTRIX_GEN_MAX], total = 0;
        int nc = 0;
        for (int i = 0; i < s->n; i++) {
            int j = (i + 1) % s->n;
            int d = dir_of(s->q[j] - s->q[i], s->r[j] - s->r[i]);
            for (int side = -1; side <= 1; side += 2) {
                int k = ((d + side) % 6 + 6) % 6;
                int q = s->q[i] + HEX_DQ[k], r = s->r[i] + HEX_DR[k];
                if (abs(q) >= W - 1 || abs(r) >= W - 1 || s->occ[at(q, r)])
                    continue;
                s->occ[at(q, r)] = 1;
                s->n++; /* has_hole looks at cells 0..n-1: add it at the end */
                s->q[s->n - 1] = q;
                s->r[s->n - 1] = r;
                bool hole = has_hole(s);
                s->n--;
                s->occ[at(q, r)] = 0;
                if (hole)
                    continue;
                long w = 1;
                for (int m = occupied_neighbours(s, q, r); m > 2; m--)
                    w *= compact;
                cand_i[nc] = i;
                cand_q[nc] = q;
                cand_r[nc] = r;
                weight[nc] = w;
                total += w;
                nc++;
            }
        }
        if (nc == 0)
            return false;
        long pick = (long)(rng_next(g) % (uint64_t)total);
        int c = 0;
        while (pick >= weight[c])
            pick -= weight[c++];
        /* insert after position cand_i[c] */
        for (int k = s->n; k > cand_i[c] + 1; k--) {
            s->q[k] = s->q[k - 1];
            s->r[k] = s->r[k - 1];
        }
        s->q[cand_i[c] + 1] = cand_q[c];
        s->r[cand_i[c] + 1] = cand_r[c];
        s->occ[at(cand_q[c], cand_r[c])] = 1;
        s->n++;
    }
    return true;
}

/* --- dealing tiles onto the loop --- */

typedef struct {
    const loop_shape *s;
    int loop;                         /* colour index */
    int in[TANTRIX_GEN_MAX], out[TANTRIX_GEN_MAX]; /* loop edges of each cell */
    int pool[TANTRIX_SET_SIZE], npool; /* tiles carrying the loop colour */
    bool used[TANTRIX_SET_SIZE];
    int tile[TANTRIX_GEN_MAX], rot[TANTRIX_GEN_MAX];
    int cell_of[SIDE * SIDE];         /* loop index + 1, 0 when empty */
    long nodes;
} dealer;

static int colour_at(int tile, int rot, int k)
{
    return tantrix_colour_of_letter(tantrix_set[tile].edges[((k - rot) % 6 + 6) % 6]);
}

/* Does tile turned rot fit cell i: loop colour exactly on the cell's two
 * loop edges, and every edge towards a dealt neighbour matching it? */
static bool fits(const dealer *d, int i, int tile, int rot)
{
    for (int k = 0; k < 6; k++) {
        int c = colour_at(tile, rot, k);
        if ((c == d->loop) != (k == d->in[i] || k == d->out[i]))
            return false;
        int j = d->cell_of[at(d->s->q[i] + HEX_DQ[k], d->s->r[i] + HEX_DR[k])] - 1;
        if (j >= 0 && j < i && colour_at(d->tile[j], d->rot[j], hex_opposite(k)) != c)
            return false;
    }
    return true;
}

static bool deal(dealer *d, rng *g, int i)
{
    if (i == d->s->n)
        return true;
    if (++d->nodes > TANTRIX_GEN_NODES)
        return false;
    int order[TANTRIX_SET_SIZE];
    memcpy(order, d->pool, (size_t)d->npool * sizeof *order);
    rng_shuffle(g, order, d->npool);
    for (int a = 0; a < d->npool; a++) {
        int t = order[a];
        if (d->used[t])
            continue;
        int r0 = rng_below(g, 6);
        for (int dr = 0; dr < 6; dr++) {
            int rot = (r0 + dr) % 6;
            if (!fits(d, i, t, rot))
                continue;
            d->used[t] = true;
            d->tile[i] = t;
            d->rot[i] = rot;
            if (deal(d, g, i + 1))
                return true;
            d->used[t] = false;
            if (d->nodes > TANTRIX_GEN_NODES)
                return false;
        }
    }
    return false;
}

static bool deal_tiles(const loop_shape *s, int loop, rng *g, dealer *d)
{
    memset(d, 0, sizeof *d);
    d->s = s;
    d->loop = loop;
    for (int i = 0; i < s->n; i++) {
        int p = (i + s->n - 1) % s->n, nx = (i + 1) % s->n;
        d->in[i] = dir_of(s->q[p] - s->q[i], s->r[p] - s->r[i]);
        d->out[i] = dir_of(s->q[nx] - s->q[i], s->r[nx] - s->r[i]);
        d->cell_of[at(s->q[i], s->r[i])] = i + 1;
    }
    for (int t = 0; t < TANTRIX_SET_SIZE; t++)
        if (strchr(tantrix_set[t].edges, tantrix_colour_letter(loop)))
            d->pool[d->npool++] = t;
    return deal(d, g, 0);
}


/* --- the puzzle: the tile set, then givens until the dealt loop is the
 * only solution --- */

typedef struct {
    int n, loop;
    int num[TANTRIX_GEN_MAX];          /* tile numbers, ascending (puzzle order) */
    int q[TANTRIX_GEN_MAX], r[TANTRIX_GEN_MAX], rot[TANTRIX_GEN_MAX]; /* the plan */
    unsigned char fixed[TANTRIX_GEN_MAX];
} plan;

/* The dealt loop in puzzle order, moved and turned so that tile 1 of the
 * puzzle (the lowest number) lies at the origin with rotation 0: the frame
 * that --count holds when nothing is given. */
static void make_plan(const dealer *d, plan *p)
{
    int n = d->s->n, order[TANTRIX_GEN_MAX];
    memset(p, 0, sizeof *p);
    p->n = n;
    p->loop = d->loop;
    for (int i = 0; i < n; i++)
        order[i] = i;
    for (int i = 1; i < n; i++) /* cells by tile number */
        for (int j = i; j > 0 && d->tile[order[j]] < d->tile[order[j - 1]]; j--) {
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    int c0 = order[0];
    tantrix_frame f = {d->s->q[c0], d->s->r[c0], d->rot[c0]};
    for (int i = 0; i < n; i++) {
        int c = order[i];
        p->num[i] = d->tile[c] + 1;
        tantrix_to_frame(&f, d->s->q[c], d->s->r[c], d->rot[c], &p->q[i], &p->r[i], &p->rot[i]);
    }
}

static void write_plan(const plan *p, strbuf *out, bool givens)
{
    sb_puts(out, "tiles");
    for (int i = 0; i < p->n; i++)
        sb_printf(out, " %d", p->num[i]);
    sb_printf(out, "\nloop %s\n", tantrix_colour_name(p->loop));
    for (int i = 0; i < p->n && givens; i++)
        if (p->fixed[i])
            sb_printf(out, "given %d %d %d %d\n", p->num[i], p->q[i], p->r[i], p->rot[i]);
}

/* The board with the fixed tiles of the plan placed. */
static void given_state(const plan *p, int *state)
{
    for (int i = 0; i < p->n; i++) {
        state[3 * i] = p->fixed[i] ? p->rot[i] : TANTRIX_OFF;
        state[3 * i + 1] = p->fixed[i] ? p->q[i] : 0;
        state[3 * i + 2] = p->fixed[i] ? p->r[i] : 0;
    }
}

typedef struct {
    tantrix_puzzle *t; /* the tile set without givens */
    assist *a;
    int *state, *marks;
} prover;

/* Another solution than the plan under the fixed tiles: ASSIST_NONE when
 * there is none, ASSIST_OK with the tiles where it differs in diff. */
static assist_status other_solution(prover *pv, const plan *p, int *diff, int *ndiff)
{
    const tantrix_puzzle *t = pv->t;
    given_state(p, pv->state);
    int nm = tantrix_family.state_marks(t, pv->state, pv->marks, t->n + 2);
    if (nm == 0) /* nothing given: the frame --count holds (tile 1 as planned) */
        pv->marks[nm++] = tantrix_fact(t, 0, tantrix_cell(t, 0, 0), 0);
    /* "not the plan", behind a literal assumed as a fact (the plan's facts
     * depend on the frame, which the givens set) */
    tantrix_frame f = tantrix_frame_of(t, pv->state);
    sat_solver *s = assist_sat(pv->a);
    int act = sat_new_var(s);
    sat_add(s, -act);
    for (int i = 0; i < p->n; i++) {
        int q, r, rot;
        tantrix_to_frame(&f, p->q[i], p->r[i], p->rot[i], &q, &r, &rot);
        sat_add(s, -assist_fact_lit(pv->a, tantrix_fact(t, i, tantrix_cell(t, q, r), rot)));
    }
    sat_add(s, 0);
    pv->marks[nm++] = assist_add_fact(pv->a, act);
    bool *facts = xcalloc((size_t)assist_num_facts(pv->a), sizeof *facts);
    assist_status st = assist_solve(pv->a, pv->marks, nm, facts);
    sat_unit(s, -act); /* retired */
    *ndiff = 0;
    if (st == ASSIST_OK) {
        tantrix_family.apply_solution(t, facts, pv->state);
        for (int i = 0; i < p->n; i++)
            if (pv->state[3 * i] != p->rot[i] || pv->state[3 * i + 1] != p->q[i] ||
                pv->state[3 * i + 2] != p->r[i])
                diff[(*ndiff)++] = i;
    }
    free(facts);
    return st;
}

/* Givens added where another solution differs, until none is left. */
static bool make_unique(prover *pv, plan *p, rng *g)
{
    int diff[TANTRIX_GEN_MAX], nd;
    for (;;) {
        assist_status st = other_solution(pv, p, diff, &nd);
        if (st == ASSIST_NONE)
            return true;
        if (st != ASSIST_OK || nd == 0)
            return false;
        p->fixed[diff[rng_below(g, nd)]] = 1;
    }
}

static bool unique(prover *pv, plan *p)
{
    int diff[TANTRIX_GEN_MAX], nd;
    return other_solution(pv, p, diff, &nd) == ASSIST_NONE;
}

bool tantrix_generate(const gen_options *opt, strbuf *out, diag *err)
{
    int n = opt->width ? opt->width : TANTRIX_GEN_DEFAULT;
    if (opt->height != opt->width || n < TANTRIX_GEN_MIN || n > TANTRIX_GEN_MAX) {
        diag_set(err, 0, 0, "a Tantrix puzzle of %d to %d tiles (--size N)", TANTRIX_GEN_MIN,
                 TANTRIX_GEN_MAX);
        return false;
    }
    rng g;
    rng_seed(&g, opt->seed);
    loop_shape s;
    dealer *d = xmalloc(sizeof *d);
    bool dealt = false;
    for (int attempt = 0; attempt < TANTRIX_GEN_ATTEMPTS && !dealt; attempt++) {
        int loop = rng_below(&g, TANTRIX_NCOLOURS);
        dealt = grow_loop(&g, n, 8, &s) && deal_tiles(&s, loop, &g, d);
    }
    if (!dealt) {
        free(d);
        diag_set(err, 0, 0, "no loop of %d Tantrix tiles found", n);
        return false;
    }
    plan p;
    make_plan(d, &p);
    free(d);
    strbuf text = {0};
    write_plan(&p, &text, false);
    diag perr = {0};
    int nstate = 0;
    prover pv = {.t = tantrix_parse(text.s, &perr, &nstate)};
    pv.a = assist_create();
    tantrix_encode(pv.t, pv.a);
    pv.state = xcalloc((size_t)nstate + 1, sizeof *pv.state);
    pv.marks = xcalloc((size_t)n + 2, sizeof *pv.marks);
    bool ok = make_unique(&pv, &p, &g);
    int order[TANTRIX_GEN_MAX];
    for (int i = 0; i < n; i++)
        order[i] = i;
    rng_shuffle(&g, order, n);
    const char *level = opt->difficulty ? opt->difficulty : "medium";
    if (ok && strcmp(level, "hard") == 0) {
        /* only the givens that uniqueness needs */
        for (int i = 0; i < n; i++)
            if (p.fixed[order[i]]) {
                p.fixed[order[i]] = 0;
                if (!unique(&pv, &p))
                    p.fixed[order[i]] = 1;
            }
    } else if (ok && opt->difficulty) {
        /* more givens, one at a time, until the grade comes down to the
         * level asked for; a third of the tiles stay free at least */
        assert(opt->grade_against);
        for (int i = 0;; i++) {
            text.n = 0;
            write_plan(&p, &text, true);
            int got = opt->grade_against(&tantrix_family, text.s, level);
            if (got <= 0)
                break;
            int nfixed = 0;
            for (int k = 0; k < n; k++)
                nfixed += p.fixed[k];
            while (i < n && p.fixed[order[i]])
                i++;
            if (i >= n || 3 * (nfixed + 1) > 2 * n)
                break;
            p.fixed[order[i]] = 1;
        }
    }
    if (ok) {
        write_plan(&p, out, true);
    } else {
        diag_set(err, 0, 0, "the solver gave up while proving the Tantrix puzzle unique");
    }
    free(pv.marks);
    free(pv.state);
    assist_free(pv.a);
    tantrix_free(pv.t);
    sb_free(&text);
    return ok;
}
