/* hexiom_cover.c: the family's complete search for the forced set: one
 * sweep of the counting DP with its steps kept, a pass back over them, and
 * a few solutions that between them show every content any slot can take. */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "games/hexiom.h"
#include "games/hexiom_count.h"

/* Partial boards the kept sweep may hold over all its steps before the
 * search gives up and leaves the forced set to the solver: level 38 from
 * its start keeps about 0.8 million, level 37 about 1.05 million
 * (bench/NOTES.md); giving up costs the time to reach the cap, and only
 * where the solver already struggles (the enumerator is deferred). */
#define COVER_WORK_CAP ((uint64_t)2 << 20)

/* Folding (hexiom_dp.c, fold_layer) files a partial board under its
 * mirror image's code when that is smaller, and the sweep goes on from
 * the image.  The sweep folds here only when the whole board under the
 * marks is its own mirror image (hexiom_dp_sweep_kept), so an image of a
 * partial board that can be finished can be finished too, and an image of
 * a solution is a solution.  A walk through the kept layers therefore
 * reads each step in the FRAME of its layer: after a fold that took the
 * image, every position is its mirror image's.  The walk below records
 * every step in the frame of the link it starts from, so what it records
 * is a solution (the image of one, at worst). */
typedef struct {
    const hexiom_puzzle *h;
    const hexiom_dp_trail *t;
    const int *cell;      /* the puzzle's cell at each position of the run */
    unsigned char **good; /* per layer and code: some completion finishes it */
    long *rep;            /* per link of each step (offset by link_at): a finishing parent code, -1 none */
    size_t *link_at;      /* step j's links start at link_at[j] in rep */
    size_t **byg_at;      /* per step: links of parent group g at byg[j][byg_at[j][g] ..] */
    uint32_t **byg;
} cover;

static int used_of(const hexiom_dp_trail *t, uint64_t code, int v)
{
    return (int)((code >> t->shift[v]) & ((1ull << t->width[v]) - 1));
}

/* Can a parent with used-tiles code u take the link's tiles? */
static bool fits(const cover *cv, uint64_t u, const hexiom_dp_link *l)
{
    for (int a = 0; a < l->nv; a++)
        if (used_of(cv->t, u, l->v[a]) + l->k[a] > cv->h->inv[l->v[a]])
            return false;
    return true;
}

/* Can a child with used-tiles code u have come through the link? */
static bool fits_back(const cover *cv, uint64_t u, const hexiom_dp_link *l)
{
    for (int a = 0; a < l->nv; a++)
        if (used_of(cv->t, u, l->v[a]) < l->k[a])
            return false;
    return true;
}

/* The code under which layer j + 1 files a child of raw code f, and
 * whether that is its image's. */
static uint64_t filed_code(const hexiom_dp_trail *t, int j, uint64_t f, bool *image)
{
    *image = false;
    if (!t->perm[j])
        return f;
    assert(j + 1 < t->n); /* the last step leaves no frontier to fold */
    uint64_t r = 0;
    for (int q = 0; q < t->nfront[j + 1]; q++) /* the frontier after step j */
        r |= ((f >> (3 * q)) & 7) << (3 * t->perm[j][q]);
    *image = r < f;
    return r < f ? r : f;
}

static long find_group(const hexiom_dp_kept *k, uint64_t f)
{
    size_t lo = 0, hi = k->ngroups;
    while (lo < hi) {
        size_t m = lo + (hi - lo) / 2;
        if (k->fkey[m] < f)
            lo = m + 1;
        else
            hi = m;
    }
    return lo < k->ngroups && k->fkey[lo] == f ? (long)lo : -1;
}

static long find_code(const hexiom_dp_kept *k, long g, uint64_t u)
{
    size_t lo = k->off[g], hi = k->off[g + 1];
    while (lo < hi) {
        size_t m = lo + (hi - lo) / 2;
        if (k->code[m] < u)
            lo = m + 1;
        else
            hi = m;
    }
    return lo < k->off[g + 1] && k->code[lo] == u ? (long)lo : -1;
}

/* The pass back: a partial board is good when one of its links leads to a
 * good one, the finished boards that used every tile being good; a link
 * is live (rep) when it joins a good child to some parent. */
static void mark_good(cover *cv)
{
    const hexiom_dp_trail *t = cv->t;
    int n = t->n;
    const hexiom_dp_kept *last = &t->layer[n];
    for (size_t i = 0; i < last->off[last->ngroups]; i++)
        cv->good[n][i] = last->code[i] == t->full;
    for (int j = n - 1; j >= 0; j--) {
        const hexiom_dp_kept *par = &t->layer[j], *ch = &t->layer[j + 1];
        for (size_t li = 0; li < t->nlinks[j]; li++) {
            const hexiom_dp_link *l = &t->link[j][li];
            bool image;
            long gc = find_group(ch, filed_code(t, j, l->f, &image));
            if (gc < 0)
                continue;
            /* both lists ascend, and so does u + delta */
            size_t c = ch->off[gc], cz = ch->off[gc + 1];
            for (size_t p = par->off[l->g]; p < par->off[l->g + 1] && c < cz; p++) {
                uint64_t u = par->code[p];
                if (!fits(cv, u, l))
                    continue;
                uint64_t w = u + l->delta;
                while (c < cz && ch->code[c] < w)
                    c++;
                if (c < cz && ch->code[c] == w && cv->good[j + 1][c]) {
                    cv->good[j][p] = 1;
                    if (cv->rep[cv->link_at[j] + li] < 0)
                        cv->rep[cv->link_at[j] + li] = (long)p;
                }
            }
        }
    }
}

/* What a link settles, as (position, content) pairs in its parent's
 * frame: the step's cell empty, or the values of the cells it finishes
 * (each occupied cell's value is fixed at its last neighbour).  Returns
 * how many, into pos and what. */
static int link_facts(const cover *cv, int j, const hexiom_dp_link *l, int *pos, int *what)
{
    const hexiom_dp_trail *t = cv->t;
    uint64_t f = t->layer[j].fkey[l->g];
    int nf = 0, own = 1;
    if (!l->o) {
        pos[nf] = j;
        what[nf++] = HEXIOM_FACT_EMPTY;
    }
    for (int p = 0; p < t->nfront[j]; p++) {
        int c = t->front[j][p], code = (int)((f >> (3 * p)) & 7);
        bool nb = false;
        for (int k = 0; k < 6; k++)
            nb |= t->nbr[j * 6 + k] == c;
        if (code && nb) {
            own++;
            code += l->o;
        }
        if (t->latest[c] == j && code > 0) {
            pos[nf] = c;
            what[nf++] = code - 1;
        }
    }
    if (t->latest[j] == j && l->o) {
        pos[nf] = j;
        what[nf++] = own - 1;
    }
    return nf;
}

/* Step j's links by parent group, for the walk forward. */
static void index_by_group(cover *cv, int j)
{
    const hexiom_dp_trail *t = cv->t;
    size_t ng = t->layer[j].ngroups, nl = t->nlinks[j];
    size_t *at = xcalloc(ng + 2, sizeof *at);
    uint32_t *by = xmalloc((nl + 1) * sizeof *by);
    for (size_t i = 0; i < nl; i++)
        at[t->link[j][i].g + 1]++;
    for (size_t g = 0; g < ng; g++)
        at[g + 1] += at[g];
    size_t *fill = xmalloc((ng + 1) * sizeof *fill);
    memcpy(fill, at, (ng + 1) * sizeof *fill);
    for (size_t i = 0; i < nl; i++)
        by[fill[t->link[j][i].g]++] = (uint32_t)i;
    free(fill);
    cv->byg_at[j] = at;
    cv->byg[j] = by;
}

/* One solution through live link li of step j from parent code p: the
 * occupancy of every position, in the link's frame, walked back to the
 * empty board through any parents (every kept board has one) and forward
 * through good children. */
static void walk(const cover *cv, int j, size_t li, size_t p, unsigned char *occ)
{
    const hexiom_dp_trail *t = cv->t;
    const hexiom_dp_link *l = &t->link[j][li];
    occ[j] = (unsigned char)l->o;
    long g = (long)l->g;
    uint64_t u = t->layer[j].code[p];
    bool flip = false; /* is the frame of the layer reached the image of the link's? */
    for (int i = j; i > 0; i--) { /* back: a parent in layer i - 1 */
        uint64_t key = t->layer[i].fkey[g];
        const hexiom_dp_link *lk = t->link[i - 1];
        bool found = false;
        for (int side = 0; side < 2 && !found; side++) {
            /* the raw codes filed under key: key itself, and its image's */
            bool image = false;
            uint64_t f = key;
            if (side == 1) {
                if (!t->perm[i - 1])
                    break;
                uint64_t r = 0;
                for (int q = 0; q < t->nfront[i]; q++)
                    r |= ((key >> (3 * q)) & 7) << (3 * t->perm[i - 1][q]);
                if (r == key)
                    break;
                f = r;
                image = true;
            }
            size_t lo = 0, hi = t->nlinks[i - 1];
            while (lo < hi) { /* links ascend by child code */
                size_t m = lo + (hi - lo) / 2;
                if (lk[m].f < f)
                    lo = m + 1;
                else
                    hi = m;
            }
            for (size_t a = lo; !found && a < t->nlinks[i - 1] && lk[a].f == f; a++) {
                if (!fits_back(cv, u, &lk[a]))
                    continue;
                if (find_code(&t->layer[i - 1], (long)lk[a].g, u - lk[a].delta) < 0)
                    continue;
                flip ^= image;
                occ[flip ? t->mirror[i - 1] : i - 1] = (unsigned char)lk[a].o;
                g = (long)lk[a].g;
                u -= lk[a].delta;
                found = true;
            }
        }
        assert(found); /* a kept board was made from a kept parent */
        (void)found;
    }
    bool image;
    g = find_group(&t->layer[j + 1], filed_code(t, j, l->f, &image));
    flip = image;
    u = t->layer[j].code[p] + l->delta;
    long c0 = g < 0 ? -1 : find_code(&t->layer[j + 1], g, u);
    assert(c0 >= 0 && cv->good[j + 1][c0]); /* the link is live */
    (void)c0;
    for (int i = j + 1; i < t->n; i++) { /* forward: a good child in layer i + 1 */
        bool found = false;
        for (size_t a = cv->byg_at[i][g], z = cv->byg_at[i][g + 1]; a < z && !found; a++) {
            const hexiom_dp_link *lf = &t->link[i][cv->byg[i][a]];
            if (!fits(cv, u, lf))
                continue;
            long gc = find_group(&t->layer[i + 1], filed_code(t, i, lf->f, &image));
            long c = gc < 0 ? -1 : find_code(&t->layer[i + 1], gc, u + lf->delta);
            if (c >= 0 && cv->good[i + 1][c]) {
                occ[flip ? t->mirror[i] : i] = (unsigned char)lf->o;
                flip ^= image;
                g = gc;
                u += lf->delta;
                found = true;
            }
        }
        assert(found); /* a good board has a good child */
        (void)found;
    }
    assert(u == t->full);
}

/* The occupancy as facts: each tile's value is its count of occupied
 * neighbours.  Returns how many (one per slot). */
static int solution_facts(const cover *cv, const unsigned char *occ, int *facts)
{
    const hexiom_puzzle *h = cv->h;
    int n = h->ncells, nf = 0;
    unsigned char *at = xcalloc((size_t)n + 1, 1);
    for (int p = 0; p < n; p++)
        at[cv->cell[p]] = occ[p];
    for (int c = 0; c < n; c++) {
        if (h->hole[c])
            continue;
        int cnt = 0;
        for (int k = 0; k < 6; k++) {
            int o = h->nbr[c * 6 + k];
            cnt += o >= 0 && at[o];
        }
        facts[nf++] = hexiom_fact(h, c, at[c] ? cnt : HEXIOM_FACT_EMPTY);
    }
    free(at);
    return nf;
}

/* Why what it lists is a cover (assist.h): a fact false in some solution
 * means its slot holds another content there; that content is shown by a
 * listed solution, in which the fact is false (a slot holds one content).
 * The DP cannot watch the budget's poll, only its seconds: the cap keeps
 * the sweep to a fraction of a second. */
int hexiom_enumerate_cover(void *pz, const int *marks, int nmarks, long limit, const sat_budget *budget,
                           assist_solution_fn add, void *add_ctx)
{
    (void)limit; /* a cover is as long as it needs to be, at most one solution a fact */
    const hexiom_puzzle *h = pz;
    hexiom_dp_trail t;
    int *cell;
    double seconds = budget ? budget->seconds : 0;
    if (budget && budget->seconds < 0)
        return -1;
    if (hexiom_dp_sweep_kept(pz, marks, nmarks, seconds, COVER_WORK_CAP, &t, &cell) != ASSIST_OK)
        return -1;
    int n = t.n;
    if (t.steps < n) { /* no partial board got through: no solution */
        hexiom_dp_trail_free(&t);
        free(cell);
        return 1;
    }
    cover cv = {.h = h, .t = &t, .cell = cell};
    cv.good = xcalloc((size_t)n + 1, sizeof *cv.good);
    for (int j = 0; j <= n; j++)
        cv.good[j] = xcalloc(t.layer[j].off[t.layer[j].ngroups] + 1, 1);
    cv.link_at = xcalloc((size_t)n + 1, sizeof *cv.link_at);
    for (int j = 0; j < n; j++)
        cv.link_at[j + 1] = cv.link_at[j] + t.nlinks[j];
    cv.rep = xmalloc((cv.link_at[n] + 1) * sizeof *cv.rep);
    for (size_t i = 0; i < cv.link_at[n]; i++)
        cv.rep[i] = -1;
    mark_good(&cv);
    cv.byg_at = xcalloc((size_t)n + 1, sizeof *cv.byg_at);
    cv.byg = xcalloc((size_t)n + 1, sizeof *cv.byg);
    for (int j = 0; j < n; j++)
        index_by_group(&cv, j);
    /* every fact of a live link once, with the link that shows it (and,
     * with folding, the image of that fact, which the image of the
     * solution through the link shows) */
    int nfacts = h->nslots * HEXIOM_FACTS_PER_SLOT;
    long *shown_by = xmalloc(((size_t)nfacts + 1) * sizeof *shown_by);
    bool *by_image = xcalloc((size_t)nfacts + 1, sizeof *by_image);
    for (int f = 0; f < nfacts; f++)
        shown_by[f] = -1;
    int lpos[64 + 2], lwhat[64 + 2]; /* a frontier has at most 21 cells (3 bits each in a word) */
    for (int j = 0; j < n; j++)
        for (size_t li = 0; li < t.nlinks[j]; li++) {
            if (cv.rep[cv.link_at[j] + li] < 0)
                continue;
            int k = link_facts(&cv, j, &t.link[j][li], lpos, lwhat);
            for (int a = 0; a < k; a++)
                for (int img = 0; img < (t.mirror ? 2 : 1); img++) {
                    int f = hexiom_fact(h, cell[img ? t.mirror[lpos[a]] : lpos[a]], lwhat[a]);
                    if (f >= 0 && shown_by[f] < 0) {
                        shown_by[f] = (long)(cv.link_at[j] + li);
                        by_image[f] = img;
                    }
                }
        }
    /* then a solution through each fact not yet shown */
    bool *shown = xcalloc((size_t)nfacts + 1, sizeof *shown);
    unsigned char *occ = xcalloc((size_t)n + 1, 1), *occ_img = xcalloc((size_t)n + 1, 1);
    int *sol = xmalloc(((size_t)h->nslots + 1) * sizeof *sol);
    for (int f = 0; f < nfacts; f++) {
        if (shown_by[f] < 0 || shown[f])
            continue;
        size_t at = (size_t)shown_by[f];
        int j = 0;
        while (cv.link_at[j + 1] <= at)
            j++;
        walk(&cv, j, at - cv.link_at[j], (size_t)cv.rep[at], occ);
        const unsigned char *o = occ;
        if (by_image[f]) {
            for (int p = 0; p < n; p++)
                occ_img[p] = occ[t.mirror[p]];
            o = occ_img;
        }
        int k = solution_facts(&cv, o, sol);
        for (int a = 0; a < k; a++)
            shown[sol[a]] = true;
        assert(shown[f]);
        add(add_ctx, sol, k);
    }
    free(by_image);
    free(occ_img);
    free(sol);
    free(occ);
    free(shown);
    free(shown_by);
    for (int j = 0; j <= n; j++) {
        free(cv.good[j]);
        free(cv.byg_at[j]);
        free(cv.byg[j]);
    }
    free(cv.good);
    free(cv.byg_at);
    free(cv.byg);
    free(cv.link_at);
    free(cv.rep);
    free(cell);
    hexiom_dp_trail_free(&t);
    return 2;
}
