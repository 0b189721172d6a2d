/* tetravex_search.c: a dedicated Tetravex search whose solution the engine
 * confirms with one solver call (assist_set_guess); CDCL stays the fallback.
 *
 * A depth-first search fills the board in growing squares from a corner:
 * every new cell but two per ring already has its top and left (or
 * mirrored) neighbours placed, so it has few candidates, found with
 * bitsets of tile types.  What it prunes, and why that loses no solution:
 *  - a tile only goes where its numbers meet every placed neighbour's;
 *  - the border surplus: for each number v, (tiles with v on top) -
 *    (tiles with v at the bottom) = (top row's v tops) - (bottom row's v
 *    bottoms), since every inner edge pairs one top with one bottom; so
 *    the top row holds at least that difference of v tops (likewise each
 *    side), and a search whose border can no longer hold them is cut off;
 *  - identical tiles are one type with a count, so they never multiply the
 *    search;
 *  - (not in the generator's walk, whose step budget was set without it)
 *    a tile that would leave the next cell, bound by it and by another
 *    placed cell, no tile at all is not placed: the walk would take it
 *    straight back;
 *  - (not in the generator's walk; with no marks) the next ring's arms: each
 *    cell of the next ring that has a placed neighbour needs a tile left
 *    that fits it and fits some tile that could lie before it in its arm
 *    (chain_ok), so a ring's second arm is not walked when the next
 *    ring's first arm cannot be laid.
 * What it orders (never prunes): tiles likely to lie on the board's border
 * are tried first on border cells (with the border numbers uniform, the
 * surplus above gives each tile's chance to be there); four searches, one
 * from each corner, take turns (see corner_turns); and each search takes
 * its 3x3 corner squares by likelihood (the product of the nine tiles'
 * scores, and for each inner edge the chance that two tiles meeting on
 * its number are neighbours) in bands 4x apart, which partition every
 * square once.  Every search is complete, so one that runs out of
 * candidates proves there is no solution under the marks (the solver
 * still decides).  The enumerator
 * walks from the corner whose tree Knuth's estimate says is smallest, in
 * subtrees on two threads from 7x7 up (enumerate_split), and a walk its
 * time limit cut short goes on where it stopped when asked again
 * (tetravex_walk_memo.c).
 * The measured effect of each choice is in bench/NOTES.md (Tetravex). */
#include <assert.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/tetravex.h"
#include "jobs.h"
#include "rng.h"

#define TS_WORDS 3 /* bitsets over up to 192 tile types (12x12 is 144) */
#define TS_VALUES 10
#define TS_CORNERS 4
#define TS_SLICE 65536L
/* The corner square searched likeliest first, in bands of its likelihood
 * (see ts_run): its side, the first band's lower end, the ratio between
 * bands and the end below which the last band takes all the rest. */
#define TS_SQUARE 3
#define TS_FIRST_BAND 1e-3
#define TS_BAND 4.0
#define TS_LAST_BAND 1e-30
/* With marks the player's tiles may be wrong, and proving that can take
 * the search as long as solving: after this many placements per corner the
 * solver takes over. */
#define TS_MARKED_STEPS (1L << 23)

typedef struct {
    uint64_t w[TS_WORDS];
} tset;

typedef struct {
    int n, cells, ntypes;
    int words;                /* the words of a tset in use: (ntypes + 63) / 64 */
    unsigned char (*type)[4]; /* the numbers of each tile type */
    int *count;               /* tiles of each type */
    tset mask[4][TS_VALUES];  /* types showing value v on side s */
    /* fit[k][s]: the types that may lie on side s of a tile of type k
     * (mask[(s + 2) % 4][type[k][s]]), one load away from a placed type */
    tset (*fit)[4];
    int need[4][TS_VALUES];   /* border cells on side s showing v: at least */
    double *score;            /* [cell class * ntypes + type]: try high first */
    /* match[s % 2][v]: how much likelier a corner square is for each of
     * its inner edges showing v across sides s and s + 2 (see make_ctx) */
    double match[2][TS_VALUES];
    int *rank;                /* [cell class * ntypes + type]: 0 = highest score */
    unsigned char *bsides;    /* cell -> bit s set when the cell is on border side s */
    unsigned char *cls;       /* cell -> class 0..8 (corners, edges, inside) */
} ts_ctx;

typedef struct {
    int *order, norder; /* the empty cells, in the order they are filled */
    int *place;         /* cell -> type, or -1 */
    int *left;          /* type -> tiles not placed */
    tset avail;         /* types with tiles left */
    int onb[4][TS_VALUES], def[4], slots[4];
    int depth;
    int floor; /* the walk's root level: a subtree's first free one */
    int *cand, *ncand, *pos; /* per level: candidates, how many, next one */
    /* per level: the placed neighbours (cell, and the neighbour's side
     * that faces the level's cell) */
    int (*cons_cell)[4];
    unsigned char (*cons_face)[4], *ncons;
    /* The first `prefix` levels (the corner square) are searched in bands
     * of likelihood, the product of their cells' scores and their inner
     * edges' match factors: psc[d] for the levels above d, pmatch[d] the
     * factor of level d's edges to placed cells, and each band takes the
     * squares in [lo, hi). */
    int prefix;
    double *psc, *pmatch, lo, hi;
    /* Looking one cell ahead (see candidates_in), per level, when on: the
     * side of the level's tile that the next level's cell faces, and that
     * cell's other placed neighbour and its facing side (-1: none). */
    bool ahead;
    int *ahead_other;
    unsigned char *ahead_face, *ahead_other_face;
    /* The next ring's chains (see chain_ok), per level: up to two empty
     * cells that the level's tile is the first placed neighbour of, the
     * side it shows them, and the chain set of the cell before each in
     * its arm (index level * 2 + j, or -1) with the side facing it. */
    bool chain;
    unsigned char *nchain, (*chain_side)[2], (*chain_link)[2];
    int (*chain_prev)[2];
    tset *chain_set;
    /* per chain set: the tiles that could lie beside it on side
     * chain_z_side (link_to's union), kept until the set changes; -1:
     * none kept.  A set is read by every placement below its level, so
     * this saves the walk's costliest loop (bench/NOTES.md). */
    tset *chain_z;
    signed char *chain_z_side;
    /* per level with two chain cells: the side of the first and of the
     * second that faces the empty cell both touch (join_a < 0: none) */
    signed char *join_a, *join_b;
} ts_run;

static bool on_border(const ts_ctx *x, int c, int side)
{
    int px = c % x->n, py = c / x->n;
    switch (side) {
    case TV_TOP: return py == 0;
    case TV_RIGHT: return px == x->n - 1;
    case TV_BOTTOM: return py == x->n - 1;
    default: return px == 0;
    }
}

/* The cell next to c on the given side, or -1. */
static int neighbour(const ts_ctx *x, int c, int side)
{
    return on_border(x, c, side) ? -1
           : side == TV_TOP      ? c - x->n
           : side == TV_RIGHT    ? c + 1
           : side == TV_BOTTOM   ? c + x->n
                                 : c - 1;
}

static int cell_class(const ts_ctx *x, int c)
{
    int px = c % x->n, py = c / x->n, n = x->n;
    int cx = px == 0 ? 0 : px == n - 1 ? 2 : 1, cy = py == 0 ? 0 : py == n - 1 ? 2 : 1;
    return cy * 3 + cx;
}

static void free_ctx(void *p)
{
    ts_ctx *x = p;
    if (!x)
        return;
    free(x->type);
    free(x->fit);
    free(x->count);
    free(x->score);
    free(x->rank);
    free(x->bsides);
    free(x->cls);
    free(x);
}

/* log(n!), summed: lgamma would do, but it writes the global signgam,
 * and searches run on several threads at once (grade_generate). */
static double log_factorial(int n)
{
    double s = 0;
    for (int i = 2; i <= n; i++)
        s += log(i);
    return s;
}

/* E[on the border | (side s with v) - (opposite side with v) = d]: the
 * border counts of v on both sides as independent Poisson(lambda).  The
 * log-factorials of b and b - d grow by one term a step (the same sums
 * log_factorial makes, not made again from 2 each time). */
static double border_expect(int with_v, int d, double lambda)
{
    double sw = 0, sa = 0;
    int b = d > 0 ? d : 0;
    double lf_b = log_factorial(b), lf_bd = log_factorial(b - d);
    for (; b <= with_v; b++) {
        double w = exp((2 * b - d) * log(lambda) - lf_b - lf_bd);
        sw += w;
        sa += b * w;
        lf_b += log(b + 1);
        lf_bd += log(b + 1 - d);
    }
    return sw > 0 ? sa / sw : 0;
}

static ts_ctx *make_ctx(const tetravex_puzzle *t)
{
    ts_ctx *x = xcalloc(1, sizeof *x);
    x->n = t->n;
    x->cells = t->ntiles;
    x->ntypes = t->ntypes;
    x->type = xcalloc((size_t)t->ntypes, sizeof *x->type);
    x->count = xcalloc((size_t)t->ntypes, sizeof *x->count);
    int with[4][TS_VALUES] = {{0}}, values = 1;
    for (int k = 0; k < t->ntypes; k++) {
        memcpy(x->type[k], t->tile[t->type_tile[k]], 4);
        x->count[k] = t->type_count[k];
        for (int s = 0; s < 4; s++) {
            int v = x->type[k][s];
            x->mask[s][v].w[k / 64] |= 1ULL << (k % 64);
            with[s][v] += x->count[k];
            if (v + 1 > values)
                values = v + 1;
        }
    }
    x->words = (t->ntypes + 63) / 64;
    x->fit = xcalloc((size_t)t->ntypes, sizeof *x->fit);
    for (int k = 0; k < t->ntypes; k++)
        for (int s = 0; s < 4; s++)
            x->fit[k][s] = x->mask[(s + 2) % 4][x->type[k][s]];
    double lambda = (double)t->n / values, p[4][TS_VALUES];
    for (int s = 0; s < 4; s++)
        for (int v = 0; v < TS_VALUES; v++) {
            int d = with[s][v] - with[(s + 2) % 4][v];
            x->need[s][v] = d > 0 ? d : 0;
            p[s][v] = with[s][v] ? border_expect(with[s][v], d, lambda) / with[s][v] : 0;
            if (p[s][v] > 1)
                p[s][v] = 1;
        }
    /* Two tiles that meet on v are neighbours in the solution with chance
     * about 1 / (the inner edges showing v): the tile on one side has one
     * partner among the tiles whose v faces inward.  So a corner square
     * matched on rare numbers is likelier than one matched on common
     * numbers; every square has the same inner edges, so dividing by the
     * mean count keeps the likelihoods on the bands' scale. */
    double mean_inner = (double)t->n * (t->n - 1) / values;
    for (int s = 0; s < 2; s++)
        for (int v = 0; v < TS_VALUES; v++) {
            double inner = (with[s][v] * (1 - p[s][v]) + with[s + 2][v] * (1 - p[s + 2][v])) / 2;
            x->match[s][v] = mean_inner / (inner > 0.5 ? inner : 0.5);
        }
    x->score = xcalloc((size_t)(9 * t->ntypes), sizeof *x->score);
    for (int cls = 0; cls < 9; cls++) {
        bool border[4] = {cls / 3 == 0, cls % 3 == 2, cls / 3 == 2, cls % 3 == 0};
        for (int k = 0; k < t->ntypes; k++) {
            double sc = 1;
            for (int s = 0; s < 4; s++) {
                double q = p[s][x->type[k][s]];
                sc *= border[s] ? q : 1 - q;
            }
            x->score[cls * t->ntypes + k] = sc;
        }
    }
    /* integer ranks: comparing them is cheaper than the scores */
    x->rank = xcalloc((size_t)(9 * t->ntypes), sizeof *x->rank);
    for (int cls = 0; cls < 9; cls++) {
        const double *sc = x->score + cls * t->ntypes;
        for (int k = 0; k < t->ntypes; k++)
            for (int j = 0; j < t->ntypes; j++)
                if (sc[j] > sc[k] || (sc[j] == sc[k] && j < k))
                    x->rank[cls * t->ntypes + k]++;
    }
    x->bsides = xcalloc((size_t)x->cells, sizeof *x->bsides);
    x->cls = xcalloc((size_t)x->cells, sizeof *x->cls);
    for (int c = 0; c < x->cells; c++) {
        for (int s = 0; s < 4; s++)
            if (on_border(x, c, s))
                x->bsides[c] |= (unsigned char)(1u << s);
        x->cls[c] = (unsigned char)cell_class(x, c);
    }
    return x;
}

/* Puts type k in cell c; false when a border can no longer hold the
 * numbers it needs (the placement stays: take() undoes it). */
static bool put(const ts_ctx *x, ts_run *r, int c, int k)
{
    bool ok = true;
    r->place[c] = k;
    if (--r->left[k] == 0)
        r->avail.w[k / 64] &= ~(1ULL << (k % 64));
    for (unsigned b = x->bsides[c]; b; b &= b - 1) {
        int s = __builtin_ctz(b), v = x->type[k][s];
        if (r->onb[s][v]++ < x->need[s][v])
            r->def[s]--;
        if (r->def[s] > --r->slots[s])
            ok = false;
    }
    return ok;
}

static void take(const ts_ctx *x, ts_run *r, int c)
{
    int k = r->place[c];
    r->place[c] = -1;
    if (r->left[k]++ == 0)
        r->avail.w[k / 64] |= 1ULL << (k % 64);
    for (unsigned b = x->bsides[c]; b; b &= b - 1) {
        int s = __builtin_ctz(b), v = x->type[k][s];
        if (--r->onb[s][v] < x->need[s][v])
            r->def[s]++;
        r->slots[s]++;
    }
}

/* The types that fit the cell of level d, the likeliest first, over the
 * first `words` words of the sets: called with a constant, so that the
 * common boards (up to 128 types, 11x11) loop over two words, not three.
 * Most of a walk's time is spent here (bench/NOTES.md). */
static inline int candidates_in(const ts_ctx *x, const ts_run *r, int d, int *out, int words)
{
    tset m = r->avail;
    for (int j = 0; j < r->ncons[d]; j++) {
        const tset *f = &x->fit[r->place[r->cons_cell[d][j]]][r->cons_face[d][j]];
        for (int i = 0; i < words; i++)
            m.w[i] &= f->w[i];
    }
    /* One cell ahead: the next level's cell, when this one and another
     * placed cell both bound it, needs a tile that fits both; a candidate
     * that leaves it none is dropped here rather than placed and taken
     * back (most cells right after a ring's first have none). */
    tset next = {{0}};
    int face = -1;
    if (r->ahead && r->ahead_other[d] >= 0) {
        const tset *g = &x->fit[r->place[r->ahead_other[d]]][r->ahead_other_face[d]];
        for (int i = 0; i < words; i++)
            next.w[i] = r->avail.w[i] & g->w[i];
        face = r->ahead_face[d];
    }
    const int *rk = x->rank + x->cls[r->order[d]] * x->ntypes;
    int q = 0;
    for (int i = 0; i < words; i++)
        for (uint64_t w = m.w[i]; w; w &= w - 1) {
            int k = i * 64 + __builtin_ctzll(w);
            if (face >= 0) {
                uint64_t any = 0;
                for (int i2 = 0; i2 < words; i2++) {
                    uint64_t t = next.w[i2] & x->fit[k][face].w[i2];
                    if (i2 == k / 64 && r->left[k] == 1)
                        t &= ~(1ULL << (k % 64));
                    any |= t;
                }
                if (!any)
                    continue;
            }
            int j = q++;
            while (j > 0 && rk[out[j - 1]] > rk[k]) {
                out[j] = out[j - 1];
                j--;
            }
            out[j] = k;
        }
    return q;
}

static int candidates(const ts_ctx *x, const ts_run *r, int d, int *out)
{
    static_assert(TS_WORDS == 3, "candidates() specialises two words and three");
    return x->words <= 2 ? candidates_in(x, r, d, out, 2) : candidates_in(x, r, d, out, TS_WORDS);
}

static void run_free(ts_run *r)
{
    free(r->order);
    free(r->place);
    free(r->left);
    free(r->cand);
    free(r->ncand);
    free(r->pos);
    free(r->cons_cell);
    free(r->cons_face);
    free(r->ncons);
    free(r->psc);
    free(r->pmatch);
    free(r->ahead_other);
    free(r->ahead_face);
    free(r->ahead_other_face);
    free(r->nchain);
    free(r->chain_side);
    free(r->chain_link);
    free(r->chain_prev);
    free(r->chain_set);
    free(r->chain_z);
    free(r->chain_z_side);
    free(r->join_a);
    free(r->join_b);
}

/* A search from corner `corner` (bit 0: right, bit 1: bottom) with the
 * marks placed; false when the marks break the rules by themselves.
 * bands: the corner square in bands of likelihood (finds a solution
 * sooner; an exhaustive search only pays for walking the square again).
 * cuts: the look one cell ahead and the next ring's chains. */
static bool run_init(const ts_ctx *x, ts_run *r, int corner, const int *marks, int nmarks, bool bands,
                     bool cuts)
{
    int n = x->n, nt = x->ntypes;
    memset(r, 0, sizeof *r);
    r->order = xcalloc((size_t)x->cells, sizeof *r->order);
    r->place = xcalloc((size_t)x->cells, sizeof *r->place);
    r->left = xcalloc((size_t)nt, sizeof *r->left);
    r->cand = xcalloc((size_t)(x->cells * nt) + 1, sizeof *r->cand);
    r->ncand = xcalloc((size_t)x->cells + 1, sizeof *r->ncand);
    r->pos = xcalloc((size_t)x->cells + 1, sizeof *r->pos);
    for (int c = 0; c < x->cells; c++)
        r->place[c] = -1;
    for (int k = 0; k < nt; k++) {
        r->left[k] = x->count[k];
        r->avail.w[k / 64] |= 1ULL << (k % 64);
    }
    for (int s = 0; s < 4; s++) {
        r->slots[s] = n;
        for (int v = 0; v < TS_VALUES; v++)
            r->def[s] += x->need[s][v];
    }
    bool ok = true;
    for (int i = 0; i < nmarks; i++) {
        int c = marks[i] / nt, k = marks[i] % nt;
        if (marks[i] < 0 || c >= x->cells || r->place[c] >= 0 || r->left[k] == 0) {
            ok = false;
            break;
        }
        ok = put(x, r, c, k) && ok;
    }
    for (int c = 0; c < x->cells && ok; c++)
        for (int s = TV_RIGHT; s <= TV_BOTTOM; s++) {
            int d = neighbour(x, c, s);
            if (r->place[c] >= 0 && d >= 0 && r->place[d] >= 0 &&
                x->type[r->place[c]][s] != x->type[r->place[d]][(s + 2) % 4])
                ok = false;
        }
    /* rings around the corner: row y < k of column k, then row k */
    for (int k = 0; k < n; k++)
        for (int i = 0; i < 2 * k + 1; i++) {
            int px = i < k ? k : i - k, py = i < k ? i : k;
            if (corner & 1)
                px = n - 1 - px;
            if (corner & 2)
                py = n - 1 - py;
            if (r->place[py * n + px] < 0)
                r->order[r->norder++] = py * n + px;
        }
    /* the neighbours each level's cell meets already placed: marked ones
     * and those of earlier levels */
    r->cons_cell = xcalloc((size_t)r->norder + 1, sizeof *r->cons_cell);
    r->cons_face = xcalloc((size_t)r->norder + 1, sizeof *r->cons_face);
    r->ncons = xcalloc((size_t)r->norder + 1, sizeof *r->ncons);
    int *level = xcalloc((size_t)x->cells, sizeof *level);
    for (int c = 0; c < x->cells; c++)
        level[c] = r->place[c] >= 0 ? -1 : x->cells;
    for (int d = 0; d < r->norder; d++)
        level[r->order[d]] = d;
    for (int d = 0; d < r->norder; d++)
        for (int s = 0; s < 4; s++) {
            int nb = neighbour(x, r->order[d], s);
            if (nb >= 0 && level[nb] < d) {
                r->cons_cell[d][r->ncons[d]] = nb;
                r->cons_face[d][r->ncons[d]++] = (unsigned char)((s + 2) % 4);
            }
        }
    /* the next ring's chains (chain_ok): with no marks (then every cell's
     * first placed neighbour is a level) */
    r->chain = cuts && nmarks == 0;
    r->nchain = xcalloc((size_t)r->norder + 1, sizeof *r->nchain);
    r->chain_side = xcalloc((size_t)r->norder + 1, sizeof *r->chain_side);
    r->chain_link = xcalloc((size_t)r->norder + 1, sizeof *r->chain_link);
    r->chain_prev = xcalloc((size_t)r->norder + 1, sizeof *r->chain_prev);
    r->chain_set = xcalloc((size_t)(2 * r->norder + 2), sizeof *r->chain_set);
    r->chain_z = xcalloc((size_t)(2 * r->norder + 2), sizeof *r->chain_z);
    r->chain_z_side = xcalloc((size_t)(2 * r->norder + 2), sizeof *r->chain_z_side);
    memset(r->chain_z_side, -1, (size_t)(2 * r->norder + 2));
    r->join_a = xcalloc((size_t)r->norder + 1, sizeof *r->join_a);
    r->join_b = xcalloc((size_t)r->norder + 1, sizeof *r->join_b);
    if (r->chain) {
        /* first[o]: the level of o's first placed neighbour; slot[o]: the
         * index of o's chain set */
        int *first = xcalloc((size_t)x->cells, sizeof *first), *slot = xcalloc((size_t)x->cells, sizeof *slot);
        for (int o = 0; o < x->cells; o++) {
            first[o] = x->cells;
            slot[o] = -1;
            for (int s = 0; s < 4; s++) {
                int nb = neighbour(x, o, s);
                if (nb >= 0 && level[nb] < first[o])
                    first[o] = level[nb];
            }
        }
        for (int d = 0; d < r->norder; d++) {
            int c = r->order[d];
            for (int s = 0; s < 4; s++) {
                int o = neighbour(x, c, s);
                if (o < 0 || first[o] != d || level[o] <= d || r->nchain[d] == 2)
                    continue;
                int j = r->nchain[d]++, best = -1;
                r->chain_side[d][j] = (unsigned char)s;
                r->chain_prev[d][j] = -1;
                slot[o] = d * 2 + j;
                /* the cell before o in its arm: empty when o gets its
                 * first neighbour, and given its own chain set earlier */
                for (int t = 0; t < 4; t++) {
                    int o2 = neighbour(x, o, t);
                    if (o2 >= 0 && level[o2] > d && first[o2] < d && slot[o2] >= 0 && first[o2] > best) {
                        best = first[o2];
                        r->chain_prev[d][j] = slot[o2];
                        r->chain_link[d][j] = (unsigned char)((t + 2) % 4);
                    }
                }
            }
        }
        for (int d = 0; d < r->norder; d++) {
            r->join_a[d] = -1;
            if (r->nchain[d] != 2)
                continue;
            int oa = neighbour(x, r->order[d], r->chain_side[d][0]);
            int ob = neighbour(x, r->order[d], r->chain_side[d][1]);
            for (int sa = 0; sa < 4; sa++)
                for (int sb = 0; sb < 4; sb++) {
                    int ja = neighbour(x, oa, sa);
                    if (ja >= 0 && ja != r->order[d] && ja == neighbour(x, ob, sb) && level[ja] > d) {
                        r->join_a[d] = (signed char)sa;
                        r->join_b[d] = (signed char)sb;
                    }
                }
        }
        free(first);
        free(slot);
    }
    free(level);
    /* one cell ahead (candidates_in): not in the generator's walk, so
     * that its step counts, which it budgets by, stay as they were */
    r->ahead = cuts;
    r->ahead_other = xcalloc((size_t)r->norder + 1, sizeof *r->ahead_other);
    r->ahead_face = xcalloc((size_t)r->norder + 1, sizeof *r->ahead_face);
    r->ahead_other_face = xcalloc((size_t)r->norder + 1, sizeof *r->ahead_other_face);
    for (int d = 0; d < r->norder; d++) {
        r->ahead_other[d] = -1;
        if (d + 1 >= r->norder || r->ncons[d + 1] != 2)
            continue;
        for (int j = 0; j < 2; j++)
            if (r->cons_cell[d + 1][j] == r->order[d]) {
                r->ahead_face[d] = r->cons_face[d + 1][j];
                r->ahead_other[d] = r->cons_cell[d + 1][1 - j];
                r->ahead_other_face[d] = r->cons_face[d + 1][1 - j];
            }
    }
    r->pos[0] = -1;
    r->psc = xcalloc((size_t)r->norder + 1, sizeof *r->psc);
    r->pmatch = xcalloc((size_t)r->norder + 1, sizeof *r->pmatch);
    r->psc[0] = 1;
    r->prefix = nmarks > 0 || !bands ? 0 : r->norder < TS_SQUARE * TS_SQUARE ? r->norder : TS_SQUARE * TS_SQUARE;
    r->hi = HUGE_VAL;
    r->lo = r->prefix > 0 ? TS_FIRST_BAND : 0;
    return ok;
}

/* The tiles showing, on side (t + 2) % 4, a number that some tile of ps
 * shows on side t: the union of what each may have on side t (fit).  The
 * sets are small (about four types at 9x9), so a union of their fit sets
 * is cheaper than gathering their numbers first. */
static inline tset linkable(const ts_ctx *x, const tset *ps, int t, int words)
{
    tset z = {{0}};
    for (int i = 0; i < words; i++)
        for (uint64_t w = ps->w[i]; w; w &= w - 1) {
            const tset *f = &x->fit[i * 64 + __builtin_ctzll(w)][t];
            for (int j = 0; j < words; j++)
                z.w[j] |= f->w[j];
        }
    return z;
}

/* m &= linkable(chain set p, t), kept with the set for the next call */
static inline void link_to(const ts_ctx *x, ts_run *r, int p, int t, tset *m, int words)
{
    if (r->chain_z_side[p] != t) {
        r->chain_z[p] = linkable(x, &r->chain_set[p], t, words);
        r->chain_z_side[p] = (signed char)t;
    }
    for (int i = 0; i < words; i++)
        m->w[i] &= r->chain_z[p].w[i];
}

/* The next ring's chains, after level d's tile is placed: each empty cell
 * it is the first placed neighbour of needs a tile left that meets it and
 * meets some tile of the chain set of the cell before it in its arm (the
 * tiles that could lie there, by the same rule); such a set is a superset
 * of what the cell can hold, so an empty one proves the walk below level d
 * finds nothing.  It cuts a ring's second arm when the next ring's first
 * arm, which the first arm alone bounds, cannot be laid.  Where both arms'
 * last cells get their sets (the ring's corner), the next ring's corner,
 * which touches both, needs a tile that meets some tile of each. */
static bool chain_ok(const ts_ctx *x, ts_run *r, int d, int words)
{
    int k = r->place[r->order[d]];
    for (int j = 0; j < r->nchain[d]; j++) {
        tset m = r->avail;
        const tset *f = &x->fit[k][r->chain_side[d][j]];
        for (int i = 0; i < words; i++)
            m.w[i] &= f->w[i];
        int p = r->chain_prev[d][j];
        if (p >= 0)
            link_to(x, r, p, r->chain_link[d][j], &m, words);
        uint64_t any = 0;
        for (int i = 0; i < words; i++)
            any |= m.w[i];
        if (!any)
            return false;
        r->chain_set[d * 2 + j] = m;
        r->chain_z_side[d * 2 + j] = -1;
    }
    if (r->join_a[d] >= 0) {
        tset m = r->avail;
        link_to(x, r, d * 2, r->join_a[d], &m, words);
        link_to(x, r, d * 2 + 1, r->join_b[d], &m, words);
        uint64_t any = 0;
        for (int i = 0; i < words; i++)
            any |= m.w[i];
        if (!any)
            return false;
    }
    return true;
}

/* Up to `steps` placements: 1 solved, 0 no solution, -1 not yet known. */
static int run_steps(const ts_ctx *x, ts_run *r, long steps)
{
    int nt = x->ntypes;
    while (steps-- > 0) {
        int d = r->depth;
        if (d == r->norder)
            return 1;
        int c = r->order[d];
        if (r->pos[d] < 0) {
            r->ncand[d] = candidates(x, r, d, r->cand + d * nt);
            r->pos[d] = 0;
            if (d < r->prefix) {
                /* every candidate meets the same numbers of the placed
                 * neighbours, so this factor is the level's alone */
                double m = 1;
                for (int j = 0; j < r->ncons[d]; j++) {
                    int f = r->cons_face[d][j];
                    m *= x->match[f % 2][x->type[r->place[r->cons_cell[d][j]]][f]];
                }
                r->pmatch[d] = m;
            }
        }
        if (r->pos[d] < r->ncand[d]) {
            int k = r->cand[d * nt + r->pos[d]++];
            if (d < r->prefix) {
                /* the corner square's likelihood must lie in this band;
                 * candidates come likeliest first, so below it none do */
                double sc = r->psc[d] * r->pmatch[d] * x->score[x->cls[c] * nt + k];
                if (sc < r->lo) {
                    r->pos[d] = r->ncand[d];
                    continue;
                }
                if (d == r->prefix - 1 && sc >= r->hi)
                    continue;
                r->psc[d + 1] = sc;
            }
            if (put(x, r, c, k) &&
                (!r->chain || (x->words <= 2 ? chain_ok(x, r, d, 2) : chain_ok(x, r, d, TS_WORDS)))) {
                r->depth++;
                r->pos[r->depth] = -1;
            } else {
                take(x, r, c);
            }
        } else if (d > r->floor) {
            r->depth--;
            take(x, r, r->order[r->depth]);
        } else if (r->lo > 0) {
            /* the band is done: the next, less likely one */
            r->hi = r->lo;
            r->lo = r->lo < TS_LAST_BAND ? 0 : r->lo / TS_BAND;
            r->pos[0] = -1;
        } else {
            return 0;
        }
    }
    return r->depth == r->norder ? 1 : -1;
}

/* Knuth's estimate of the size of corner `corner`'s exhaustive walk
 * (placements tried, no marks, no bands): down one random path, the
 * product of the candidate counts met so far, summed over the levels, is
 * an unbiased estimate of the tree's size; the mean over `probes` paths
 * drawn with g.  A few milliseconds at 9x9 for 2000 paths. */
static double walk_estimate(const ts_ctx *x, int corner, const int *marks, int nmarks, rng *g,
                            int probes)
{
    ts_run run;
    double sum = 0;
    if (run_init(x, &run, corner, marks, nmarks, false, false)) {
        int *cand = xcalloc((size_t)x->ntypes + 1, sizeof *cand);
        for (int p = 0; p < probes; p++) {
            double width = 1;
            int d = 0;
            while (d < run.norder) {
                int nc = candidates(x, &run, d, cand);
                if (nc == 0)
                    break;
                width *= nc;
                sum += width;
                int c = run.order[d];
                if (!put(x, &run, c, cand[rng_below(g, nc)])) {
                    take(x, &run, c);
                    break;
                }
                d++;
            }
            while (d > 0)
                take(x, &run, run.order[--d]);
        }
        free(cand);
    }
    run_free(&run);
    return probes > 0 ? sum / probes : 0;
}

/* The corners take turns of TS_SLICE placements.  A round gives each
 * corner up to TS_ROUND_TURNS turns, the corners side by side on threads;
 * the corner that finishes first (solved, or proved that nothing fits) in
 * the order of turns, then corners, wins, as it would if one thread gave
 * them their turns one by one: so the answer is the same on any number of
 * threads.  A corner stops early once a turn before its own has won. */
#define TS_ROUND_TURNS 8

typedef struct {
    const ts_ctx *x;
    ts_run *runs;
    long first_turn;        /* the round's */
    int st[TS_CORNERS];     /* 1 solved, 0 nothing fits, -1 not yet known */
    atomic_long winner;     /* turn * TS_CORNERS + corner of the first to finish */
} ts_round;

static void corner_turns(jobs *jb, void *ctx, int corner, const atomic_bool *cancel)
{
    ts_round *rd = ctx;
    (void)jb;
    (void)cancel; /* nothing cancels a round: take_turns never stops */
    rd->st[corner] = -1;
    for (long t = rd->first_turn; t < rd->first_turn + TS_ROUND_TURNS; t++) {
        long key = t * TS_CORNERS + corner;
        if (key > atomic_load(&rd->winner))
            return;
        int st = run_steps(rd->x, &rd->runs[corner], TS_SLICE);
        if (st >= 0) {
            rd->st[corner] = st;
            long w = atomic_load(&rd->winner);
            while (key < w && !atomic_compare_exchange_weak(&rd->winner, &w, key))
                ;
            return;
        }
    }
}

static bool take_turns(void *ctx, int corner)
{
    (void)ctx;
    (void)corner;
    return true;
}

/* The engine's guess (assist_guess_fn): the four searches take turns. */
static int search(void *ctx, const int *marks, int nmarks, const sat_budget *b, int_vec *facts_out)
{
    const ts_ctx *x = ctx;
    ts_run runs[TS_CORNERS];
    bool ok = true;
    for (int i = 0; i < TS_CORNERS; i++)
        ok = run_init(x, &runs[i], i, marks, nmarks, true, true) && ok;
    double now = monotonic_seconds();
    double deadline = b && b->seconds > 0 ? now + b->seconds : 0, next_poll = now + 0.03;
    long limit = nmarks > 0 ? TS_MARKED_STEPS / TS_SLICE : 0; /* turns */
    int st = ok ? -1 : 0, found = -1, threads = jobs_threads(TS_CORNERS);
    bool cancelled = false;
    ts_round rd = {.x = x, .runs = runs};
    atomic_init(&rd.winner, LONG_MAX);
    job_spec spec = {corner_turns, take_turns, &rd};
    while (st < 0 && !cancelled) {
        jobs_run(&spec, TS_CORNERS, threads);
        long w = atomic_load(&rd.winner);
        if (w != LONG_MAX) {
            st = rd.st[w % TS_CORNERS];
            if (st > 0)
                found = (int)(w % TS_CORNERS);
            break;
        }
        rd.first_turn += TS_ROUND_TURNS;
        now = monotonic_seconds();
        if ((deadline > 0 && now >= deadline) || (limit > 0 && rd.first_turn >= limit)) {
            st = 0;
        } else if (b && b->poll && now >= next_poll) {
            next_poll = now + 0.03;
            cancelled = b->poll(b->poll_ctx);
        }
    }
    if (found >= 0) {
        facts_out->n = 0;
        for (int c = 0; c < x->cells; c++)
            vec_push(facts_out, c * x->ntypes + runs[found].place[c]);
    }
    for (int i = 0; i < TS_CORNERS; i++)
        run_free(&runs[i]);
    return cancelled ? -1 : st;
}

int tetravex_search(const tetravex_puzzle *t, const int *marks, int nmarks, const sat_budget *b,
                    int_vec *facts_out)
{
    ts_ctx *x = make_ctx(t);
    int st = search(x, marks, nmarks, b, facts_out);
    free_ctx(x);
    return st;
}

void tetravex_search_attach(const tetravex_puzzle *t, assist *a)
{
    assist_set_guess(a, search, make_ctx(t), free_ctx);
}

/* The corner whose exhaustive walk under the marks Knuth's estimate says
 * is smallest: walks from different corners differ up to tenfold at 9x9
 * (bench/NOTES.md), and any corner's walk is complete.  TS_PROBES paths a
 * corner from TS_PROBE_CELLS cells up, from a fixed seed so that the
 * choice is the same on every run; smaller boards get TS_SMALL_PROBES
 * (their walks take a second at most, and 8x8 ones differ little between
 * corners), but get them all the same, so that the counts checked by
 * brute force on them go through every corner. */
#define TS_PROBE_CELLS 81
#define TS_PROBES 2000
#define TS_SMALL_PROBES 100
#define TS_PROBE_SEED 20261128u

static int cheapest_corner(const ts_ctx *x, const int *marks, int nmarks)
{
    int probes = x->cells < TS_PROBE_CELLS ? TS_SMALL_PROBES : TS_PROBES;
    int best = 0;
    double least = HUGE_VAL;
    for (int c = 0; c < TS_CORNERS; c++) {
        rng g;
        rng_seed(&g, TS_PROBE_SEED);
        double size = walk_estimate(x, c, marks, nmarks, &g, probes);
        if (size < least) {
            least = size;
            best = c;
        }
    }
    return best;
}

/* The enumerator's walk split into subtrees, walked side by side.  The
 * first `depth` levels are laid in every way the walk itself would lay
 * them (the same candidates and cuts), and each such prefix is one
 * subtree, walked by whichever thread takes it next: the subtrees
 * partition the walk, so together they list every solution once.  The
 * caller's thread polls and keeps the deadline; solutions are handed on
 * in subtree order, which is the single walk's order. */
#define TS_SPLIT_MIN 64     /* subtrees wanted, enough to balance two threads */
#define TS_SPLIT_LEVELS 12  /* at most this deep */

typedef struct {
    const ts_ctx *x;
    const int *marks;
    int nmarks, corner, depth, nsub;
    int *prefix;            /* nsub * depth tile types */
    int_vec *sols;          /* per subtree: its solutions' facts, cells each */
    bool *complete;         /* per subtree: walked to the end */
    atomic_int next;
    atomic_bool stop;
    atomic_long found;
    atomic_bool other_done;
    long limit;
} ts_split;

/* Lists the prefixes of `depth` levels below level d into out. */
static void split_prefixes(const ts_ctx *x, ts_run *r, int d, int depth, int_vec *out)
{
    if (d == depth) {
        for (int i = 0; i < depth; i++)
            vec_push(out, r->place[r->order[i]]);
        return;
    }
    int *cand = xcalloc((size_t)x->ntypes + 1, sizeof *cand);
    int nc = candidates(x, r, d, cand);
    for (int i = 0; i < nc; i++) {
        int c = r->order[d];
        if (put(x, r, c, cand[i]) &&
            (!r->chain || (x->words <= 2 ? chain_ok(x, r, d, 2) : chain_ok(x, r, d, TS_WORDS))))
            split_prefixes(x, r, d + 1, depth, out);
        take(x, r, c);
    }
    free(cand);
}

/* Walks subtree k on run r (its prefix laid afresh); false when stopped. */
static bool walk_subtree(ts_split *sp, ts_run *r, int k, bool caller, double deadline,
                         const sat_budget *b)
{
    const ts_ctx *x = sp->x;
    while (r->depth > 0)
        take(x, r, r->order[--r->depth]);
    for (int d = 0; d < sp->depth; d++) {
        bool ok = put(x, r, r->order[d], sp->prefix[k * sp->depth + d]);
        ok = ok && (!r->chain || chain_ok(x, r, d, TS_WORDS));
        assert(ok); /* split_prefixes laid it so */
        (void)ok;
        r->depth = d + 1;
    }
    r->floor = sp->depth;
    r->pos[r->depth] = -1;
    double next_poll = monotonic_seconds() + 0.03;
    for (;;) {
        if (atomic_load(&sp->stop))
            return false;
        int st = run_steps(x, r, TS_SLICE);
        if (st == 1) {
            for (int c = 0; c < x->cells; c++)
                vec_push(&sp->sols[k], c * x->ntypes + r->place[c]);
            if (atomic_fetch_add(&sp->found, 1) + 1 > sp->limit) {
                atomic_store(&sp->stop, true);
                return false;
            }
            r->depth--;
            take(x, r, r->order[r->depth]);
        } else if (st == 0) {
            return true;
        }
        if (caller) {
            double now = monotonic_seconds();
            if ((deadline > 0 && now >= deadline) ||
                (b && b->poll && now >= next_poll && b->poll(b->poll_ctx)))
                atomic_store(&sp->stop, true);
            if (now >= next_poll)
                next_poll = now + 0.03;
        }
    }
}

static void walk_subtrees(ts_split *sp, bool caller, double deadline, const sat_budget *b)
{
    ts_run run;
    if (run_init(sp->x, &run, sp->corner, sp->marks, sp->nmarks, false, true))
        for (int k; !atomic_load(&sp->stop) && (k = atomic_fetch_add(&sp->next, 1)) < sp->nsub;)
            if (!sp->complete[k]) /* else walked by an earlier ask (tetravex_walk_recall) */
                sp->complete[k] = walk_subtree(sp, &run, k, caller, deadline, b);
    run_free(&run);
}

static void *walk_subtrees_thread(void *arg)
{
    ts_split *sp = arg;
    walk_subtrees(sp, false, 0, NULL);
    atomic_store(&sp->other_done, true);
    return NULL;
}

/* As enumerate_steps with cuts, on up to two threads; -2: not worth
 * splitting (a small board, one thread, or a walk too shallow).  The
 * subtrees an earlier ask on the same board finished are not walked
 * again, and those this one finishes are kept (tetravex_walk_memo.c). */
static int enumerate_split(const tetravex_puzzle *t, const ts_ctx *x, int corner, const int *marks, int nmarks,
                           long limit, const sat_budget *b, assist_solution_fn add, void *add_ctx)
{
    if (x->cells < 49 || jobs_threads(2) < 2)
        return -2;
    ts_run run;
    if (!run_init(x, &run, corner, marks, nmarks, false, true)) {
        run_free(&run);
        return 1;
    }
    int_vec pre = {0};
    int depth = 0;
    /* the first depth with enough subtrees (a walk that dies out early
     * has none at any depth, and then none is walked: no solution) */
    while (depth < TS_SPLIT_LEVELS && depth + 1 < run.norder &&
           (depth == 0 || pre.n / depth < TS_SPLIT_MIN)) {
        depth++;
        pre.n = 0;
        split_prefixes(x, &run, 0, depth, &pre);
    }
    run_free(&run);
    if (depth == 0) {
        vec_free(&pre);
        return -2;
    }
    ts_split sp = {.x = x, .marks = marks, .nmarks = nmarks, .corner = corner, .depth = depth,
                   .nsub = pre.n / depth, .prefix = pre.v, .limit = limit};
    sp.sols = xcalloc((size_t)sp.nsub + 1, sizeof *sp.sols);
    sp.complete = xcalloc((size_t)sp.nsub + 1, sizeof *sp.complete);
    tetravex_walk_key key = {.marks = marks, .nmarks = nmarks, .corner = corner, .depth = depth,
                             .nsub = sp.nsub, .prefix = pre.v};
    long recalled = tetravex_walk_recall(t, &key, sp.complete, sp.sols);
    atomic_init(&sp.next, 0);
    atomic_init(&sp.stop, recalled > limit);
    atomic_init(&sp.found, recalled);
    atomic_init(&sp.other_done, false);
    double deadline = b && b->seconds > 0 ? monotonic_seconds() + b->seconds : 0;
    pthread_t other;
    bool two = pthread_create(&other, NULL, walk_subtrees_thread, &sp) == 0;
    walk_subtrees(&sp, true, deadline, b);
    /* the caller's share is done: it keeps the deadline and the poll
     * while the other thread ends its last subtree */
    while (two && !atomic_load(&sp.other_done)) {
        double now = monotonic_seconds();
        if ((deadline > 0 && now >= deadline) || (b && b->poll && b->poll(b->poll_ctx)))
            atomic_store(&sp.stop, true);
        nanosleep(&(struct timespec){.tv_nsec = 1000000}, NULL);
    }
    if (two)
        pthread_join(other, NULL);
    tetravex_walk_keep(t, &key, sp.complete, sp.sols);
    int st = 1;
    for (int k = 0; k < sp.nsub; k++)
        if (!sp.complete[k])
            st = atomic_load(&sp.found) > limit ? 0 : -1;
    long handed = 0;
    for (int k = 0; k < sp.nsub && handed <= limit; k++)
        for (int i = 0; i + x->cells <= sp.sols[k].n && handed <= limit; i += x->cells, handed++)
            add(add_ctx, sp.sols[k].v + i, x->cells);
    for (int k = 0; k < sp.nsub; k++)
        vec_free(&sp.sols[k]);
    free(sp.sols);
    free(sp.complete);
    vec_free(&pre);
    return st;
}

/* The family's enumerator (game_family.enumerate): every solution under
 * the marks, by the cheapest corner's search run to the end, with no likelihood
 * bands (order does not matter when every branch is walked).  A search is
 * complete and meets each arrangement of tile types once, so when it runs
 * out of candidates the list is every solution: a proof by exhaustion.
 * After a solution it backs up one level and goes on.  cuts: the walk
 * with the solve's cuts, split over two threads when worth it; without,
 * the generator's walk, whose budget max_steps counts placements. */
static int enumerate_steps(void *pz, const int *marks, int nmarks, long limit, const sat_budget *b,
                           long max_steps, bool cuts, assist_solution_fn add, void *add_ctx)
{
    ts_ctx *x = make_ctx(pz);
    long steps = 0;
    ts_run run;
    int corner = cheapest_corner(x, marks, nmarks);
    if (cuts && max_steps == 0) {
        int st = enumerate_split(pz, x, corner, marks, nmarks, limit, b, add, add_ctx);
        if (st != -2) {
            free_ctx(x);
            return st;
        }
    }
    int st = run_init(x, &run, corner, marks, nmarks, false, cuts) ? -2 : 1; /* -2: going on */
    double now = monotonic_seconds();
    double deadline = b && b->seconds > 0 ? now + b->seconds : 0, next_poll = now + 0.03;
    int *facts = xcalloc((size_t)x->cells + 1, sizeof *facts);
    long found = 0;
    while (st == -2) {
        int r = run_steps(x, &run, TS_SLICE);
        if (r == 1) {
            for (int c = 0; c < x->cells; c++)
                facts[c] = c * x->ntypes + run.place[c];
            add(add_ctx, facts, x->cells);
            if (++found > limit) {
                st = 0;
                break;
            }
            if (run.norder == 0) { /* the marks filled the board: nothing else */
                st = 1;
                break;
            }
            run.depth--;
            take(x, &run, run.order[run.depth]);
            continue;
        }
        if (r == 0) {
            st = 1;
            break;
        }
        steps += TS_SLICE;
        if (max_steps > 0 && steps >= max_steps) {
            st = -1;
            break;
        }
        now = monotonic_seconds();
        if ((deadline > 0 && now >= deadline) || (b && b->poll && now >= next_poll && b->poll(b->poll_ctx)))
            st = -1;
        if (b && b->poll && now >= next_poll)
            next_poll = now + 0.03;
    }
    free(facts);
    run_free(&run);
    free_ctx(x);
    return st;
}

int tetravex_enumerate(void *pz, const int *marks, int nmarks, long limit, const sat_budget *b,
                       assist_solution_fn add, void *add_ctx)
{
    return enumerate_steps(pz, marks, nmarks, limit, b, 0, true, add, add_ctx);
}

typedef struct {
    long found;
} count_ctx;

static void count_one(void *ctx, const int *facts, int n)
{
    (void)facts;
    (void)n;
    ((count_ctx *)ctx)->found++;
}

/* The family's count (game_family.count): the enumerator run to the end
 * or to the limit, in place of one SAT call per solution (CDCL needs
 * minutes to prove a 9x9 board unique).  Identical tiles are one type, so
 * solutions are counted as assist_count counts them. */
assist_status tetravex_count(const void *pz, assist *a, const int *marks, int nmarks, long limit,
                             double seconds, long *count)
{
    (void)a;
    *count = 0;
    if (limit < 1)
        return ASSIST_OK;
    sat_budget b = {.seconds = seconds};
    count_ctx cc = {0};
    /* the enumerator stops after limit + 1 solutions: ask for limit - 1 */
    int st = tetravex_enumerate((void *)pz, marks, nmarks, limit - 1, seconds > 0 ? &b : NULL, count_one, &cc);
    if (st < 0)
        return ASSIST_UNKNOWN;
    *count = cc.found < limit ? cc.found : limit;
    return ASSIST_OK;
}

bool tetravex_count_steps(const tetravex_puzzle *t, long limit, long max_steps, long *count)
{
    count_ctx cc = {0};
    *count = 0;
    if (limit < 1)
        return true;
    if (enumerate_steps((void *)t, NULL, 0, limit - 1, NULL, max_steps, false, count_one, &cc) < 0)
        return false;
    *count = cc.found < limit ? cc.found : limit;
    return true;
}

double tetravex_walk_estimate(const tetravex_puzzle *t, rng *g, int probes)
{
    ts_ctx *x = make_ctx(t);
    double least = HUGE_VAL;
    for (int c = 0; c < TS_CORNERS; c++) {
        double size = walk_estimate(x, c, NULL, 0, g, probes);
        if (size < least)
            least = size;
    }
    free_ctx(x);
    return least;
}
