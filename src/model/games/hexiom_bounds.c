/* hexiom_bounds.c: the counting DP's necessary conditions (see
 * hexiom_bounds.h): the value sum, the per-group stock checks and the
 * tables that read the tiles left from a used-tiles code. */
#include <stdlib.h>
#include <string.h>

#include "games/hexiom_bounds.h"
#include "util.h"

/* Fills *si for step j (nfrontv: the frontier after it); degs and top
 * are scratch of ncells + 1 and ncells + 2 ints, top is kept in *si. */
void hexiom_dp_step_make(hexiom_dp_step *si, const hexiom_dp_board *bd, int j, const int *nfrontv, int nnew,
                         int *degs, int *top)
{
    const hexiom_puzzle *h = bd->h;
    const signed char *focc = bd->focc, *fval = bd->fval;
    int n = h->ncells;
    memset(si, 0, sizeof *si);
    si->nfront = nnew;
    for (int q = 0; q < nnew; q++) {
        int c = nfrontv[q];
        si->fval[q] = fval[c];
        for (int k = 0; k < 6; k++) {
            int o = bd->nbr[c * 6 + k];
            if (o > j && focc[o] != 0) {
                si->hi_add[q]++;
                si->lo_add[q] += focc[o] == 1;
            }
        }
    }
    int nfree = 0, forced_empty = 0, decided_slots = 0;
    for (int c = 0; c <= j; c++)
        decided_slots += !bd->hole[c];
    for (int c = j + 1; c < n; c++) {
        if (focc[c] == 0) {
            forced_empty += !bd->hole[c];
            continue;
        }
        /* hi: the neighbours that may be occupied (the cell's degree, at
         * most 6), lo: those that must be */
        int lo = 0, hi = 0;
        for (int k = 0; k < 6; k++) {
            int o = bd->nbr[c * 6 + k];
            if (o >= 0 && focc[o] != 0) {
                hi++;
                lo += focc[o] == 1;
                si->edges2 += o > j;
            }
        }
        if (focc[c] < 0)
            degs[nfree++] = hi;
        if (fval[c] >= 0)
            lo = hi = fval[c];
        if (focc[c] == 1)
            si->must_cnt[lo][hi]++;
        for (int t = 0; t <= hi; t++)
            si->free_ge[t]++;
        for (int t = lo; t < HEXIOM_VALUES; t++)
            si->free_le[t]++;
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
    si->top = top;
    si->nfree = nfree;
    si->empties = (h->nslots - h->ntiles) - forced_empty - decided_slots;
    for (int v = 0; v < HEXIOM_VALUES; v++)
        si->stock_sum += v * h->inv[v];
}

/* The value sum.  Let R be the cells not yet finished.  If every
 * undecided cell were occupied, the tiles in R would add up to
 *   all = sum over occupied open cells of (count so far + 2 * undecided
 *         neighbours) + twice the edges among undecided cells;
 * each empty z among the undecided cells then takes away 2*deg(z), and
 * every edge between two empties gives 4 back.  So all - (sum of the
 * values left in stock) is even and at most twice the k largest degrees.
 * "all" depends on the frontier only: one number per group. */
int hexiom_dp_sum_all(const hexiom_dp_step *si, const int *codes)
{
    int all = si->edges2;
    for (int q = 0; q < si->nfront; q++)
        if (codes[q])
            all += codes[q] - 1 + 2 * si->hi_add[q];
    return all;
}

/* Let T be the tiles used and S their value sum.  The occupied slots are
 * the frontier's plus T, so T fixes the empties still to place (k);
 * the value sum of the tiles left is (stock's value sum) - S, and
 * all - that is even and between 0 and 2 * top[k] (see hexiom_dp_sum_all). */
void hexiom_dp_sum_bound_make(const hexiom_dp_step *si, const hexiom_puzzle *h, int all, int occ_front,
                              int free_after, hexiom_dp_sum_bound *sb)
{
    int stock_sum = si->stock_sum;
    sb->lo = stock_sum - all;
    sb->parity = (int)((unsigned)(stock_sum - all) & 1u);
    for (int t = 0; t <= HEXIOM_DP_ISUM_MAX; t++) {
        int occupied = occ_front + t, empties_left = si->empties + occupied;
        sb->hi[t] = -1;
        if (occupied > h->ntiles || occupied + free_after < h->ntiles || empties_left < 0 ||
            empties_left > si->nfree)
            continue;
        sb->hi[t] = stock_sum - all + 2 * si->top[empties_left];
    }
}

static void isums_set(hexiom_dp_isums *s, int a, int b, int x)
{
    int i = hexiom_dp_interval(a, b);
    s->w[i / 8] = (s->w[i / 8] & ~(0xffull << (8 * (i % 8)))) | (uint64_t)x << (8 * (i % 8));
}

void hexiom_dp_group_check_make(const hexiom_dp_step *si, const int *codes, int zmask, const int *stock,
                                hexiom_dp_group_check *gc)
{
    int cnt[HEXIOM_VALUES][HEXIOM_VALUES];
    memcpy(cnt, si->must_cnt, sizeof cnt);
    int reach_ge[HEXIOM_VALUES + 1], reach_le[HEXIOM_VALUES];
    memcpy(reach_ge, si->free_ge, sizeof reach_ge);
    memcpy(reach_le, si->free_le, sizeof reach_le);
    gc->zmask = zmask;
    gc->dead = false;
    for (int q = 0; q < si->nfront; q++) {
        if (!codes[q])
            continue;
        int lo = codes[q] - 1 + si->lo_add[q], hi = codes[q] - 1 + si->hi_add[q];
        if (hi > HEXIOM_VALUES - 1)
            hi = HEXIOM_VALUES - 1;
        if (si->fval[q] >= 0) {
            if (si->fval[q] < lo || si->fval[q] > hi) {
                gc->dead = true;
                return;
            }
            lo = hi = si->fval[q];
        }
        while (lo <= hi && (zmask >> lo & 1))
            lo++;
        while (hi >= lo && (zmask >> hi & 1))
            hi--;
        if (lo > hi) {
            gc->dead = true;
            return;
        }
        cnt[lo][hi]++;
        for (int t = 0; t <= hi; t++)
            reach_ge[t]++;
        for (int t = lo; t < HEXIOM_VALUES; t++)
            reach_le[t]++;
    }
    /* no bound: 0 <= sum <= HEXIOM_DP_ISUM_MAX */
    memset(&gc->lo, 0, sizeof gc->lo);
    memset(&gc->hi, 0, sizeof gc->hi);
    for (int a = 0; a < HEXIOM_VALUES; a++)
        for (int b = a; b < HEXIOM_VALUES; b++)
            isums_set(&gc->hi, a, b, HEXIOM_DP_ISUM_MAX);
    /* Hall on intervals: cells whose range lies in [a, b] need that many
     * tiles there.  in[a]: such cells for the current b, grown by the
     * ranges that end at b */
    int in[HEXIOM_VALUES] = {0}, most[HEXIOM_VALUES] = {0};
    for (int b = 0; b < HEXIOM_VALUES; b++) {
        for (int a = b, ending = 0; a >= 0; a--) {
            ending += cnt[a][b]; /* ranges [a2, b] with a2 >= a */
            in[a] += ending;
            most[a] += stock[b];
            if (in[a] > most[a]) {
                gc->dead = true;
                return;
            }
            isums_set(&gc->lo, a, b, in[a]);
        }
    }
    /* tiles of value >= t (<= t) left: no more than the places reaching them */
    for (int t = 0; t < HEXIOM_VALUES; t++) {
        if (reach_ge[t] < hexiom_dp_isums_get(&gc->hi, t, HEXIOM_VALUES - 1))
            isums_set(&gc->hi, t, HEXIOM_VALUES - 1, reach_ge[t]);
        if (reach_le[t] < hexiom_dp_isums_get(&gc->hi, 0, t))
            isums_set(&gc->hi, 0, t, reach_le[t]);
    }
}

void hexiom_dp_left_tables_make(hexiom_dp_left_tables *lt, const int *inv, const int *shift, const int *width)
{
    memset(lt, 0, sizeof *lt);
    for (int v = 0; v < HEXIOM_VALUES; v++)
        if (!width[v])
            lt->zbase |= 1 << v;
    for (int v = 0; v < HEXIOM_VALUES;) {
        if (!width[v]) {
            v++;
            continue;
        }
        int first = v, bits = 0;
        while (v < HEXIOM_VALUES && bits + width[v] <= HEXIOM_DP_CHUNK_BITS)
            bits += width[v++];
        int c = lt->nchunk++;
        lt->shift[c] = shift[first];
        lt->mask[c] = (1 << bits) - 1;
        lt->tab[c] = xcalloc((size_t)1 << bits, sizeof *lt->tab[c]);
        lt->used[c] = xcalloc((size_t)1 << bits, sizeof *lt->used[c]);
        for (int x = 0; x < 1 << bits; x++) {
            hexiom_dp_left_info *t = &lt->tab[c][x];
            int r[HEXIOM_VALUES] = {0};
            for (int w = first; w < v; w++) {
                int used = (x >> (shift[w] - shift[first])) & ((1 << width[w]) - 1);
                r[w] = used <= inv[w] ? inv[w] - used : 0;
                lt->used[c][x] += (uint32_t)used + ((uint32_t)(w * used) << 16);
                t->zmask |= (r[w] == 0) << w;
            }
            for (int a = 0; a < HEXIOM_VALUES; a++)
                for (int b = a, in = 0; b < HEXIOM_VALUES; b++) {
                    in += r[b];
                    isums_set(&t->s, a, b, in);
                }
        }
    }
}

void hexiom_dp_left_tables_free(hexiom_dp_left_tables *lt)
{
    for (int c = 0; c < lt->nchunk; c++) {
        free(lt->tab[c]);
        free(lt->used[c]);
    }
}

