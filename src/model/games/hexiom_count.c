/* hexiom_count.c: exact solution counts by dynamic programming over the
 * board in reading order (hexiom_dp.c), for levels with far too many
 * solutions to enumerate one SAT call at a time (level 39 has hundreds of
 * thousands): which sweep to run, and the family's count hook. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "games/hexiom.h"
#include "games/hexiom_count.h"
#include "hexgrid.h"

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
    int *cell;               /* the puzzle's cell at each position */
    int *nbr, *sorted_nbr;
    int *mirror;             /* the cell's image in the mirror that keeps rows, NULL if none */
    unsigned char *row_end;  /* last cell of its row */
    unsigned char *hole;
    signed char *focc, *fval;
} oriented;

/* A cell's six neighbours in ascending order (a board's shape, compared
 * across orientations and mirrors). */
static void sort_six(int *v)
{
    for (int a = 1; a < 6; a++)
        for (int b = a; b > 0 && v[b] < v[b - 1]; b--) {
            int t = v[b];
            v[b] = v[b - 1];
            v[b - 1] = t;
        }
}

static void orient(const hexiom_puzzle *h, int o, const signed char *focc, const signed char *fval,
                   oriented *out)
{
    int n = h->ncells;
    int *key = xmalloc((size_t)n * sizeof *key), *cell = xmalloc((size_t)n * sizeof *cell);
    int *pos = xmalloc((size_t)n * sizeof *pos);
    for (int c = 0; c < n; c++) {
        int q = h->q[c], r = h->r[c];
        hex_rotate(&q, &r, o % 6);
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
    out->cell = cell;
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
        sort_six(s);
        out->hole[p] = h->hole[c];
        out->focc[p] = focc[c];
        out->fval[p] = fval[c];
    }
    /* rows (the key's high part) and their mirror, which turns each row
     * around; kept only if it maps neighbours to neighbours */
    out->row_end = xmalloc((size_t)n);
    out->mirror = xmalloc((size_t)n * sizeof *out->mirror);
    for (int p = 0, first = 0; p < n; p++) {
        int row = key[cell[p]] / (4 * HEXIOM_MAX_SIDE);
        out->row_end[p] = p == n - 1 || key[cell[p + 1]] / (4 * HEXIOM_MAX_SIDE) != row;
        if (out->row_end[p]) {
            for (int a = first; a <= p; a++)
                out->mirror[a] = first + p - a;
            first = p + 1;
        }
    }
    for (int p = 0; p < n && out->mirror; p++) {
        int m = out->mirror[p], img[6];
        for (int k = 0; k < 6; k++) {
            int o2 = out->sorted_nbr[p * 6 + k];
            img[k] = o2 < 0 ? -1 : out->mirror[o2];
        }
        sort_six(img);
        if (memcmp(img, &out->sorted_nbr[m * 6], sizeof img)) {
            free(out->mirror);
            out->mirror = NULL;
        }
    }
    free(key);
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
    free(o->cell);
    free(o->nbr);
    free(o->sorted_nbr);
    free(o->mirror);
    free(o->row_end);
    free(o->hole);
    free(o->focc);
    free(o->fval);
}

/* The DP's view of one orientation (fold: merge mirror images). */
static hexiom_dp_board dp_board(const hexiom_puzzle *h, const oriented *o, bool fold)
{
    return (hexiom_dp_board){h, o->nbr, fold ? o->mirror : NULL, o->row_end, o->hole, o->focc, o->fval};
}

assist_status hexiom_count_dp(const void *pz, const int *marks, int nmarks, long limit, double seconds,
                              long *count, bool *too_big)
{
    return hexiom_count_dp_with(pz, marks, nmarks, limit, seconds, 0, count, too_big, NULL);
}

/* What each cell must be under the marks: occupancy -1 free / 0 / 1,
 * value -1 free.  true when the marks contradict each other. */
static bool cell_constraints(const hexiom_puzzle *h, const int *marks, int nmarks, signed char *focc,
                             signed char *fval)
{
    int n = h->ncells;
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
    return contradiction;
}

/* The sweep to run to the end: the distinct orientations tried up to
 * their halfway step, each given no more partial boards than the best so
 * far (nor than cap).  Returns its index, or -1 when a trial already gave
 * the answer (*done, with *st and *total) or none fits (*done false). */
static int choose_orientation(const hexiom_puzzle *h, const oriented *all, bool fold, bool contradiction,
                              uint64_t cap, double deadline, assist_status *st, uint64_t *total, bool *done)
{
    int n = h->ncells, best = -1, ndistinct = 0;
    uint64_t best_work = cap, work;
    bool distinct[ORIENTATIONS], big;
    *done = false;
    *st = ASSIST_UNKNOWN;
    for (int o = 0; o < ORIENTATIONS; o++) {
        distinct[o] = true;
        for (int p = 0; p < o && distinct[o]; p++)
            distinct[o] = !same_board(&all[p], &all[o], n);
        ndistinct += distinct[o];
    }
    if (ndistinct == 1) /* nothing to choose: no trial run */
        return 0;
    for (int o = 0; o < ORIENTATIONS; o++) {
        if (!distinct[o])
            continue;
        hexiom_dp_board b = dp_board(h, &all[o], fold);
        *st = hexiom_dp_run(&b, contradiction, n / 2, best_work, deadline, &work, total, &big, NULL);
        if (*st == ASSIST_OK) { /* over before halfway: the count itself */
            *done = true;
            return -1;
        }
        if (deadline > 0 && monotonic_seconds() > deadline) {
            *done = true;
            return -1;
        }
        if (!big && work <= best_work) {
            best = o;
            best_work = work;
        }
    }
    return best;
}

assist_status hexiom_count_dp_with(const void *pz, const int *marks, int nmarks, long limit, double seconds,
                                   unsigned flags, long *count, bool *too_big, uint64_t *states)
{
    const hexiom_puzzle *h = pz;
    int n = h->ncells;
    *count = 0;
    *too_big = false;
    if (states)
        *states = 0;
    signed char *focc = xmalloc((size_t)n), *fval = xmalloc((size_t)n);
    bool contradiction = cell_constraints(h, marks, nmarks, focc, fval);
    double deadline = seconds > 0 ? monotonic_seconds() + seconds : 0;
    bool fold = !(flags & HEXIOM_DP_NO_FOLD);
    oriented all[ORIENTATIONS];
    for (int o = 0; o < ORIENTATIONS; o++)
        orient(h, o, focc, fval, &all[o]);
    uint64_t work = 0, total = 0;
    assist_status st;
    bool done;
    int best = choose_orientation(h, all, fold, contradiction, UINT64_MAX, deadline, &st, &total, &done);
    if (!done && best < 0) {
        *too_big = true;
        st = ASSIST_UNKNOWN;
    } else if (!done) {
        hexiom_dp_board b = dp_board(h, &all[best], fold);
        st = hexiom_dp_run(&b, contradiction, n + 1, UINT64_MAX, deadline, &work, &total, too_big, NULL);
    }
    if (st == ASSIST_OK) {
        *count = total > (uint64_t)limit ? limit : (long)total;
        if (states)
            *states = work;
    }
    for (int o = 0; o < ORIENTATIONS; o++)
        oriented_free(&all[o]);
    free(focc);
    free(fval);
    return st;
}

assist_status hexiom_dp_sweep_kept(const void *pz, const int *marks, int nmarks, double seconds,
                                   uint64_t work_cap, hexiom_dp_trail *trail, int **cell_of_pos)
{
    const hexiom_puzzle *h = pz;
    int n = h->ncells;
    memset(trail, 0, sizeof *trail);
    *cell_of_pos = NULL;
    signed char *focc = xmalloc((size_t)n), *fval = xmalloc((size_t)n);
    bool contradiction = cell_constraints(h, marks, nmarks, focc, fval);
    double deadline = seconds > 0 ? monotonic_seconds() + seconds : 0;
    oriented all[ORIENTATIONS];
    for (int o = 0; o < ORIENTATIONS; o++)
        orient(h, o, focc, fval, &all[o]);
    uint64_t work = 0, total = 0;
    assist_status st;
    bool done, big = false;
    /* a sweep that keeps a quarter of the cap by its halfway step will
     * not finish within it, as a rule: the trials stop there, so that a
     * board too big is given up quickly */
    int best = choose_orientation(h, all, true, contradiction, work_cap / 4, deadline, &st, &total, &done);
    if (done && st == ASSIST_OK)
        best = 0; /* no board reaches halfway in any sweep: any will do */
    if (best < 0) {
        st = ASSIST_UNKNOWN;
    } else {
        bool whole = all[best].mirror != NULL;
        for (int p = 0; p < n && whole; p++) {
            int m = all[best].mirror[p];
            whole = all[best].focc[p] == all[best].focc[m] && all[best].fval[p] == all[best].fval[m] &&
                    all[best].hole[p] == all[best].hole[m];
        }
        hexiom_dp_board b = dp_board(h, &all[best], whole);
        st = hexiom_dp_run(&b, contradiction, n + 1, work_cap, deadline, &work, &total, &big, trail);
        *cell_of_pos = xmalloc((size_t)n * sizeof **cell_of_pos);
        memcpy(*cell_of_pos, all[best].cell, (size_t)n * sizeof **cell_of_pos);
    }
    if (st != ASSIST_OK) {
        hexiom_dp_trail_free(trail);
        free(*cell_of_pos);
        *cell_of_pos = NULL;
    }
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
    double start = monotonic_seconds();
    *count = 0;
    if (limit <= 64) {
        double quick = seconds > 0 && seconds < 0.2 ? seconds : 0.2;
        sat_budget b = {.seconds = quick};
        assist_set_budget(a, &b);
        assist_status st = assist_count(a, marks, nmarks, limit, count);
        if (st == ASSIST_OK || (seconds > 0 && monotonic_seconds() - start >= seconds)) {
            assist_set_budget(a, NULL);
            return st;
        }
    }
    double left = seconds > 0 ? seconds - (monotonic_seconds() - start) : 0;
    bool too_big = false;
    long dp_count = 0;
    assist_status st = hexiom_count_dp(pz, marks, nmarks, limit, left, &dp_count, &too_big);
    if (st == ASSIST_OK || !too_big) {
        assist_set_budget(a, NULL);
        if (st == ASSIST_OK || dp_count > *count)
            *count = dp_count;
        return st;
    }
    left = seconds > 0 ? seconds - (monotonic_seconds() - start) : 0;
    if (seconds > 0 && left <= 0)
        return ASSIST_UNKNOWN;
    sat_budget b = {.seconds = left};
    assist_set_budget(a, seconds > 0 ? &b : NULL);
    st = assist_count(a, marks, nmarks, limit, count);
    assist_set_budget(a, NULL);
    return st;
}
