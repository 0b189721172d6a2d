/* hexiom_dp.c: the counting DP itself, one sweep of a renumbered board
 * (hexiom_count.c chooses the sweep and answers the family's count). */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h> /* clock(), for HEXIOM_DP_TRACE */
#include <unistd.h>

#include "games/hexiom.h"
#include "games/hexiom_count.h"
#include "games/hexiom_layer.h"
#include "jobs.h"

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

/* One step's partial boards (hexiom_layer.h): grouped by frontier code
 * (ascending), each group with its used-tiles codes (ascending) and their
 * numbers.  A step maps a whole group to a child group at once, and a
 * child group is the merge of its few parents' sorted lists: no hashing,
 * and 8 bytes a partial board (the used-tiles code and the number share a
 * word: used-tiles code << cbits | partial boards). */

/* A parent group's move to a child group: the tiles its newly finished
 * cells take (delta, and per value how many). */
typedef struct {
    uint64_t f, delta;
    uint32_t g;
    signed char nv, v[HEXIOM_VALUES], k[HEXIOM_VALUES];
} dp_link;

/* qsort order of links and filed groups: by frontier code, then group. */
static int by_code_then_group(uint64_t fa, size_t ga, uint64_t fb, size_t gb)
{
    if (fa != fb)
        return fa < fb ? -1 : 1;
    return ga < gb ? -1 : ga > gb;
}

static int link_cmp(const void *a, const void *b)
{
    const dp_link *x = a, *y = b;
    return by_code_then_group(x->f, x->g, y->f, y->g);
}

/* Partial boards kept in one step.  Each costs about 16 bytes at the peak
 * (8 in each of the two steps held, plus the links between them), and the
 * DP may use half of the machine's memory; beyond that it gives up and the
 * count is left to enumeration.  Level 39 peaks at about 140 thousand.
 * Level 40 (side 6, only 16 empty slots) keeps up to 527 million partial
 * boards (seventh row), 8 GB and about five minutes of CPU (under three
 * minutes on two threads), and counts
 * 7,908,056,235,606 boards: a machine with 24 GB of memory counts it, a
 * smaller one leaves it to enumeration (which never gets that far).
 * -DHEXIOM_DP_MAX_STATES=N (millions) sets the limit at build time. */
#define HEXIOM_DP_BYTES_PER_STATE 16
#define HEXIOM_DP_MIN_STATES ((size_t)3 << 20)

static size_t max_states(void)
{
#ifdef HEXIOM_DP_MAX_STATES
    return (size_t)(HEXIOM_DP_MAX_STATES) << 20;
#else
    /* asked once a step: cheap, and nothing shared between threads */
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    size_t half = pages > 0 && page > 0 ? (size_t)pages / 2 * (size_t)page : 0;
    size_t most = half / HEXIOM_DP_BYTES_PER_STATE;
    return most < HEXIOM_DP_MIN_STATES ? HEXIOM_DP_MIN_STATES : most;
#endif
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
 * values left in stock) is even and at most twice the k largest degrees.
 * "all" depends on the frontier only: one number per group. */
static int sum_all(const step_info *si, const int *codes)
{
    int all = si->edges2;
    for (int q = 0; q < si->nfront; q++)
        if (codes[q])
            all += codes[q] - 1 + 2 * si->hi_add[q];
    return all;
}

/* The tiles left (rem) summed over every value interval [a, b], one byte
 * each, eight to a word: the checks below compare all of them at once.
 * A byte holds at most 127 (the DP takes at most that many tiles), so the
 * top bit of each byte is free to catch borrows (see isums_within). */
#define NINTERVALS (HEXIOM_VALUES * (HEXIOM_VALUES + 1) / 2)
#define ISUM_WORDS ((NINTERVALS + 7) / 8)
#define ISUM_MAX 127
#define BYTE_TOPS 0x8080808080808080ull

typedef struct {
    uint64_t w[ISUM_WORDS];
} isums;

static int interval_index(int a, int b)
{
    return a * HEXIOM_VALUES - a * (a - 1) / 2 + (b - a);
}

static void isums_set(isums *s, int a, int b, int x)
{
    int i = interval_index(a, b);
    s->w[i / 8] = (s->w[i / 8] & ~(0xffull << (8 * (i % 8)))) | (uint64_t)x << (8 * (i % 8));
}

static int isums_get(const isums *s, int a, int b)
{
    int i = interval_index(a, b);
    return (int)((s->w[i / 8] >> (8 * (i % 8))) & 0xff);
}

/* lo <= s <= hi in every byte: subtracting from a byte with its top bit
 * set borrows from that bit alone, and only when the byte is smaller */
static inline bool isums_within(const isums *lo, const isums *s, const isums *hi)
{
    uint64_t ok = BYTE_TOPS;
    for (int i = 0; i < ISUM_WORDS; i++)
        ok &= ((s->w[i] | BYTE_TOPS) - lo->w[i]) & ((hi->w[i] | BYTE_TOPS) - s->w[i]);
    return ok == BYTE_TOPS;
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
    isums lo, hi;
} group_check;

static void group_check_make(const step_info *si, const int *codes, int zmask, const int *stock,
                             group_check *gc)
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
    /* no bound: 0 <= sum <= ISUM_MAX */
    memset(&gc->lo, 0, sizeof gc->lo);
    memset(&gc->hi, 0, sizeof gc->hi);
    for (int a = 0; a < HEXIOM_VALUES; a++)
        for (int b = a; b < HEXIOM_VALUES; b++)
            isums_set(&gc->hi, a, b, ISUM_MAX);
    /* Hall on intervals: cells whose range lies in [a, b] need that many
     * tiles there */
    for (int a = 0; a < HEXIOM_VALUES; a++)
        for (int b = a; b < HEXIOM_VALUES; b++) {
            int in = 0; /* cells with range exactly [a2, b2] inside [a, b] */
            for (int a2 = a; a2 <= b; a2++)
                for (int b2 = a2; b2 <= b; b2++)
                    in += cnt[a2][b2];
            int most = 0;
            for (int v = a; v <= b; v++)
                most += stock[v];
            if (in > most) {
                gc->dead = true;
                return;
            }
            isums_set(&gc->lo, a, b, in);
        }
    /* tiles of value >= t (<= t) left: no more than the places reaching them */
    for (int t = 0; t < HEXIOM_VALUES; t++) {
        if (reach_ge[t] < isums_get(&gc->hi, t, HEXIOM_VALUES - 1))
            isums_set(&gc->hi, t, HEXIOM_VALUES - 1, reach_ge[t]);
        if (reach_le[t] < isums_get(&gc->hi, 0, t))
            isums_set(&gc->hi, 0, t, reach_le[t]);
    }
}

static bool group_check_ok(const group_check *gc, const isums *s)
{
    return !gc->dead && isums_within(&gc->lo, s, &gc->hi);
}

/* What a used-tiles code says about the tiles left, read from tables by
 * chunks of its bits (each value's count lies within one chunk): s, the
 * tiles left summed over each value interval; sum, their values added
 * up; zmask, the values used up. */
typedef struct {
    isums s;
    int sum, zmask;
} left_info;

#define CHUNK_BITS 12

typedef struct {
    int nchunk, shift[HEXIOM_VALUES], mask[HEXIOM_VALUES];
    left_info *tab[HEXIOM_VALUES];
    int zbase; /* values with no tiles at all */
} left_tables;

static void left_tables_make(left_tables *lt, const int *inv, const int *shift, const int *width)
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
        while (v < HEXIOM_VALUES && bits + width[v] <= CHUNK_BITS)
            bits += width[v++];
        int c = lt->nchunk++;
        lt->shift[c] = shift[first];
        lt->mask[c] = (1 << bits) - 1;
        lt->tab[c] = xcalloc((size_t)1 << bits, sizeof *lt->tab[c]);
        for (int x = 0; x < 1 << bits; x++) {
            left_info *t = &lt->tab[c][x];
            int r[HEXIOM_VALUES] = {0};
            for (int w = first; w < v; w++) {
                int used = (x >> (shift[w] - shift[first])) & ((1 << width[w]) - 1);
                r[w] = used <= inv[w] ? inv[w] - used : 0;
                t->sum += w * r[w];
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

/* the chunks' bytes add without carries: their sums stay within ISUM_MAX */
static inline left_info left_of(const left_tables *lt, uint64_t u)
{
    left_info li = {{{0}}, 0, lt->zbase};
    for (int c = 0; c < lt->nchunk; c++) {
        const left_info *t = &lt->tab[c][(u >> lt->shift[c]) & (uint64_t)lt->mask[c]];
        for (int i = 0; i < ISUM_WORDS; i++)
            li.s.w[i] += t->s.w[i];
        li.sum += t->sum;
        li.zmask |= t->zmask;
    }
    return li;
}

static void left_tables_free(left_tables *lt)
{
    for (int c = 0; c < lt->nchunk; c++)
        free(lt->tab[c]);
}

/* Moves *pos to the first entry of a parent group (up to end) whose
 * tiles still allow what the link's finished cells take; returns that
 * entry's code as the child's (shifted by the link's delta), UINT64_MAX
 * when there is none. */
static inline uint64_t next_fit(const dp_link *L, const uint64_t **pos, const uint64_t *end, const int *inv,
                                const int *shift, const int *width, int cbits)
{
    for (; *pos < end; ++*pos) {
        uint64_t u = **pos >> cbits;
        bool fits = true;
        for (int t = 0; t < L->nv; t++) {
            int v = L->v[t];
            fits &= (int)((u >> shift[v]) & ((1u << width[v]) - 1)) + L->k[t] <= inv[v];
        }
        if (fits)
            return u + L->delta;
    }
    return UINT64_MAX;
}

/* The mirror that turns every row around maps the board onto itself (for
 * a level whose holes, locked tiles and marks below the current row are
 * symmetric too).  After the last cell of a row the frontier is that row,
 * so a partial board and its mirror image (frontier codes reversed, same
 * tiles used) have the same completions: each group is filed under the
 * smaller of its frontier code and the reversed one, and groups filed
 * together are merged.  That halves the partial boards of the rows below.
 * perm[q]: the frontier position of the image of position q.  false when
 * a number outgrows its bits. */
typedef struct {
    uint64_t f;
    size_t g;
} filed;

static int filed_cmp(const void *a, const void *b)
{
    const filed *x = a, *y = b;
    return by_code_then_group(x->f, x->g, y->f, y->g);
}

static bool fold_layer(const layer *in, layer *out, const int *perm, int nfront, int cbits)
{
    uint64_t cmask = (1ull << cbits) - 1;
    filed *fl = xmalloc((in->ngroups + 1) * sizeof *fl);
    for (size_t g = 0; g < in->ngroups; g++) {
        uint64_t f = in->fkey[g], r = 0;
        for (int q = 0; q < nfront; q++)
            r |= ((f >> (3 * q)) & 7) << (3 * perm[q]);
        fl[g].f = r < f ? r : f;
        fl[g].g = g;
    }
    qsort(fl, in->ngroups, sizeof *fl, filed_cmp);
    layer_clear(out);
    uint64_t *tmp = NULL;
    size_t tmpcap = 0;
    bool ok = true;
    for (size_t a = 0, b; a < in->ngroups && ok; a = b) {
        size_t most = in->len[fl[a].g];
        for (b = a + 1; b < in->ngroups && fl[b].f == fl[a].f; b++)
            most += in->len[fl[b].g];
        layer_open_group(out, fl[a].f, most);
        const uint64_t *first = in->first[fl[a].g];
        size_t n = in->len[fl[a].g];
        if (b == a + 1) { /* alone: copied */
            for (size_t i = 0; i < n; i++)
                layer_push(out, first[i]);
        } else { /* a group and its image (or several: merged pairwise) */
            if (tmpcap < most) {
                tmpcap = most;
                tmp = xrealloc(tmp, tmpcap * sizeof *tmp);
            }
            memcpy(tmp, first, n * sizeof *tmp);
            size_t na = n;
            for (size_t t = a + 1; t < b && ok; t++) {
                /* merge tmp[0..na) with group fl[t].g into the group's place
                 * in out, then back into tmp unless it is the last */
                const uint64_t *o = in->first[fl[t].g], *oe = o + in->len[fl[t].g];
                uint64_t *dst = layer_open_space(out), *d = dst;
                size_t x = 0;
                while (x < na || o < oe) {
                    uint64_t ua = x < na ? tmp[x] >> cbits : UINT64_MAX;
                    uint64_t ub = o < oe ? *o >> cbits : UINT64_MAX;
                    if (ua < ub) {
                        *d++ = tmp[x++];
                    } else if (ub < ua) {
                        *d++ = *o++;
                    } else {
                        uint64_t cnt = (tmp[x++] & cmask) + (*o++ & cmask);
                        ok &= cnt <= cmask;
                        *d++ = ua << cbits | (cnt & cmask);
                    }
                }
                na = (size_t)(d - dst);
                if (t + 1 < b)
                    memcpy(tmp, dst, na * sizeof *tmp);
            }
            layer_set_open_len(out, na);
        }
        layer_close_group(out);
    }
    free(tmp);
    free(fl);
    return ok;
}

/* One step's merge, shared by the threads that run its parts: the child
 * groups (runs of links with one code) are cut into parts of about equal
 * work, each part fills a layer of its own, and the parts are chained onto
 * `next` in order, so the result is the same on any number of threads. */
#define MAX_THREADS 4
#define MAX_PARTS (4 * MAX_THREADS)
/* below this many parent boards a step is not worth cutting up */
#define MIN_SPLIT ((size_t)1 << 16)

typedef struct {
    const layer *cur;
    const dp_link *links;
    size_t nlinks;
    const step_info *si;
    const left_tables *lt;
    const hexiom_puzzle *h;
    const int *shift, *width;
    int cbits, nnew, free_after;
    double deadline;
    layer *parts;          /* one per part */
    size_t at[MAX_PARTS + 1]; /* part p: links [at[p], at[p + 1]) */
    assist_status st[MAX_PARTS];
    bool big[MAX_PARTS];
    layer *next;
    bool overflow;         /* a part's numbers outgrew their bits */
} merge_step;

/* The child groups of links [a, z) into `out`; ASSIST_UNKNOWN when a number
 * outgrows its bits (*big), the deadline passes or the part is cancelled. */
static assist_status merge_links(const merge_step *ms, size_t a, size_t z, layer *out, bool *big,
                                 const atomic_bool *cancel)
{
    const layer *cur = ms->cur;
    const dp_link *links = ms->links;
    const step_info *si = ms->si;
    const hexiom_puzzle *h = ms->h;
    int cbits = ms->cbits;
    uint64_t cmask = (1ull << cbits) - 1;
    enum { MAX_CHECKS = 16 };
    group_check checks[MAX_CHECKS];
    size_t cap = 0;
    const uint64_t **pos = NULL, **end = NULL;
    uint64_t *head = NULL;
    assist_status st = ASSIST_OK;
    for (size_t b; a < z && st == ASSIST_OK; a = b) {
        for (b = a + 1; b < z && links[b].f == links[a].f; b++)
            ;
        if ((ms->deadline > 0 && monotonic_seconds() > ms->deadline) || atomic_load(cancel)) {
            st = ASSIST_UNKNOWN;
            break;
        }
        uint64_t f = links[a].f;
        int qcodes[64], occ_front = 0;
        for (int q = 0; q < ms->nnew; q++) {
            qcodes[q] = (int)((f >> (3 * q)) & 7);
            occ_front += qcodes[q] > 0;
        }
        int all = sum_all(si, qcodes), ncheck = 0;
        int k = (int)(b - a);
        if ((size_t)k > cap) {
            cap = (size_t)k;
            pos = xrealloc(pos, cap * sizeof *pos);
            end = xrealloc(end, cap * sizeof *end);
            head = xrealloc(head, cap * sizeof *head);
        }
        size_t most = 0;
        for (int i = 0; i < k; i++) {
            size_t g = links[a + (size_t)i].g;
            pos[i] = cur->first[g];
            end[i] = cur->first[g] + cur->len[g];
            most += cur->len[g];
        }
        layer_open_group(out, f, most);
        /* head[i]: parent i's next code that fits the stock, shifted into
         * the child's code; UINT64_MAX at its end */
        for (int i = 0; i < k; i++)
            head[i] = next_fit(&links[a + (size_t)i], &pos[i], end[i], h->inv, ms->shift, ms->width, cbits);
        for (;;) {
            uint64_t u = UINT64_MAX;
            for (int i = 0; i < k; i++)
                if (head[i] < u)
                    u = head[i];
            if (u == UINT64_MAX)
                break;
            uint64_t cnt = 0;
            for (int i = 0; i < k; i++) {
                if (head[i] != u)
                    continue;
                cnt += *pos[i] & cmask;
                pos[i]++;
                head[i] = next_fit(&links[a + (size_t)i], &pos[i], end[i], h->inv, ms->shift, ms->width, cbits);
            }
            if (cnt > cmask) { /* more partial boards than the word holds */
                st = ASSIST_UNKNOWN;
                *big = true;
                break;
            }
            left_info li = left_of(ms->lt, u);
            int occupied = occ_front + h->ntiles - isums_get(&li.s, 0, HEXIOM_VALUES - 1);
            if (occupied > h->ntiles || occupied + ms->free_after < h->ntiles)
                continue;
            /* empties among decided slots: decided - occupied */
            int empties_left = si->empties + occupied, red = all - li.sum;
            if (empties_left < 0 || empties_left > si->nfree || red < 0 || red % 2 ||
                red > 2 * si->top[empties_left])
                continue;
            int c = 0;
            while (c < ncheck && checks[c].zmask != li.zmask)
                c++;
            if (c == ncheck) {
                if (ncheck == MAX_CHECKS) /* forget the others */
                    c = ncheck = 0;
                group_check_make(si, qcodes, li.zmask, h->inv, &checks[c]);
                ncheck++;
            }
            if (!group_check_ok(&checks[c], &li.s))
                continue;
            layer_push(out, u << cbits | cnt);
        }
        layer_close_group(out);
    }
    free(pos);
    free(end);
    free(head);
    return st;
}

static void merge_part(jobs *jb, void *ctx, int p, const atomic_bool *cancel)
{
    merge_step *ms = ctx;
    (void)jb;
    layer_clear(&ms->parts[p]);
    ms->big[p] = false;
    ms->st[p] = merge_links(ms, ms->at[p], ms->at[p + 1], &ms->parts[p], &ms->big[p], cancel);
}

static bool take_part(void *ctx, int p)
{
    merge_step *ms = ctx;
    ms->overflow |= ms->big[p];
    if (ms->st[p] != ASSIST_OK)
        return false;
    layer_append(ms->next, &ms->parts[p]);
    return true;
}

/* Fills ms->next with the step's child groups, on up to `threads` threads. */
static assist_status merge_children(merge_step *ms, int threads)
{
    /* cut between child groups, at about equal numbers of parent boards */
    size_t total = 0;
    for (size_t l = 0; l < ms->nlinks; l++)
        total += ms->cur->len[ms->links[l].g];
    int nparts = threads > 1 && total >= MIN_SPLIT ? 4 * threads : 1;
    if (nparts > MAX_PARTS)
        nparts = MAX_PARTS;
    ms->at[0] = 0;
    size_t l = 0, done = 0;
    for (int p = 1; p < nparts; p++) {
        size_t goal = total / (size_t)nparts * (size_t)p;
        while (l < ms->nlinks && (done < goal || (l > 0 && ms->links[l].f == ms->links[l - 1].f)))
            done += ms->cur->len[ms->links[l++].g];
        ms->at[p] = l;
    }
    ms->at[nparts] = ms->nlinks;
    ms->overflow = false;
    for (int p = 0; p < nparts; p++)
        ms->st[p] = ASSIST_UNKNOWN;
    job_spec spec = {merge_part, take_part, ms};
    jobs_run(&spec, nparts, threads);
    for (int p = 0; p < nparts; p++) {
        if (ms->st[p] != ASSIST_OK) {
            for (int q = 0; q < nparts; q++) /* what was not taken */
                layer_clear(&ms->parts[q]);
            return ASSIST_UNKNOWN;
        }
    }
    return ASSIST_OK;
}

assist_status hexiom_dp_run(const hexiom_dp_board *bd, bool contradiction, int stop, uint64_t work_cap,
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
    int fbits = 3 * maxfront, cbits = ubits > 2 ? 64 - ubits : 62;
    if (fbits > 64 || cbits < 24 || h->ntiles > ISUM_MAX) {
        *too_big = true;
        free(latest);
        return ASSIST_UNKNOWN;
    }
    uint64_t cmask = (1ull << cbits) - 1;
    left_tables lt;
    left_tables_make(&lt, h->inv, shift, width);
    int *degs = xmalloc((size_t)(n + 1) * sizeof *degs), *top = xmalloc((size_t)(n + 2) * sizeof *top);
    int *front = xmalloc((size_t)(n + 1) * sizeof *front), nfront = 0;
    int *nfrontv = xmalloc((size_t)(n + 1) * sizeof *nfrontv), nnew;
    int codes[64], ncodes[64];
    block_pool pool;
    block_pool_init(&pool);
    layer cur, next;
    layer_init(&cur, &pool);
    layer_init(&next, &pool);
    if (!contradiction) {
        layer_open_group(&cur, 0, 1);
        layer_push(&cur, 1);
        layer_close_group(&cur);
    }
    dp_link *links = NULL;
    size_t linkcap = 0;
    int threads = jobs_threads(MAX_THREADS);
    layer parts[MAX_PARTS];
    for (int p = 0; p < MAX_PARTS; p++)
        layer_init(&parts[p], &pool);
    assist_status st = ASSIST_OK;
    /* cells left undecided after step j that could still be occupied */
    int *free_after = xmalloc((size_t)n * sizeof *free_after);
    for (int j = n - 1, k = 0; j >= 0; j--) {
        free_after[j] = k;
        k += focc[j] != 0;
    }
    /* sym_after[j]: the cells after j are their mirror images' equals */
    bool *sym_after = xmalloc((size_t)n * sizeof *sym_after);
    for (int j = n - 1, ok = 1; j >= 0; j--) {
        sym_after[j] = ok;
        int m = bd->mirror ? bd->mirror[j] : j;
        ok &= focc[j] == focc[m] && fval[j] == fval[m] && bd->hole[j] == bd->hole[m];
    }
    for (int j = 0; j < n && cur.ngroups; j++) {
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
        /* each group's move for each content of cell j */
        if (2 * cur.ngroups > linkcap) {
            linkcap = 2 * cur.ngroups;
            links = xrealloc(links, linkcap * sizeof *links);
        }
        size_t nlinks = 0;
        for (size_t g = 0; g < cur.ngroups; g++) {
            for (int p = 0; p < nfront; p++)
                codes[p] = (int)((cur.fkey[g] >> (3 * p)) & 7);
            for (int o = 0; o < 2; o++) {
                if (focc[j] >= 0 && focc[j] != o)
                    continue;
                int own = 1; /* 1 + count */
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
                dp_link *L = &links[nlinks];
                L->f = 0;
                L->delta = 0;
                L->g = (uint32_t)g;
                L->nv = 0;
                int q = 0;
                for (int p = 0; p <= nfront && ok; p++) {
                    int c = p < nfront ? front[p] : j;
                    if (latest[c] > j) {
                        L->f |= (uint64_t)ncodes[p] << (3 * q++);
                        continue;
                    }
                    if (!ncodes[p])
                        continue;
                    int v = ncodes[p] - 1;
                    if (v >= HEXIOM_VALUES || (fval[c] >= 0 && fval[c] != v) || !h->inv[v]) {
                        ok = false;
                        break;
                    }
                    L->delta += mul[v];
                    int a = 0;
                    while (a < L->nv && L->v[a] != v)
                        a++;
                    if (a == L->nv) {
                        L->v[a] = (signed char)v;
                        L->k[a] = 0;
                        L->nv++;
                    }
                    L->k[a]++;
                }
                if (ok)
                    nlinks++;
            }
        }
        qsort(links, nlinks, sizeof *links, link_cmp);
        /* each child group: merge its parents' lists, shifted by their deltas */
        merge_step ms = {.cur = &cur, .links = links, .nlinks = nlinks, .si = &si, .lt = &lt, .h = h,
                         .shift = shift, .width = width, .cbits = cbits, .nnew = nnew,
                         .free_after = free_after[j], .deadline = deadline, .parts = parts, .next = &next};
        layer_clear(&next);
        st = merge_children(&ms, threads);
        *too_big |= ms.overflow;
        if (st != ASSIST_OK)
            break;
        if (next.entries > max_states()) {
            st = ASSIST_UNKNOWN;
            *too_big = true;
            break;
        }
        /* fold mirror images together (into cur's memory: the parents are done) */
        bool folded = false;
        if (bd->mirror && bd->row_end[j] && sym_after[j] && nnew > 1) {
            int perm[64];
            bool closed = true;
            for (int q = 0; q < nnew && closed; q++) {
                int c = nfrontv[q], m = bd->mirror[c];
                perm[q] = -1;
                for (int q2 = 0; q2 < nnew; q2++)
                    if (nfrontv[q2] == m)
                        perm[q] = q2;
                /* the frontier's own constraints must be symmetric too */
                closed = perm[q] >= 0 && focc[c] == focc[m] && fval[c] == fval[m];
            }
            if (closed) {
                if (!fold_layer(&next, &cur, perm, nnew, cbits)) {
                    st = ASSIST_UNKNOWN;
                    *too_big = true;
                    break;
                }
                folded = true;
            }
        }
        if (!folded) {
            layer t = cur;
            cur = next;
            next = t;
        }
#ifdef HEXIOM_DP_TRACE /* states per step, for tuning */
        fprintf(stderr, "step %d: %zu groups, %zu states, %.1f s\n", j, cur.ngroups, cur.entries,
                (double)clock() / CLOCKS_PER_SEC);
#endif
        *work += cur.entries;
        if (*work > work_cap) {
            st = ASSIST_UNKNOWN;
            break;
        }
        memcpy(front, nfrontv, (size_t)nnew * sizeof *front);
        nfront = nnew;
    }
    if (st == ASSIST_OK) {
        uint64_t total = 0;
        for (size_t g = 0; g < cur.ngroups; g++)
            for (size_t i = 0; i < cur.len[g]; i++)
                if (cur.first[g][i] >> cbits == full)
                    total += cur.first[g][i] & cmask;
        *total_out = total;
    }
    layer_free(&cur);
    layer_free(&next);
    for (int p = 0; p < MAX_PARTS; p++)
        layer_free(&parts[p]);
    block_pool_free(&pool);
    left_tables_free(&lt);
    free(links);
    free(front);
    free(nfrontv);
    free(free_after);
    free(sym_after);
    free(degs);
    free(top);
    free(latest);
    return st;
}
