/* hexiom_dp.c: the counting DP itself, one sweep of a renumbered board
 * (hexiom_count.c chooses the sweep and answers the family's count). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h> /* clock(), for HEXIOM_DP_TRACE */
#include <unistd.h>

#include "games/hexiom.h"
#include "games/hexiom_bounds.h"
#include "games/hexiom_count.h"
#include "games/hexiom_layer.h"
#include "jobs.h"
#include "mem_limit.h"

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
 * boards that the tiles left cannot finish are dropped: by the tile count
 * and value-sum bound at once, by the stock checks within a few steps
 * (hexiom_bounds.c; see check_step); all of them hold for every partial
 * board that can be finished, so dropping the others changes no count.
 * They still keep many boards that cannot be finished: telling those
 * apart would take what the rows below can take value by value, that is
 * pairing each partial board with the lower half's, far more work than
 * the DP itself (bench/NOTES.md has the measurements). */

/* One step's partial boards (hexiom_layer.h): grouped by frontier code
 * (ascending), each group with its used-tiles codes (ascending) and their
 * numbers.  A step maps a whole group to a child group at once, and a
 * child group is the merge of its few parents' sorted lists: no hashing,
 * and 8 bytes a partial board (the used-tiles code and the number share a
 * word: used-tiles code << cbits | partial boards). */

typedef hexiom_dp_link dp_link; /* hexiom_count.h */

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
 * DP may use half of the memory the process may still take when it starts
 * (mem_available: the physical memory, ulimit -v and the cgroup's
 * memory.max); beyond that it gives up and the count is left to
 * enumeration, as the manual says.  Level 40 needs several gigabytes
 * (bench/NOTES.md): a machine with enough memory counts it, a smaller one
 * leaves it to enumeration (which never gets that far).
 * -DHEXIOM_DP_MAX_STATES=N (millions) sets the limit at build time. */
#define HEXIOM_DP_BYTES_PER_STATE 16

static size_t max_states(int threads)
{
#ifdef HEXIOM_DP_MAX_STATES
    (void)threads;
    return (size_t)(HEXIOM_DP_MAX_STATES) << 20;
#else
    /* asked once a count, before the DP takes any of it.  Beyond its
     * boards the DP holds address space of its own: each thread gets an
     * allocator arena from glibc, which reserves 64 MiB, a stack of 8 MiB
     * and four parts of the merge (at least a block of 8 MiB each, see
     * hexiom_layer.c), and the two steps a block each.  Under ulimit -v all
     * of it counts: level 40 under 300,000 KiB ran out of address space
     * at 110 MiB of memory in use when only the boards were counted. */
    size_t room = mem_available(), slack = (size_t)threads * (104u << 20) + (16u << 20);
    /* no floor: a DP that does not fit gives the count to enumeration */
    return (room > slack ? room - slack : 0) / 2 / HEXIOM_DP_BYTES_PER_STATE;
#endif
}

/* Merges two ascending entry lists, adding the numbers of equal codes;
 * returns the length, or SIZE_MAX when a number outgrows its bits.  The
 * loop has no branch but its own: which list goes first is as good as a
 * coin toss. */
static size_t merge_two(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, uint64_t *dst, int cbits)
{
    uint64_t cmask = (1ull << cbits) - 1, big = 0;
    size_t i = 0, j = 0, m = 0;
    while (i < na && j < nb) {
        uint64_t x = a[i], y = b[j], ux = x >> cbits, uy = y >> cbits;
        bool take_a = ux <= uy, take_b = uy <= ux;
        /* equal codes: a's entry plus b's number */
        uint64_t e = take_a ? x + (take_b ? y & cmask : 0) : y;
        big |= (e >> cbits) != (take_a ? ux : uy);
        dst[m++] = e;
        i += take_a;
        j += take_b;
    }
    if (big)
        return SIZE_MAX;
    while (i < na)
        dst[m++] = a[i++];
    while (j < nb)
        dst[m++] = b[j++];
    return m;
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

static bool fold_layer(const hexiom_dp_layer *in, hexiom_dp_layer *out, const int *perm, int nfront,
                       int cbits)
{
    filed *fl = xmalloc((in->ngroups + 1) * sizeof *fl);
    for (size_t g = 0; g < in->ngroups; g++) {
        uint64_t f = in->fkey[g], r = 0;
        for (int q = 0; q < nfront; q++)
            r |= ((f >> (3 * q)) & 7) << (3 * perm[q]);
        fl[g].f = r < f ? r : f;
        fl[g].g = g;
    }
    qsort(fl, in->ngroups, sizeof *fl, filed_cmp);
    hexiom_dp_layer_clear(out);
    uint64_t *tmp = NULL;
    size_t tmpcap = 0;
    bool ok = true;
    for (size_t a = 0, b; a < in->ngroups && ok; a = b) {
        size_t most = in->len[fl[a].g];
        for (b = a + 1; b < in->ngroups && fl[b].f == fl[a].f; b++)
            most += in->len[fl[b].g];
        hexiom_dp_layer_open_group(out, fl[a].f, most);
        const uint64_t *first = in->first[fl[a].g];
        size_t n = in->len[fl[a].g];
        if (b == a + 1) { /* alone: copied */
            for (size_t i = 0; i < n; i++)
                hexiom_dp_layer_push(out, first[i]);
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
                uint64_t *dst = hexiom_dp_layer_open_space(out);
                na = merge_two(tmp, na, in->first[fl[t].g], in->len[fl[t].g], dst, cbits);
                ok = na != SIZE_MAX;
                if (ok && t + 1 < b)
                    memcpy(tmp, dst, na * sizeof *tmp);
            }
            if (!ok)
                break;
            hexiom_dp_layer_set_open_len(out, na);
        }
        hexiom_dp_layer_close_group(out);
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

/* The tile count and the value-sum bound are tested on every entry before
 * it is merged (fit_shift): two table reads.  The stock checks cost about
 * as much per partial board as the merge itself and drop fewer boards
 * (at level 40, 8% of those checked against 26% for the value sum), and
 * what they would drop mostly fails them again a few steps later.  So on
 * big steps (MIN_SPLIT parent boards or more) they run every sixth step:
 * every third step was slower, every fourth, sixth, eighth or never about
 * as fast, and the sparser the checks the more boards are kept at the
 * peak (bench/NOTES.md).  Skipping a check only keeps boards longer; the
 * count is the same.  A step that outgrows the memory limit (max_states)
 * unchecked is made again, checked.  -DHEXIOM_DP_CHECK_EVERY=N sets the
 * period at build time. */
#ifndef HEXIOM_DP_CHECK_EVERY
#define HEXIOM_DP_CHECK_EVERY 6
#endif
/* A sweep kept for a pass back (hexiom_cover.c) runs them every fourth
 * step whatever its size: that pass drops every board that cannot be
 * finished anyway, and on level 38 the cold hint was fastest so (every
 * step, every second, every third or never were slower: bench/NOTES.md). */
#define TRAIL_CHECK_EVERY 4
static bool check_step(size_t parents, int unchecked)
{
    return parents < MIN_SPLIT || unchecked >= HEXIOM_DP_CHECK_EVERY - 1;
}

typedef struct {
    const hexiom_dp_layer *cur;
    const dp_link *links;
    size_t nlinks;
    const hexiom_dp_step *si;
    const hexiom_dp_left_tables *lt;
    const hexiom_puzzle *h;
    const int *shift, *width;
    int cbits, nnew, free_after;
    bool check;            /* run the stock checks (see check_step) */
    double deadline;
    hexiom_dp_layer *parts;          /* one per part */
    size_t at[MAX_PARTS + 1]; /* part p: links [at[p], at[p + 1]) */
    assist_status st[MAX_PARTS];
    bool big[MAX_PARTS];
    hexiom_dp_layer *next;
    bool overflow;         /* a part's numbers outgrew their bits */
    size_t cap;            /* the memory limit, in partial boards (max_states) */
    atomic_size_t *kept;   /* partial boards kept so far, all parts together */
} merge_step;

/* Partial boards a part keeps before it adds them to merge_step.kept. */
#define KEPT_BATCH ((size_t)1 << 16)

/* Whether a parent's used-tiles code u leaves room for a link's tiles:
 * adding `add` carries out of a value's bit field exactly when that
 * value's count would pass its stock, and the lowest such carry shows in
 * the carry bits (u ^ add ^ sum) at the field's top, or for the top
 * field, which ends at the word's end, as a sum smaller than u.  No field
 * of u passes its stock, so a carry can only start at a field that
 * overflows. */
typedef struct {
    uint64_t add, tops, delta; /* delta: the child's code minus the parent's */
    uint32_t used;             /* the link's tiles and their value sum (hexiom_dp_left_tables' used) */
    bool never;                /* the link takes more of a value than there is */
} link_fit;

static link_fit link_fit_make(const dp_link *L, const int *inv, const int *shift, const int *width, int cbits)
{
    link_fit lf = {0, 0, L->delta << cbits, 0, false};
    for (int t = 0; t < L->nv; t++) {
        int v = L->v[t], room = inv[v] - L->k[t];
        lf.used += (uint32_t)L->k[t] + ((uint32_t)(v * L->k[t]) << 16);
        if (room < 0)
            lf.never = true;
        else
            lf.add += (((1ull << width[v]) - 1) - (uint64_t)room) << shift[v];
        if (shift[v] + width[v] + cbits < 64)
            lf.tops |= 1ull << (shift[v] + width[v] + cbits);
    }
    lf.add <<= cbits;
    return lf;
}

/* The entries of one parent group that fit and pass the child group's
 * hexiom_dp_sum_bound, shifted into the child's codes, to dst; returns how many.
 * Entries keep the count in their low bits, which adding the shifted
 * `add` leaves alone.  The tables' chunks are read from locals, and
 * fit_shift below makes their number a constant for one or two chunks
 * (a count known only at run time was slower: bench/NOTES.md). */
static inline size_t fit_shift_chunks(const link_fit *lf, const uint64_t *src, size_t n, uint64_t *dst,
                                      const hexiom_dp_left_tables *lt, const hexiom_dp_sum_bound *sb,
                                      int cbits, int nchunk)
{
    const uint32_t *tab[HEXIOM_VALUES];
    int shift[HEXIOM_VALUES];
    uint64_t mask[HEXIOM_VALUES];
    for (int c = 0; c < nchunk; c++) {
        tab[c] = lt->used[c];
        shift[c] = lt->shift[c] + cbits;
        mask[c] = (uint64_t)lt->mask[c];
    }
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t e = src[i], sum = e + lf->add;
        uint32_t ts = lf->used;
        for (int c = 0; c < nchunk; c++)
            ts += tab[c][(e >> shift[c]) & mask[c]];
        dst[m] = e + lf->delta;
        m += ((sum ^ e ^ lf->add) & lf->tops) == 0 && sum >= e && hexiom_dp_sum_bound_ok(sb, ts);
    }
    return m;
}

static size_t fit_shift(const link_fit *lf, const uint64_t *src, size_t n, uint64_t *dst,
                        const hexiom_dp_left_tables *lt, const hexiom_dp_sum_bound *sb, int cbits)
{
    if (lf->never)
        return 0;
    switch (lt->nchunk) { /* level 40 has two chunks */
    case 1:
        return fit_shift_chunks(lf, src, n, dst, lt, sb, cbits, 1);
    case 2:
        return fit_shift_chunks(lf, src, n, dst, lt, sb, cbits, 2);
    default:
        return fit_shift_chunks(lf, src, n, dst, lt, sb, cbits, lt->nchunk);
    }
}

/* The child groups of links [a, z) into `out`; ASSIST_UNKNOWN when a number
 * outgrows its bits (*big), the deadline passes or the part is cancelled.
 * Each child group is made in two passes over its entries: its parents'
 * entries that fit and pass the group's hexiom_dp_sum_bound, merged into the group's
 * place in `out`; then, on checked steps, the ones that fail the stock
 * checks squeezed out in place. */
static assist_status merge_links(const merge_step *ms, size_t a, size_t z, hexiom_dp_layer *out, bool *big,
                                 const atomic_bool *cancel)
{
    const hexiom_dp_layer *cur = ms->cur;
    const dp_link *links = ms->links;
    const hexiom_dp_step *si = ms->si;
    const hexiom_puzzle *h = ms->h;
    int cbits = ms->cbits;
    /* a group's checks, made when one of its entries first needs them:
     * per set of used-up values, made[zmask] tells for which group */
    enum { NZMASKS = 1 << HEXIOM_VALUES };
    hexiom_dp_group_check checks[NZMASKS];
    size_t made[NZMASKS];
    memset(made, 0xff, sizeof made);
    uint64_t *tmp = NULL, *tmp2 = NULL;
    size_t tmpcap = 0, pending = 0; /* kept, not yet added to ms->kept */
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
        hexiom_dp_sum_bound sb;
        hexiom_dp_sum_bound_make(si, h, hexiom_dp_sum_all(si, qcodes), occ_front, ms->free_after, &sb);
        size_t most = 0;
        for (size_t l = a; l < b; l++)
            most += cur->len[links[l].g];
        if (b - a > 1 && most > tmpcap) {
            tmpcap = most;
            tmp = xrealloc(tmp, tmpcap * sizeof *tmp);
            tmp2 = xrealloc(tmp2, 2 * tmpcap * sizeof *tmp2); /* a parent, then the merge */
        }
        hexiom_dp_layer_open_group(out, f, most);
        uint64_t *dst = hexiom_dp_layer_open_space(out);
        /* pass 1: the parents' fitting entries, merged one parent at a
         * time (a child group has one to three parents, as a rule) */
        size_t n = 0;
        for (size_t l = a; l < b; l++) {
            link_fit lf = link_fit_make(&links[l], h->inv, ms->shift, ms->width, cbits);
            const uint64_t *src = cur->first[links[l].g];
            size_t len = cur->len[links[l].g];
            if (l == a) {
                n = fit_shift(&lf, src, len, b - a > 1 ? tmp : dst, ms->lt, &sb, cbits);
                continue;
            }
            size_t m = fit_shift(&lf, src, len, tmp2, ms->lt, &sb, cbits);
            n = merge_two(tmp, n, tmp2, m, l + 1 < b ? tmp2 + m : dst, cbits);
            if (n == SIZE_MAX) {
                st = ASSIST_UNKNOWN;
                *big = true;
                break;
            }
            if (l + 1 < b)
                memcpy(tmp, tmp2 + m, n * sizeof *tmp);
        }
        if (st != ASSIST_OK)
            break;
        /* pass 2: keep what the tiles left can still finish (stock checks) */
        size_t kept = ms->check ? 0 : n;
        for (size_t i = 0; i < n && ms->check; i++) {
            uint64_t e = dst[i];
            hexiom_dp_left_info li;
            hexiom_dp_left_of(ms->lt, e >> cbits, &li);
            hexiom_dp_group_check *gc = &checks[li.zmask];
            if (made[li.zmask] != a) {
                made[li.zmask] = a;
                hexiom_dp_group_check_make(si, qcodes, li.zmask, h->inv, gc);
            }
            if (hexiom_dp_group_check_ok(gc, &li.s))
                dst[kept++] = e;
        }
        hexiom_dp_layer_set_open_len(out, kept);
        hexiom_dp_layer_close_group(out);
        /* past the memory limit the step is given up at once, before it
         * can take far more than the limit (a step may grow tenfold); the
         * parts add to the shared count in batches, to keep off its line */
        pending += kept;
        if (pending >= KEPT_BATCH) {
            if (atomic_fetch_add(ms->kept, pending) + pending > ms->cap)
                st = ASSIST_UNKNOWN;
            pending = 0;
        }
    }
    atomic_fetch_add(ms->kept, pending);
    free(tmp);
    free(tmp2);
    return st;
}

static void merge_part(jobs *jb, void *ctx, int p, const atomic_bool *cancel)
{
    merge_step *ms = ctx;
    (void)jb;
    hexiom_dp_layer_clear(&ms->parts[p]);
    ms->big[p] = false;
    ms->st[p] = merge_links(ms, ms->at[p], ms->at[p + 1], &ms->parts[p], &ms->big[p], cancel);
}

static bool take_part(void *ctx, int p)
{
    merge_step *ms = ctx;
    ms->overflow |= ms->big[p];
    if (ms->st[p] != ASSIST_OK)
        return false;
    hexiom_dp_layer_append(ms->next, &ms->parts[p]);
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
    atomic_store(ms->kept, 0);
    for (int p = 0; p < nparts; p++)
        ms->st[p] = ASSIST_UNKNOWN;
    job_spec spec = {merge_part, take_part, ms};
    jobs_run(&spec, nparts, threads);
    for (int p = 0; p < nparts; p++) {
        if (ms->st[p] != ASSIST_OK) {
            for (int q = 0; q < nparts; q++) /* what was not taken */
                hexiom_dp_layer_clear(&ms->parts[q]);
            return ASSIST_UNKNOWN;
        }
    }
    return ASSIST_OK;
}

void hexiom_dp_trail_free(hexiom_dp_trail *t)
{
    for (int j = 0; j <= t->n && t->layer; j++) {
        free(t->layer[j].fkey);
        free(t->layer[j].off);
        free(t->layer[j].code);
    }
    for (int j = 0; j < t->n && t->link; j++) {
        free(t->link[j]);
        free(t->front[j]);
        free(t->perm[j]);
    }
    free(t->perm);
    free(t->mirror);
    free(t->layer);
    free(t->link);
    free(t->nlinks);
    free(t->front);
    free(t->nfront);
    free(t->latest);
    free(t->nbr);
    memset(t, 0, sizeof *t);
}

/* A layer's codes without their numbers, in arrays of their own size:
 * the run's blocks are far larger than most steps need. */
static void keep_layer(const hexiom_dp_layer *l, int cbits, hexiom_dp_kept *k)
{
    k->ngroups = l->ngroups;
    k->fkey = xmalloc((l->ngroups + 1) * sizeof *k->fkey);
    k->off = xmalloc((l->ngroups + 1) * sizeof *k->off);
    k->code = xmalloc((l->entries + 1) * sizeof *k->code);
    size_t at = 0;
    for (size_t g = 0; g < l->ngroups; g++) {
        k->fkey[g] = l->fkey[g];
        k->off[g] = at;
        for (size_t i = 0; i < l->len[g]; i++)
            k->code[at++] = l->first[g][i] >> cbits;
    }
    k->off[l->ngroups] = at;
}

static void trail_start(hexiom_dp_trail *t, const hexiom_dp_board *bd, const int *latest, const int *shift,
                        const int *width, uint64_t full)
{
    int n = bd->h->ncells;
    memset(t, 0, sizeof *t);
    t->n = n;
    t->layer = xcalloc((size_t)n + 1, sizeof *t->layer);
    t->link = xcalloc((size_t)n + 1, sizeof *t->link);
    t->nlinks = xcalloc((size_t)n + 1, sizeof *t->nlinks);
    t->front = xcalloc((size_t)n + 1, sizeof *t->front);
    t->perm = xcalloc((size_t)n + 1, sizeof *t->perm);
    if (bd->mirror) {
        t->mirror = xmalloc((size_t)n * sizeof *t->mirror);
        memcpy(t->mirror, bd->mirror, (size_t)n * sizeof *t->mirror);
    }
    t->nfront = xcalloc((size_t)n + 1, sizeof *t->nfront);
    t->latest = xmalloc((size_t)n * sizeof *t->latest);
    memcpy(t->latest, latest, (size_t)n * sizeof *latest);
    t->nbr = xmalloc((size_t)n * 6 * sizeof *t->nbr);
    memcpy(t->nbr, bd->nbr, (size_t)n * 6 * sizeof *t->nbr);
    memcpy(t->shift, shift, sizeof t->shift);
    memcpy(t->width, width, sizeof t->width);
    t->full = full;
}

/* Step j's frontier and links, before it is made. */
static void trail_step(hexiom_dp_trail *t, int j, const int *front, int nfront, const dp_link *links,
                       size_t nlinks)
{
    t->front[j] = xmalloc(((size_t)nfront + 1) * sizeof *t->front[j]);
    memcpy(t->front[j], front, (size_t)nfront * sizeof *front);
    t->nfront[j] = nfront;
    t->link[j] = xmalloc((nlinks + 1) * sizeof *t->link[j]);
    memcpy(t->link[j], links, nlinks * sizeof *links);
    t->nlinks[j] = nlinks;
}

assist_status hexiom_dp_run(const hexiom_dp_board *bd, bool contradiction, int stop, uint64_t work_cap,
                             double deadline, uint64_t *work, uint64_t *total_out, bool *too_big,
                             hexiom_dp_trail *trail)
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
    if (fbits > 64 || cbits < 24 || h->ntiles > HEXIOM_DP_ISUM_MAX) {
        *too_big = true;
        free(latest);
        return ASSIST_UNKNOWN;
    }
    uint64_t cmask = (1ull << cbits) - 1;
    hexiom_dp_left_tables lt;
    hexiom_dp_left_tables_make(&lt, h->inv, shift, width);
    int *degs = xmalloc((size_t)(n + 1) * sizeof *degs), *top = xmalloc((size_t)(n + 2) * sizeof *top);
    int *front = xmalloc((size_t)(n + 1) * sizeof *front), nfront = 0;
    int *nfrontv = xmalloc((size_t)(n + 1) * sizeof *nfrontv), nnew;
    int codes[64], ncodes[64];
    hexiom_dp_pool pool;
    hexiom_dp_pool_init(&pool);
    hexiom_dp_layer cur, next;
    hexiom_dp_layer_init(&cur, &pool);
    hexiom_dp_layer_init(&next, &pool);
    if (!contradiction) {
        hexiom_dp_layer_open_group(&cur, 0, 1);
        hexiom_dp_layer_push(&cur, 1);
        hexiom_dp_layer_close_group(&cur);
    }
    if (trail) {
        trail_start(trail, bd, latest, shift, width, full);
        keep_layer(&cur, cbits, &trail->layer[0]);
    }
    dp_link *links = NULL;
    size_t linkcap = 0;
    int threads = jobs_threads(MAX_THREADS);
    hexiom_dp_layer parts[MAX_PARTS];
    for (int p = 0; p < MAX_PARTS; p++)
        hexiom_dp_layer_init(&parts[p], &pool);
    assist_status st = ASSIST_OK;
    int unchecked = 0; /* steps since the last checked one */
    size_t state_cap = max_states(threads);
    atomic_size_t kept; /* a step's partial boards (merge_step.kept) */
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
        hexiom_dp_step si;
        hexiom_dp_step_make(&si, bd, j, nfrontv, nnew, degs, top);
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
                L->o = (signed char)o;
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
        if (trail)
            trail_step(trail, j, front, nfront, links, nlinks);
        /* each child group: merge its parents' lists, shifted by their deltas */
        merge_step ms = {.cur = &cur, .links = links, .nlinks = nlinks, .si = &si, .lt = &lt, .h = h,
                         .shift = shift, .width = width, .cbits = cbits, .nnew = nnew,
                         .free_after = free_after[j], .check = trail ? unchecked >= TRAIL_CHECK_EVERY - 1 : check_step(cur.entries, unchecked),
                         .deadline = deadline, .parts = parts, .next = &next, .cap = state_cap,
                         .kept = &kept};
        hexiom_dp_layer_clear(&next);
        st = merge_children(&ms, threads);
        bool over = atomic_load(&kept) > state_cap;
        if (over && !ms.check) {
            /* over the limit for want of the checks alone: once more, checked */
            ms.check = true;
            hexiom_dp_layer_clear(&next);
            st = merge_children(&ms, threads);
            over = atomic_load(&kept) > state_cap;
        }
        unchecked = ms.check ? 0 : unchecked + 1;
        *too_big |= ms.overflow;
        if (over) {
            st = ASSIST_UNKNOWN;
            *too_big = true;
            break;
        }
        if (st != ASSIST_OK)
            break;
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
                if (trail) {
                    trail->perm[j] = xmalloc((size_t)nnew * sizeof *trail->perm[j]);
                    memcpy(trail->perm[j], perm, (size_t)nnew * sizeof *perm);
                }
            }
        }
        if (!folded) {
            hexiom_dp_layer t = cur;
            cur = next;
            next = t;
        }
#ifdef HEXIOM_DP_TRACE /* states per step, for tuning */
        fprintf(stderr, "step %d: %zu groups, %zu states, %.1f s\n", j, cur.ngroups, cur.entries,
                (double)clock() / CLOCKS_PER_SEC);
#endif
        if (trail) {
            keep_layer(&cur, cbits, &trail->layer[j + 1]);
            trail->steps = j + 1;
        }
        *work += cur.entries;
        /* a kept sweep's second half keeps 8 to 60 times as many boards
         * as its first (bench/NOTES.md): one past a sixteenth of its cap
         * before halfway gives up at once rather than at the cap */
        if (*work > work_cap || (trail && 2 * j < n && *work > work_cap / 16)) {
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
    hexiom_dp_layer_free(&cur);
    hexiom_dp_layer_free(&next);
    for (int p = 0; p < MAX_PARTS; p++)
        hexiom_dp_layer_free(&parts[p]);
    hexiom_dp_pool_free(&pool);
    hexiom_dp_left_tables_free(&lt);
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
