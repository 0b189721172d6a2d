/* tetravex_search.c: a dedicated Tetravex search whose solution the engine
 * confirms with one solver call (assist_set_guess); CDCL stays the fallback.
 *
 * Why: on random boards with ten numbers CaDiCaL needs seconds at 8x8 and
 * minutes at 9x9 whatever the encoding, while a plain depth-first search
 * that fills the board in growing squares from a corner (every new cell
 * but two per ring already has its top and left neighbours, so it has few
 * candidates) does 10^7-10^8 placements a second with bitsets.  Three
 * things make it fast enough (measured in bench/tetravex.sh):
 *  - the order: rings around a corner, not rows (8x8: 0.08 s against 10 s);
 *  - the tiles likely to lie on the board's border are tried first on
 *    border cells: a tile's top number v is on the top border at least
 *    (tops with v) - (bottoms with v) times, and with the border numbers
 *    uniform (Poisson) that difference gives the expected number of v tops
 *    on the border, hence each tile's chance to be there;
 *  - the same difference bounds the border from below: a search whose top
 *    row cannot hold every top number it still needs is cut off;
 *  - four searches, one from each corner, take turns (2^16 placements
 *    each): where the true corner tile ranks first differs wildly between
 *    corners, and the turns bound the time by four times the luckiest.
 * Identical tiles are one type with a count, so they never multiply the
 * search.  Every search is complete, so one that runs out of candidates
 * proves there is no solution under the marks (the solver still decides). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "games/tetravex.h"

#define TS_WORDS 3 /* bitsets over up to 192 tile types (12x12 is 144) */
#define TS_VALUES 10
#define TS_CORNERS 4
#define TS_SLICE 65536L
/* With marks the player's tiles may be wrong, and proving that can take
 * the search as long as solving: after this many placements per corner the
 * solver takes over. */
#define TS_MARKED_STEPS (1L << 23)

typedef struct {
    uint64_t w[TS_WORDS];
} tset;

typedef struct {
    int n, cells, ntypes;
    unsigned char (*type)[4]; /* the numbers of each tile type */
    int *count;               /* tiles of each type */
    tset mask[4][TS_VALUES];  /* types showing value v on side s */
    int need[4][TS_VALUES];   /* border cells on side s showing v: at least */
    double *score;            /* [cell class * ntypes + type]: try high first */
} ts_ctx;

typedef struct {
    int *order, norder; /* the empty cells, in the order they are filled */
    int *place;         /* cell -> type, or -1 */
    int *left;          /* type -> tiles not placed */
    tset avail;         /* types with tiles left */
    int onb[4][TS_VALUES], def[4], slots[4];
    int depth;
    int *cand, *ncand, *pos; /* per level: candidates, how many, next one */
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
    free(x->count);
    free(x->score);
    free(x);
}

/* E[on the border | (side s with v) - (opposite side with v) = d]: the
 * border counts of v on both sides as independent Poisson(lambda). */
static double border_expect(int with_v, int d, double lambda)
{
    double sw = 0, sa = 0;
    for (int b = d > 0 ? d : 0; b <= with_v; b++) {
        double w = exp((2 * b - d) * log(lambda) - lgamma(b + 1) - lgamma(b - d + 1));
        sw += w;
        sa += b * w;
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
    double lambda = (double)t->n / values, p[4][TS_VALUES];
    for (int s = 0; s < 4; s++)
        for (int v = 0; v < TS_VALUES; v++) {
            int d = with[s][v] - with[(s + 2) % 4][v];
            x->need[s][v] = d > 0 ? d : 0;
            p[s][v] = with[s][v] ? border_expect(with[s][v], d, lambda) / with[s][v] : 0;
            if (p[s][v] > 1)
                p[s][v] = 1;
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
    for (int s = 0; s < 4; s++)
        if (on_border(x, c, s)) {
            int v = x->type[k][s];
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
    for (int s = 0; s < 4; s++)
        if (on_border(x, c, s)) {
            int v = x->type[k][s];
            if (--r->onb[s][v] < x->need[s][v])
                r->def[s]++;
            r->slots[s]++;
        }
}

/* The types that fit cell c, the likeliest first. */
static int candidates(const ts_ctx *x, const ts_run *r, int c, int *out)
{
    tset m = r->avail;
    for (int s = 0; s < 4; s++) {
        int d = neighbour(x, c, s);
        if (d >= 0 && r->place[d] >= 0) {
            const tset *f = &x->mask[s][x->type[r->place[d]][(s + 2) % 4]];
            for (int i = 0; i < TS_WORDS; i++)
                m.w[i] &= f->w[i];
        }
    }
    const double *sc = x->score + cell_class(x, c) * x->ntypes;
    int q = 0;
    for (int i = 0; i < TS_WORDS; i++)
        for (uint64_t w = m.w[i]; w; w &= w - 1) {
            int k = i * 64 + __builtin_ctzll(w), j = q++;
            while (j > 0 && sc[out[j - 1]] < sc[k]) {
                out[j] = out[j - 1];
                j--;
            }
            out[j] = k;
        }
    return q;
}

static void run_free(ts_run *r)
{
    free(r->order);
    free(r->place);
    free(r->left);
    free(r->cand);
    free(r->ncand);
    free(r->pos);
}

/* A search from corner `corner` (bit 0: right, bit 1: bottom) with the
 * marks placed; false when the marks break the rules by themselves. */
static bool run_init(const ts_ctx *x, ts_run *r, int corner, const int *marks, int nmarks)
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
    r->pos[0] = -1;
    return ok;
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
            r->ncand[d] = candidates(x, r, c, r->cand + d * nt);
            r->pos[d] = 0;
        }
        if (r->pos[d] < r->ncand[d]) {
            if (put(x, r, c, r->cand[d * nt + r->pos[d]++])) {
                r->depth++;
                r->pos[r->depth] = -1;
            } else {
                take(x, r, c);
            }
        } else {
            if (d == 0)
                return 0;
            r->depth--;
            take(x, r, r->order[r->depth]);
        }
    }
    return r->depth == r->norder ? 1 : -1;
}

/* The engine's guess (assist_guess_fn): the four searches take turns. */
static int search(void *ctx, const int *marks, int nmarks, const sat_budget *b, int_vec *facts_out)
{
    const ts_ctx *x = ctx;
    ts_run runs[TS_CORNERS];
    bool ok = true;
    for (int i = 0; i < TS_CORNERS; i++)
        ok = run_init(x, &runs[i], i, marks, nmarks) && ok;
    double now = monotonic_seconds();
    double deadline = b && b->seconds > 0 ? now + b->seconds : 0, next_poll = now + 0.03;
    long done = 0, limit = nmarks > 0 ? TS_MARKED_STEPS : 0;
    int st = ok ? -1 : 0, found = -1;
    bool cancelled = false;
    while (st < 0 && !cancelled) {
        for (int i = 0; i < TS_CORNERS && st < 0; i++) {
            st = run_steps(x, &runs[i], TS_SLICE);
            if (st > 0)
                found = i;
        }
        done += TS_SLICE;
        if (st >= 0)
            break;
        now = monotonic_seconds();
        if ((deadline > 0 && now >= deadline) || (limit > 0 && done >= limit)) {
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
