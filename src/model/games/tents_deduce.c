/* tents_deduce.c: Tents solved by forced deductions in plain C (no SAT),
 * for --solve: cells with no tree beside them, tents never touching, the
 * counts, every tree still able to get a tent of its own, then one-step
 * probing.  Stuck: the engine decides. */
#include <stdlib.h>
#include <string.h>

#include "games/tents.h"

enum { BAD = -1 };

/* The largest board probed (cells): Tatham's 25x25. */
enum { PROBE_CELLS = 625 };

static const int DX[4] = {1, 0, -1, 0}, DY[4] = {0, 1, 0, -1};

typedef struct {
    const tents_puzzle *t;
    int cells, ntrees;
    int *tree_at;   /* trees: their cells */
    int *cand;      /* trees x 4: the orthogonal cells (-1 off the board or a tree) */
    int *owner;     /* cells: the tree matched to it, -1 none (scratch) */
    int *mate;      /* trees: the cell matched to it, -1 none (scratch) */
    int *seen, stamp;
    int *save;      /* probing: the board before a guess */
    long probes;    /* probe propagations left before giving up */
} deducer;

/* Kuhn's augmenting path from tree k over cells that may hold a tent. */
static bool augment(deducer *d, const int *st, int k)
{
    for (int j = 0; j < 4; j++) {
        int c = d->cand[4 * k + j];
        if (c < 0 || st[c] == TENTS_GRASS || d->seen[c] == d->stamp)
            continue;
        d->seen[c] = d->stamp;
        if (d->owner[c] < 0 || augment(d, st, d->owner[c])) {
            d->owner[c] = k;
            d->mate[k] = c;
            return true;
        }
    }
    return false;
}

/* Every tree can still get a tent of its own (Hall's condition, by a
 * maximum matching). */
static bool matching_ok(deducer *d, const int *st)
{
    for (int c = 0; c < d->cells; c++)
        d->owner[c] = -1;
    for (int k = 0; k < d->ntrees; k++) {
        d->mate[k] = -1;
        d->stamp++;
        if (!augment(d, st, k))
            return false;
    }
    return true;
}

/* Sets open cell c to v. */
static int set(int *st, int c, int v, int *changed)
{
    if (st[c] == v)
        return 0;
    if (st[c] != TENTS_BLANK)
        return BAD;
    st[c] = v;
    (*changed)++;
    return 0;
}

static int line_rule(int *st, int first, int step, int n, int clue, int *changed)
{
    int tents = 0, open = 0;
    for (int j = 0, c = first; j < n; j++, c += step)
        tents += st[c] == TENTS_TENT, open += st[c] == TENTS_BLANK;
    if (tents > clue || tents + open < clue)
        return BAD;
    if (open == 0 || (tents != clue && tents + open != clue))
        return 0;
    int fill = tents == clue ? TENTS_GRASS : TENTS_TENT;
    for (int j = 0, c = first; j < n; j++, c += step)
        if (st[c] == TENTS_BLANK)
            st[c] = fill, (*changed)++;
    return 0;
}

/* Every rule until none changes the board.  Returns BAD or 0. */
static int propagate(deducer *d, int *st)
{
    const tents_puzzle *t = d->t;
    int w = t->w, h = t->h;
    for (;;) {
        int changed = 0;
        for (int c = 0; c < d->cells; c++) {
            if (st[c] != TENTS_TENT)
                continue;
            int x = c % w, y = c / w;
            for (int ny = y - 1; ny <= y + 1; ny++)
                for (int nx = x - 1; nx <= x + 1; nx++)
                    if (nx >= 0 && ny >= 0 && nx < w && ny < h && (nx != x || ny != y) &&
                        st[ny * w + nx] != TENTS_TREE && set(st, ny * w + nx, TENTS_GRASS, &changed) < 0)
                        return BAD;
        }
        for (int y = 0; y < h; y++)
            if (line_rule(st, y * w, 1, w, t->row[y], &changed) < 0)
                return BAD;
        for (int x = 0; x < w; x++)
            if (line_rule(st, x, w, h, t->col[x], &changed) < 0)
                return BAD;
        if (changed)
            continue;
        /* a tree with one cell left for its tent */
        for (int k = 0; k < d->ntrees; k++) {
            int left = 0, last = -1;
            for (int j = 0; j < 4; j++) {
                int c = d->cand[4 * k + j];
                if (c >= 0 && st[c] != TENTS_GRASS)
                    left++, last = c;
            }
            if (left == 0)
                return BAD;
            if (left == 1 && set(st, last, TENTS_TENT, &changed) < 0)
                return BAD;
        }
        if (changed)
            continue;
        if (!matching_ok(d, st))
            return BAD;
        return 0;
    }
}

static bool complete(const deducer *d, const int *st)
{
    for (int c = 0; c < d->cells; c++)
        if (st[c] == TENTS_BLANK)
            return false;
    return true;
}

/* One-step probing on every open cell: a value that leads the rules to a
 * contradiction gives the other.  Returns BAD, or how many it decided. */
static int probe(deducer *d, int *st)
{
    int decided = 0;
    for (int c = 0; c < d->cells; c++) {
        if (st[c] != TENTS_BLANK)
            continue;
        for (int v = TENTS_TENT; v <= TENTS_GRASS && d->probes > 0; v++, d->probes--) {
            memcpy(d->save, st, (size_t)d->cells * sizeof *st);
            d->save[c] = v;
            if (propagate(d, d->save) == 0)
                continue;
            st[c] = v == TENTS_TENT ? TENTS_GRASS : TENTS_TENT;
            if (propagate(d, st) < 0)
                return BAD;
            decided++;
            break;
        }
    }
    return decided;
}

int tents_deduce(const void *pz, int *state)
{
    const tents_puzzle *t = pz;
    int w = t->w, h = t->h;
    deducer d = {.t = t, .cells = w * h};
    for (int c = 0; c < d.cells; c++)
        d.ntrees += t->tree[c] != 0;
    d.tree_at = xmalloc((size_t)(d.ntrees + 1) * sizeof *d.tree_at);
    d.cand = xmalloc((size_t)(4 * d.ntrees + 1) * sizeof *d.cand);
    d.owner = xmalloc((size_t)d.cells * sizeof *d.owner);
    d.mate = xmalloc((size_t)(d.ntrees + 1) * sizeof *d.mate);
    d.seen = xcalloc((size_t)d.cells, sizeof *d.seen);
    d.save = xmalloc((size_t)d.cells * sizeof *d.save);
    int k = 0;
    for (int c = 0; c < d.cells; c++) {
        if (!t->tree[c])
            continue;
        d.tree_at[k] = c;
        for (int j = 0; j < 4; j++) {
            int nx = c % w + DX[j], ny = c / w + DY[j];
            bool on = nx >= 0 && ny >= 0 && nx < w && ny < h && !t->tree[ny * w + nx];
            d.cand[4 * k + j] = on ? ny * w + nx : -1;
        }
        k++;
    }
    /* Probing is quadratic (each probe propagates over the whole board):
     * 4 probes a cell, enough for every Tatham ID (some 25x25dt ones need
     * more than one probe per cell), up to the 625 cells of his largest
     * size.  Beyond that boards are the generator's, which it leaves
     * stuck, and the probes would cost a fifth of --solve (bench/NOTES.md):
     * the engine gets them after propagation alone. */
    d.probes = d.cells <= PROBE_CELLS ? 4 * d.cells : 0;
    /* a cell with no tree beside it holds no tent */
    int r = 0, changed = 0;
    for (int c = 0; c < d.cells && r == 0; c++) {
        if (state[c] == TENTS_TREE)
            continue;
        bool near = false;
        for (int j = 0; j < 4; j++) {
            int nx = c % w + DX[j], ny = c / w + DY[j];
            near |= nx >= 0 && ny >= 0 && nx < w && ny < h && t->tree[ny * w + nx];
        }
        if (!near)
            r = set(state, c, TENTS_GRASS, &changed);
    }
    if (r == 0)
        r = propagate(&d, state);
    while (r == 0 && !complete(&d, state)) {
        r = probe(&d, state);
        if (r == 0)
            break; /* stuck */
        if (r > 0)
            r = 0;
    }
    int result = r < 0 ? -1 : complete(&d, state) ? 1 : 0;
    free(d.tree_at);
    free(d.cand);
    free(d.owner);
    free(d.mate);
    free(d.seen);
    free(d.save);
    return result;
}
