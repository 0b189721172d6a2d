/* hexiom_count.c: exact solution counts by dynamic programming over the
 * board in reading order, for levels with far too many solutions to
 * enumerate one SAT call at a time (level 39 has hundreds of thousands). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/hexiom.h"

/* A solution is fixed by which slots are occupied: each tile's value is
 * its count of occupied neighbours.  So decide the cells one by one in
 * reading order and keep, for every distinct partial board, only what the
 * rest of the board can still see:
 *   - the FRONTIER: decided cells with a neighbour still undecided, each
 *     as 3 bits (0 empty, 1 + neighbours occupied so far when occupied);
 *   - how many tiles of each value the finished cells used.
 * A cell is finished when its last neighbour (in reading order) is
 * decided: its count is then final and must be a value still in stock.
 * Partial boards that agree on both have the same completions, so the DP
 * adds up their numbers.  The frontier is about one row long.  Partial
 * boards that the tiles left cannot finish are dropped at once (the stock
 * and value-sum bounds below): without them level 38 takes 20 times as long. */

typedef struct {
    uint64_t key; /* frontier code | used-tiles code << fbits */
    uint64_t n;   /* partial boards with this key; 0 marks a free slot */
} entry;

/* Inserts wait in a small ring while their slot is prefetched: the table
 * is far bigger than the caches, and the DP is bound by these lookups. */
#define RING 16

typedef struct {
    entry *e;
    size_t cap, len;
    entry ring[RING];
    int nring, head;
} table;

static size_t slot_of(uint64_t key, size_t cap)
{
    uint64_t x = key * 0x9E3779B97F4A7C15ull;
    return (size_t)(x ^ (x >> 32)) & (cap - 1);
}

static void table_init(table *t, size_t cap)
{
    t->cap = cap;
    t->len = 0;
    t->e = xcalloc(cap, sizeof *t->e);
}

static void table_add(table *t, uint64_t key, uint64_t n);

static void table_grow(table *t)
{
    table old = *t; /* the ring stays as it is */
    table_init(t, old.cap * 2);
    for (size_t i = 0; i < old.cap; i++)
        if (old.e[i].n)
            table_add(t, old.e[i].key, old.e[i].n);
    free(old.e);
}

static void table_add(table *t, uint64_t key, uint64_t n)
{
    if (2 * (t->len + 1) > t->cap)
        table_grow(t);
    size_t i = slot_of(key, t->cap);
    while (t->e[i].n) {
        if (t->e[i].key == key) {
            t->e[i].n += n;
            return;
        }
        i = (i + 1) & (t->cap - 1);
    }
    t->e[i].key = key;
    t->e[i].n = n;
    t->len++;
}

static void table_add_later(table *t, uint64_t key, uint64_t n)
{
    if (t->nring == RING) {
        table_add(t, t->ring[t->head].key, t->ring[t->head].n);
        t->head = (t->head + 1) % RING;
        t->nring--;
    }
    entry *e = &t->ring[(t->head + t->nring++) % RING];
    e->key = key;
    e->n = n;
    __builtin_prefetch(&t->e[slot_of(key, t->cap)], 1);
}

static void table_flush(table *t)
{
    while (t->nring) {
        entry *old = &t->ring[t->head];
        table_add(t, old->key, old->n);
        t->head = (t->head + 1) % RING;
        t->nring--;
    }
}

/* Partial boards kept at once (16 bytes each, tables at most half full);
 * beyond this the DP gives up.  Level 39 peaks at 1.7 million; level 40
 * (side 6, only 16 empty slots) passes 3 million in its fifth row and
 * keeps growing, so it is left to enumeration. */
#define MAX_STATES (3u << 20)

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* What the cells after step j can still take, for the stock check: the
 * value range [lo, hi] of each new frontier cell is its count so far plus
 * what its undecided neighbours may add; undecided cells count as ranges
 * too (the ones that must hold a tile) or as capacity (the free ones). */
typedef struct {
    int nfront;
    int lo_add[64], hi_add[64], fval[64]; /* per new frontier position */
    int must_cnt[HEXIOM_VALUES][HEXIOM_VALUES]; /* undecided must-occupy cells by range [a][b] */
    int free_ge[HEXIOM_VALUES + 1], free_le[HEXIOM_VALUES]; /* undecided free cells reaching >= t / <= t */
    /* for the value-sum bound (see sum_feasible) */
    int edges2;     /* twice the edges among undecided cells that may be occupied */
    int empties;    /* empties still to choose among the free undecided cells, before the state's own */
    int nfree;      /* free undecided cells */
    int *top;       /* top[k]: sum of the k largest degrees among them (may-be-occupied neighbours) */
} step_info;

/* The value sum.  Let R be the cells not yet finished.  If every
 * undecided cell were occupied, the tiles in R would add up to
 *   all = sum over occupied open cells of (count so far + 2 * undecided
 *         neighbours) + twice the edges among undecided cells;
 * each empty z among the undecided cells then takes away 2*deg(z), and
 * every edge between two empties gives 4 back.  So all - (sum of the
 * values left in stock) is even and at most twice the k largest degrees. */
static bool sum_feasible(const step_info *si, const int *codes, int empties_left, int sum_left)
{
    if (empties_left < 0 || empties_left > si->nfree)
        return false;
    int all = si->edges2;
    for (int q = 0; q < si->nfront; q++)
        if (codes[q])
            all += codes[q] - 1 + 2 * si->hi_add[q];
    int red = all - sum_left;
    return red >= 0 && red % 2 == 0 && red <= 2 * si->top[empties_left];
}

/* Necessary conditions for finishing a partial board with the tiles left
 * (rem): every occupied frontier cell has a value left in its range, the
 * cells that need tiles pass Hall's test on every value interval, and the
 * tiles of high (low) values have enough places that can reach them. */
static bool feasible(const step_info *si, const int *codes, const int *rem)
{
    int cnt[HEXIOM_VALUES][HEXIOM_VALUES];
    memcpy(cnt, si->must_cnt, sizeof cnt);
    int reach_ge[HEXIOM_VALUES + 1], reach_le[HEXIOM_VALUES];
    memcpy(reach_ge, si->free_ge, sizeof reach_ge);
    memcpy(reach_le, si->free_le, sizeof reach_le);
    for (int q = 0; q < si->nfront; q++) {
        if (!codes[q])
            continue;
        int lo = codes[q] - 1 + si->lo_add[q], hi = codes[q] - 1 + si->hi_add[q];
        if (hi > HEXIOM_VALUES - 1)
            hi = HEXIOM_VALUES - 1;
        if (si->fval[q] >= 0) {
            if (si->fval[q] < lo || si->fval[q] > hi)
                return false;
            lo = hi = si->fval[q];
        }
        while (lo <= hi && !rem[lo])
            lo++;
        while (hi >= lo && !rem[hi])
            hi--;
        if (lo > hi)
            return false;
        cnt[lo][hi]++;
        for (int t = 0; t <= hi; t++)
            reach_ge[t]++;
        for (int t = lo; t < HEXIOM_VALUES; t++)
            reach_le[t]++;
    }
    /* Hall on intervals: cells whose range lies in [a, b] need that many tiles there */
    for (int a = 0; a < HEXIOM_VALUES; a++) {
        int need = 0, have = 0;
        for (int b = a; b < HEXIOM_VALUES; b++) {
            have += rem[b];
            for (int a2 = a; a2 <= b; a2++)
                need += cnt[a2][b];
            if (need > have)
                return false;
        }
    }
    int ge = 0;
    for (int t = HEXIOM_VALUES - 1; t >= 0; t--) {
        ge += rem[t];
        if (ge > reach_ge[t])
            return false;
    }
    int le = 0;
    for (int t = 0; t < HEXIOM_VALUES; t++) {
        le += rem[t];
        if (le > reach_le[t])
            return false;
    }
    return true;
}

/* One run of the DP with the cells taken in the order 0..n-1 of a
 * renumbered board.  It stops before step stop, or once more than
 * work_cap partial boards have been kept in all steps together (both
 * ASSIST_UNKNOWN; *work says how many were kept); *too_big when one step
 * has more than MAX_STATES.  *total: the count when ASSIST_OK. */
typedef struct {
    const hexiom_puzzle *h;
    const int *nbr; /* ncells*6, in the run's numbering */
    const unsigned char *hole;
    const signed char *focc, *fval; /* occupancy -1 free / 0 / 1; value -1 free */
} dp_board;

static assist_status dp_run(const dp_board *bd, bool contradiction, int stop, uint64_t work_cap,
                            double deadline, uint64_t *work, uint64_t *total_out, bool *too_big)
{
    const hexiom_puzzle *h = bd->h;
    const signed char *focc = bd->focc, *fval = bd->fval;
    int n = h->ncells;
    *work = 0;
    *total_out = 0;
    *too_big = false;
    /* latest[c]: the step at which cell c is finished */
    int *latest = xmalloc((size_t)n * sizeof *latest);
    for (int c = 0; c < n; c++) {
        latest[c] = c;
        for (int k = 0; k < 6; k++)
            if (bd->nbr[c * 6 + k] > latest[c])
                latest[c] = bd->nbr[c * 6 + k];
    }
    /* the used-tile counts as bit fields, shift[v] and width[v] per value */
    int shift[HEXIOM_VALUES], width[HEXIOM_VALUES], ubits = 0;
    uint64_t mul[HEXIOM_VALUES], full = 0; /* full: "every tile used" */
    for (int v = 0; v < HEXIOM_VALUES; v++) {
        width[v] = 0;
        while ((1 << width[v]) <= h->inv[v])
            width[v]++;
        shift[v] = ubits;
        mul[v] = 1ull << shift[v];
        ubits += width[v];
        full += mul[v] * (uint64_t)h->inv[v];
    }
#define USED(code, v) ((int)(((code) >> shift[v]) & ((1u << width[v]) - 1)))

    /* the key packs 3 bits per frontier cell and the used-tiles code */
    int maxfront = 0;
    for (int j = 0, open = 0; j < n; j++) {
        open++; /* cell j joins; the cells finished at step j leave */
        for (int c = 0; c <= j; c++)
            open -= latest[c] == j;
        if (open > maxfront)
            maxfront = open;
    }
    int fbits = 3 * maxfront;
    if (fbits + ubits > 64) {
        *too_big = true;
        free(latest);
        return ASSIST_UNKNOWN;
    }
    uint64_t fmask = fbits ? (~0ull >> (64 - fbits)) : 0;
    int *degs = xmalloc((size_t)(n + 1) * sizeof *degs), *top = xmalloc((size_t)(n + 2) * sizeof *top);
    int *front = xmalloc((size_t)(n + 1) * sizeof *front), nfront = 0;
    int *nfrontv = xmalloc((size_t)(n + 1) * sizeof *nfrontv), nnew;
    int codes[64], ncodes[64];
    table cur = {0}, next = {0};
    table_init(&cur, 1024);
    table_init(&next, 1024);
    if (!contradiction)
        table_add(&cur, 0, 1);
    assist_status st = ASSIST_OK;
    /* cells left undecided after step j that could still be occupied */
    int *free_after = xmalloc((size_t)n * sizeof *free_after);
    for (int j = n - 1, k = 0; j >= 0; j--) {
        free_after[j] = k;
        k += focc[j] != 0;
    }
    for (int j = 0; j < n && cur.len; j++) {
        if (j == stop) {
            st = ASSIST_UNKNOWN;
            break;
        }
        /* the new frontier: old cells not finished at step j, then j */
        nnew = 0;
        for (int p = 0; p < nfront; p++)
            if (latest[front[p]] > j)
                nfrontv[nnew++] = front[p];
        if (latest[j] > j)
            nfrontv[nnew++] = j;
        bool nb[64];
        for (int p = 0; p < nfront; p++) {
            nb[p] = false;
            for (int k = 0; k < 6; k++)
                nb[p] |= bd->nbr[j * 6 + k] == front[p];
        }
        step_info si;
        memset(&si, 0, sizeof si);
        si.nfront = nnew;
        for (int q = 0; q < nnew; q++) {
            int c = nfrontv[q];
            si.fval[q] = fval[c];
            for (int k = 0; k < 6; k++) {
                int o = bd->nbr[c * 6 + k];
                if (o > j && focc[o] != 0) {
                    si.hi_add[q]++;
                    si.lo_add[q] += focc[o] == 1;
                }
            }
        }
        {
            int nfree = 0, forced_empty = 0, decided_slots = 0;
            for (int c = 0; c < n; c++) {
                if (c <= j) {
                    decided_slots += !bd->hole[c];
                    continue;
                }
                if (focc[c] == 0) {
                    forced_empty += !bd->hole[c];
                    continue;
                }
                for (int k = 0; k < 6; k++) {
                    int o = bd->nbr[c * 6 + k];
                    si.edges2 += o > j && focc[o] != 0;
                }
                if (focc[c] < 0) {
                    int d = 0;
                    for (int k = 0; k < 6; k++) {
                        int o = bd->nbr[c * 6 + k];
                        d += o >= 0 && focc[o] != 0;
                    }
                    degs[nfree++] = d;
                }
            }
            /* largest first */
            for (int a = 1; a < nfree; a++)
                for (int b = a; b > 0 && degs[b] > degs[b - 1]; b--) {
                    int t = degs[b];
                    degs[b] = degs[b - 1];
                    degs[b - 1] = t;
                }
            top[0] = 0;
            for (int a = 0; a < nfree; a++)
                top[a + 1] = top[a] + degs[a];
            si.top = top;
            si.nfree = nfree;
            si.empties = (h->nslots - h->ntiles) - forced_empty - decided_slots;
        }
        for (int c = j + 1; c < n; c++) {
            if (focc[c] == 0)
                continue;
            int lo = 0, hi = 0;
            for (int k = 0; k < 6; k++) {
                int o = bd->nbr[c * 6 + k];
                if (o >= 0 && focc[o] != 0) {
                    hi++;
                    lo += focc[o] == 1;
                }
            }
            if (hi > HEXIOM_VALUES - 1)
                hi = HEXIOM_VALUES - 1;
            if (fval[c] >= 0)
                lo = hi = fval[c];
            if (focc[c] == 1) {
                si.must_cnt[lo][hi]++;
                for (int t = 0; t <= hi; t++)
                    si.free_ge[t]++;
                for (int t = lo; t < HEXIOM_VALUES; t++)
                    si.free_le[t]++;
            } else {
                for (int t = 0; t <= hi; t++)
                    si.free_ge[t]++;
                for (int t = lo; t < HEXIOM_VALUES; t++)
                    si.free_le[t]++;
            }
        }
        for (size_t i = 0; i < cur.cap; i++) {
            const entry *e = &cur.e[i];
            if (!e->n)
                continue;
            if (deadline > 0 && (i & 4095) == 0 && now_seconds() > deadline) {
                st = ASSIST_UNKNOWN;
                break;
            }
            for (int p = 0; p < nfront; p++)
                codes[p] = (int)(((e->key & fmask) >> (3 * p)) & 7);
            /* tiles among the decided cells: finished ones plus open ones */
            int decided = 0;
            for (int v = 0; v < HEXIOM_VALUES; v++)
                decided += USED(e->key >> fbits, v);
            for (int p = 0; p < nfront; p++)
                decided += codes[p] > 0;
            for (int o = 0; o < 2; o++) {
                if (focc[j] >= 0 && focc[j] != o)
                    continue;
                uint64_t u = e->key >> fbits;
                int own = 1, occupied = decided + o; /* own: 1 + count */
                bool ok = true;
                for (int p = 0; p < nfront; p++) {
                    ncodes[p] = codes[p];
                    if (codes[p] && nb[p]) {
                        own++;
                        if (o)
                            ncodes[p]++;
                    }
                    if (ncodes[p] > 7)
                        ok = false;
                }
                ncodes[nfront] = o ? own : 0;
                /* finish the cells whose last neighbour is j */
                uint64_t f = 0;
                int q = 0, qcodes[64];
                for (int p = 0; p <= nfront && ok; p++) {
                    int c = p < nfront ? front[p] : j;
                    if (latest[c] > j) {
                        qcodes[q] = ncodes[p];
                        f |= (uint64_t)ncodes[p] << (3 * q++);
                        continue;
                    }
                    if (!ncodes[p])
                        continue;
                    int v = ncodes[p] - 1;
                    if (v >= HEXIOM_VALUES || (fval[c] >= 0 && fval[c] != v) ||
                        USED(u, v) >= h->inv[v]) {
                        ok = false;
                        break;
                    }
                    u += mul[v];
                }
                if (!ok || occupied > h->ntiles || occupied + free_after[j] < h->ntiles)
                    continue;
                int rem[HEXIOM_VALUES];
                for (int v = 0; v < HEXIOM_VALUES; v++)
                    rem[v] = h->inv[v] - USED(u, v);
                int sum_left = 0;
                for (int v = 0; v < HEXIOM_VALUES; v++)
                    sum_left += v * rem[v];
                /* empties among decided slots: decided - occupied */
                if (!sum_feasible(&si, qcodes, si.empties + occupied, sum_left))
                    continue;
                if (!feasible(&si, qcodes, rem))
                    continue;
                table_add_later(&next, f | (u << fbits), e->n);
            }
        }
        table_flush(&next);
        if (st != ASSIST_OK)
            break;
        if (next.len > MAX_STATES) {
            st = ASSIST_UNKNOWN;
            *too_big = true;
            break;
        }
        *work += next.len;
        if (*work > work_cap) {
            st = ASSIST_UNKNOWN;
            break;
        }
        memcpy(front, nfrontv, (size_t)nnew * sizeof *front);
        nfront = nnew;
        table t = cur;
        cur = next;
        next = t;
        memset(next.e, 0, next.cap * sizeof *next.e);
        next.len = 0;
    }
    if (st == ASSIST_OK) {
        uint64_t total = 0;
        for (size_t i = 0; i < cur.cap; i++)
            if (cur.e[i].n && cur.e[i].key >> fbits == full)
                total += cur.e[i].n;
        *total_out = total;
    }
    free(cur.e);
    free(next.e);
    free(front);
    free(nfrontv);
    free(free_after);
    free(degs);
    free(top);
    free(latest);
    return st;
}

/* The order matters: level 39 takes six times as long swept from its top
 * as from its lower left side, and no simple width measure tells which
 * (holes and locked tiles prune, and where they meet the frontier counts).
 * So the board is renumbered in each of its twelve orientations (reading
 * order after rotating and mirroring), the distinct ones are tried up to
 * their halfway step, each given no more partial boards than the best so
 * far, and the cheapest is run to the end.  Any order gives the same
 * count; this one only decides the time. */
#define ORIENTATIONS 12

typedef struct {
    int *nbr, *sorted_nbr;
    unsigned char *hole;
    signed char *focc, *fval;
} oriented;

static void orient(const hexiom_puzzle *h, int o, const signed char *focc, const signed char *fval,
                   oriented *out)
{
    int n = h->ncells;
    int *key = xmalloc((size_t)n * sizeof *key), *cell = xmalloc((size_t)n * sizeof *cell);
    int *pos = xmalloc((size_t)n * sizeof *pos);
    for (int c = 0; c < n; c++) {
        int q = h->q[c], r = h->r[c];
        for (int k = 0; k < o % 6; k++) { /* 60 degrees in axial coordinates */
            int t = -r;
            r = q + r;
            q = t;
        }
        if (o >= 6) { /* mirror */
            int t = q;
            q = r;
            r = t;
        }
        key[c] = (r + HEXIOM_MAX_SIDE) * 4 * HEXIOM_MAX_SIDE + q + 2 * HEXIOM_MAX_SIDE;
        cell[c] = c;
    }
    for (int a = 1; a < n; a++) /* by key: reading order of the turned board */
        for (int b = a; b > 0 && key[cell[b]] < key[cell[b - 1]]; b--) {
            int t = cell[b];
            cell[b] = cell[b - 1];
            cell[b - 1] = t;
        }
    for (int p = 0; p < n; p++)
        pos[cell[p]] = p;
    out->nbr = xmalloc((size_t)n * 6 * sizeof *out->nbr);
    out->sorted_nbr = xmalloc((size_t)n * 6 * sizeof *out->sorted_nbr);
    out->hole = xmalloc((size_t)n);
    out->focc = xmalloc((size_t)n);
    out->fval = xmalloc((size_t)n);
    for (int p = 0; p < n; p++) {
        int c = cell[p], *s = &out->sorted_nbr[p * 6];
        for (int k = 0; k < 6; k++) {
            int o2 = h->nbr[c * 6 + k];
            out->nbr[p * 6 + k] = s[k] = o2 < 0 ? -1 : pos[o2];
        }
        for (int a = 1; a < 6; a++)
            for (int b = a; b > 0 && s[b] < s[b - 1]; b--) {
                int t = s[b];
                s[b] = s[b - 1];
                s[b - 1] = t;
            }
        out->hole[p] = h->hole[c];
        out->focc[p] = focc[c];
        out->fval[p] = fval[c];
    }
    free(key);
    free(cell);
    free(pos);
}

static bool same_board(const oriented *a, const oriented *b, int n)
{
    return !memcmp(a->sorted_nbr, b->sorted_nbr, (size_t)n * 6 * sizeof *a->sorted_nbr) &&
           !memcmp(a->hole, b->hole, (size_t)n) && !memcmp(a->focc, b->focc, (size_t)n) &&
           !memcmp(a->fval, b->fval, (size_t)n);
}

static void oriented_free(oriented *o)
{
    free(o->nbr);
    free(o->sorted_nbr);
    free(o->hole);
    free(o->focc);
    free(o->fval);
}

assist_status hexiom_count_dp(const void *pz, const int *marks, int nmarks, long limit, double seconds,
                              long *count, bool *too_big)
{
    const hexiom_puzzle *h = pz;
    int n = h->ncells;
    *count = 0;
    *too_big = false;
    /* what each cell must be: occupancy -1 free / 0 / 1, value -1 free */
    signed char *focc = xmalloc((size_t)n), *fval = xmalloc((size_t)n);
    memset(focc, -1, (size_t)n);
    memset(fval, -1, (size_t)n);
    bool contradiction = false;
    for (int c = 0; c < n; c++) {
        if (h->hole[c])
            focc[c] = 0;
        if (h->locked[c]) {
            focc[c] = 1;
            fval[c] = h->start[c];
        }
    }
    for (int i = 0; i < nmarks; i++) {
        int f = marks[i];
        if (f < 0 || f >= h->nslots * HEXIOM_FACTS_PER_SLOT)
            continue;
        int c = h->cell_of_slot[f / HEXIOM_FACTS_PER_SLOT], what = f % HEXIOM_FACTS_PER_SLOT;
        int o = what == HEXIOM_FACT_EMPTY ? 0 : 1;
        if ((focc[c] >= 0 && focc[c] != o) || (o && fval[c] >= 0 && fval[c] != what))
            contradiction = true;
        focc[c] = (signed char)o;
        if (o)
            fval[c] = (signed char)what;
    }
    double deadline = seconds > 0 ? now_seconds() + seconds : 0;
    oriented all[ORIENTATIONS];
    int best = -1;
    uint64_t best_work = UINT64_MAX, work, total = 0;
    assist_status st = ASSIST_UNKNOWN;
    bool done = false, big;
    for (int o = 0; o < ORIENTATIONS; o++) {
        orient(h, o, focc, fval, &all[o]);
        bool seen = false;
        for (int p = 0; p < o && !seen; p++)
            seen = same_board(&all[p], &all[o], n);
        if (seen || done)
            continue;
        dp_board b = {h, all[o].nbr, all[o].hole, all[o].focc, all[o].fval};
        st = dp_run(&b, contradiction, n / 2, best_work, deadline, &work, &total, &big);
        if (st == ASSIST_OK) { /* over before halfway: the count itself */
            done = true;
        } else if (deadline > 0 && now_seconds() > deadline) {
            done = true;
        } else if (!big && work <= best_work) {
            best = o;
            best_work = work;
        }
    }
    if (!done && best < 0) {
        *too_big = true;
        st = ASSIST_UNKNOWN;
    } else if (!done) {
        dp_board b = {h, all[best].nbr, all[best].hole, all[best].focc, all[best].fval};
        st = dp_run(&b, contradiction, n + 1, UINT64_MAX, deadline, &work, &total, too_big);
    }
    if (st == ASSIST_OK)
        *count = total > (uint64_t)limit ? limit : (long)total;
    for (int o = 0; o < ORIENTATIONS; o++)
        oriented_free(&all[o]);
    free(focc);
    free(fval);
    return st;
}

/* The family's count: a few quick SAT calls settle small limits (a level
 * with one or two solutions, or "at least 2" for --count); otherwise the
 * DP gives the exact number; if even that is too big, the engine counts
 * one solution at a time for as long as it is allowed to. */
assist_status hexiom_count(const void *pz, assist *a, const int *marks, int nmarks, long limit,
                           double seconds, long *count)
{
    double start = now_seconds();
    *count = 0;
    if (limit <= 64) {
        double quick = seconds > 0 && seconds < 0.2 ? seconds : 0.2;
        sat_budget b = {.seconds = quick};
        assist_set_budget(a, &b);
        assist_status st = assist_count(a, marks, nmarks, limit, count);
        if (st == ASSIST_OK || (seconds > 0 && now_seconds() - start >= seconds)) {
            assist_set_budget(a, NULL);
            return st;
        }
    }
    double left = seconds > 0 ? seconds - (now_seconds() - start) : 0;
    bool too_big = false;
    long dp_count = 0;
    assist_status st = hexiom_count_dp(pz, marks, nmarks, limit, left, &dp_count, &too_big);
    if (st == ASSIST_OK || !too_big) {
        assist_set_budget(a, NULL);
        if (st == ASSIST_OK || dp_count > *count)
            *count = dp_count;
        return st;
    }
    left = seconds > 0 ? seconds - (now_seconds() - start) : 0;
    if (seconds > 0 && left <= 0)
        return ASSIST_UNKNOWN;
    sat_budget b = {.seconds = left};
    assist_set_budget(a, seconds > 0 ? &b : NULL);
    st = assist_count(a, marks, nmarks, limit, count);
    assist_set_budget(a, NULL);
    return st;
}
