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
    /* latest[c]: the step at which cell c is finished */
    int *latest = xmalloc((size_t)n * sizeof *latest);
    for (int c = 0; c < n; c++) {
        latest[c] = c;
        for (int k = 0; k < 6; k++)
            if (h->nbr[c * 6 + k] > latest[c])
                latest[c] = h->nbr[c * 6 + k];
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
        free(focc);
        free(fval);
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
    double deadline = seconds > 0 ? now_seconds() + seconds : 0;
    assist_status st = ASSIST_OK;
    /* cells left undecided after step j that could still be occupied */
    int *free_after = xmalloc((size_t)n * sizeof *free_after);
    for (int j = n - 1, k = 0; j >= 0; j--) {
        free_after[j] = k;
        k += focc[j] != 0;
    }
    for (int j = 0; j < n && cur.len; j++) {
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
                nb[p] |= h->nbr[j * 6 + k] == front[p];
        }
        step_info si;
        memset(&si, 0, sizeof si);
        si.nfront = nnew;
        for (int q = 0; q < nnew; q++) {
            int c = nfrontv[q];
            si.fval[q] = fval[c];
            for (int k = 0; k < 6; k++) {
                int o = h->nbr[c * 6 + k];
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
                    decided_slots += !h->hole[c];
                    continue;
                }
                if (focc[c] == 0) {
                    forced_empty += !h->hole[c];
                    continue;
                }
                for (int k = 0; k < 6; k++) {
                    int o = h->nbr[c * 6 + k];
                    si.edges2 += o > j && focc[o] != 0;
                }
                if (focc[c] < 0) {
                    int d = 0;
                    for (int k = 0; k < 6; k++) {
                        int o = h->nbr[c * 6 + k];
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
                int o = h->nbr[c * 6 + k];
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
        *count = total > (uint64_t)limit ? limit : (long)total;
    }
    free(cur.e);
    free(next.e);
    free(front);
    free(nfrontv);
    free(free_after);
    free(degs);
    free(top);
    free(latest);
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
