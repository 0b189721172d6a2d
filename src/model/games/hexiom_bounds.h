/* hexiom_bounds.h: the counting DP's necessary conditions (hexiom_dp.c):
 * what the cells after a step can still take, checked against the tiles a
 * partial board leaves.  The checks run once per partial board and step,
 * so the hot ones are inline here. */
#ifndef TESSERA_GAMES_HEXIOM_BOUNDS_H
#define TESSERA_GAMES_HEXIOM_BOUNDS_H

#include <stdbool.h>
#include <stdint.h>

#include "games/hexiom.h"
#include "games/hexiom_count.h"

/* What the cells after step j can still take, for the stock check: the
 * value range [lo, hi] of each new frontier cell is its count so far plus
 * what its undecided neighbours may add; undecided cells count as ranges
 * too (the ones that must hold a tile) or as capacity (the free ones). */
typedef struct {
    int nfront;
    int lo_add[64], hi_add[64], fval[64]; /* per new frontier position */
    int must_cnt[HEXIOM_VALUES][HEXIOM_VALUES]; /* undecided must-occupy cells by range [a][b] */
    int free_ge[HEXIOM_VALUES + 1], free_le[HEXIOM_VALUES]; /* undecided free cells reaching >= t / <= t */
    /* for the value-sum bound (see hexiom_dp_sum_all) */
    int edges2;     /* twice the edges among undecided cells that may be occupied */
    int empties;    /* empties still to choose among the free undecided cells, before the state's own */
    int nfree;      /* free undecided cells */
    int stock_sum;  /* the values of all the tiles added up (see hexiom_dp_sum_bound) */
    int *top;       /* top[k]: sum of the k largest degrees among them (may-be-occupied neighbours) */
} hexiom_dp_step;

/* Fills *si for step j (nfrontv: the frontier after it); degs and top
 * are scratch of ncells + 1 and ncells + 2 ints, top is kept in *si. */
void hexiom_dp_step_make(hexiom_dp_step *si, const hexiom_dp_board *bd, int j, const int *nfrontv, int nnew,
                         int *degs, int *top);

/* The value sum of the cells not yet finished if every undecided one were
 * occupied (see hexiom_bounds.c); one number per frontier code. */
int hexiom_dp_sum_all(const hexiom_dp_step *si, const int *codes);

/* The tiles left (rem) summed over every value interval [a, b], one byte
 * each, eight to a word: the checks below compare all of them at once.
 * A byte holds at most 127 (the DP takes at most that many tiles), so the
 * top bit of each byte is free to catch borrows (see hexiom_dp_isums_within). */
#define HEXIOM_DP_NINTERVALS (HEXIOM_VALUES * (HEXIOM_VALUES + 1) / 2)
#define HEXIOM_DP_ISUM_WORDS ((HEXIOM_DP_NINTERVALS + 7) / 8)
#define HEXIOM_DP_ISUM_MAX 127
#define HEXIOM_DP_BYTE_TOPS 0x8080808080808080ull

typedef struct {
    uint64_t w[HEXIOM_DP_ISUM_WORDS];
} hexiom_dp_isums;

static inline int hexiom_dp_interval(int a, int b)
{
    return a * HEXIOM_VALUES - a * (a - 1) / 2 + (b - a);
}

static inline int hexiom_dp_isums_get(const hexiom_dp_isums *s, int a, int b)
{
    int i = hexiom_dp_interval(a, b);
    return (int)((s->w[i / 8] >> (8 * (i % 8))) & 0xff);
}

/* lo <= s <= hi in every byte: subtracting from a byte with its top bit
 * set borrows from that bit alone, and only when the byte is smaller */
static inline bool hexiom_dp_isums_within(const hexiom_dp_isums *lo, const hexiom_dp_isums *s,
                                          const hexiom_dp_isums *hi)
{
    uint64_t ok = HEXIOM_DP_BYTE_TOPS;
    for (int i = 0; i < HEXIOM_DP_ISUM_WORDS; i++)
        ok &= ((s->w[i] | HEXIOM_DP_BYTE_TOPS) - lo->w[i]) & ((hi->w[i] | HEXIOM_DP_BYTE_TOPS) - s->w[i]);
    return ok == HEXIOM_DP_BYTE_TOPS;
}

/* Necessary conditions for finishing a partial board with the tiles left
 * (rem): every occupied frontier cell has a value left in its range, the
 * cells that need tiles pass Hall's test on every value interval, and the
 * tiles of high (low) values have enough places that can reach them.
 * For one group they depend on the tiles left only through which values
 * are used up (zmask; ranges skip those values) and then through sums of
 * rem over value intervals, so they are prepared once per group and zmask
 * as bounds lo <= (sum over [a, b]) <= hi, one pair per interval. */
typedef struct {
    int zmask;
    bool dead;
    hexiom_dp_isums lo, hi;
} hexiom_dp_group_check;

void hexiom_dp_group_check_make(const hexiom_dp_step *si, const int *codes, int zmask, const int *stock,
                                hexiom_dp_group_check *gc);

static inline bool hexiom_dp_group_check_ok(const hexiom_dp_group_check *gc, const hexiom_dp_isums *s)
{
    return !gc->dead && hexiom_dp_isums_within(&gc->lo, s, &gc->hi);
}

/* What a used-tiles code says about the tiles left, read from tables by
 * chunks of its bits (each value's count lies within one chunk): s, the
 * tiles left summed over each value interval; zmask, the values used up. */
typedef struct {
    hexiom_dp_isums s;
    int zmask;
} hexiom_dp_left_info;

#define HEXIOM_DP_CHUNK_BITS 12

typedef struct {
    int nchunk, shift[HEXIOM_VALUES], mask[HEXIOM_VALUES];
    hexiom_dp_left_info *tab[HEXIOM_VALUES];
    /* per chunk: the tiles it counts as used | their value sum << 16 (a
     * code counts at most 127 tiles of value 6 or less, so the chunks'
     * words add up without one half carrying into the other) */
    uint32_t *used[HEXIOM_VALUES];
    int zbase; /* values with no tiles at all */
} hexiom_dp_left_tables;

void hexiom_dp_left_tables_make(hexiom_dp_left_tables *lt, const int *inv, const int *shift,
                                const int *width);
void hexiom_dp_left_tables_free(hexiom_dp_left_tables *lt);

/* The chunks' bytes add without carries: their sums stay within HEXIOM_DP_ISUM_MAX.
 * The sums are kept in locals and stored once: a hexiom_dp_left_info returned by
 * value went through the stack in pieces that the next loads could not
 * take whole, a stall that cost about a fifth of the DP's time. */
static inline void hexiom_dp_left_of(const hexiom_dp_left_tables *lt, uint64_t u, hexiom_dp_left_info *li)
{
    hexiom_dp_isums s = {{0}};
    int zmask = lt->zbase;
    for (int c = 0; c < lt->nchunk; c++) {
        const hexiom_dp_left_info *t = &lt->tab[c][(u >> lt->shift[c]) & (uint64_t)lt->mask[c]];
        for (int i = 0; i < HEXIOM_DP_ISUM_WORDS; i++)
            s.w[i] += t->s.w[i];
        zmask |= t->zmask;
    }
    li->s = s;
    li->zmask = zmask;
}

/* The checks that depend on a partial board's tiles only through how many
 * it used (T) and their value sum (S), for one child group: the number of
 * occupied slots and the value sum (see hexiom_dp_sum_all).  They come down to
 * S >= lo, S <= hi[T] (-1: no such board can be finished) and S's parity,
 * cheap enough to test on every entry of every step before it is merged
 * (hexiom_dp.c). */
typedef struct {
    int lo, parity;
    int hi[HEXIOM_DP_ISUM_MAX + 1]; /* indexed by T & HEXIOM_DP_ISUM_MAX (see hexiom_dp_sum_bound_ok) */
} hexiom_dp_sum_bound;

/* all: hexiom_dp_sum_all of the group; occ_front: its occupied frontier cells;
 * free_after: the undecided cells that may still be occupied. */
void hexiom_dp_sum_bound_make(const hexiom_dp_step *si, const hexiom_puzzle *h, int all, int occ_front,
                              int free_after, hexiom_dp_sum_bound *sb);

/* ts: tiles | value sum << 16, as in hexiom_dp_left_tables' used.  A child's T can
 * pass the number of tiles only when some value passes its stock, which
 * the fit test in hexiom_dp.c catches: then hi[T & HEXIOM_DP_ISUM_MAX] means
 * nothing, and only the index must stay within the table. */
static inline bool hexiom_dp_sum_bound_ok(const hexiom_dp_sum_bound *sb, uint32_t ts)
{
    int t = (int)(ts & HEXIOM_DP_ISUM_MAX), s = (int)(ts >> 16);
    return s >= sb->lo && s <= sb->hi[t] && ((s ^ sb->parity) & 1) == 0;
}

#endif
