/* tents_check.c: the independent Tents rules checker.  Plain C, no SAT:
 * counts, touching tents, and a tree-tent perfect matching found with
 * augmenting paths (Kuhn's algorithm).
 * Also state_ok: the boards a player may hold (moves and saves). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include "games/tents.h"

static const int DX4[4] = {1, -1, 0, 0}, DY4[4] = {0, 0, 1, -1};

/* Tries to give tree `tree` a tent, moving other trees' tents along an
 * augmenting path.  match_of_tent[cell] is the tree paired with it. */
static bool augment(const tents_puzzle *t, const int *state, int tree, int *match_of_tent, int *seen,
                    int stamp)
{
    int x = tree % t->w, y = tree / t->w;
    for (int d = 0; d < 4; d++) {
        int nx = x + DX4[d], ny = y + DY4[d];
        if (nx < 0 || ny < 0 || nx >= t->w || ny >= t->h)
            continue;
        int c = ny * t->w + nx;
        if (state[c] != TENTS_TENT || seen[c] == stamp)
            continue;
        seen[c] = stamp;
        if (match_of_tent[c] < 0 ||
            augment(t, state, match_of_tent[c], match_of_tent, seen, stamp)) {
            match_of_tent[c] = tree;
            return true;
        }
    }
    return false;
}

bool tents_verify(const void *pz, const int *state, diag *why)
{
    const tents_puzzle *t = pz;
    int w = t->w, h = t->h, cells = w * h;
    int ntrees = 0, ntents = 0;
    for (int c = 0; c < cells; c++) {
        if (t->tree[c] != (state[c] == TENTS_TREE)) {
            diag_set(why, 0, 0, "row %d, column %d: the tree is missing or misplaced", c / w + 1, c % w + 1);
            return false;
        }
        if (t->given[c] >= 0 && (state[c] == TENTS_TENT) != (t->given[c] == TENTS_TENT)) {
            diag_set(why, 0, 0, "row %d, column %d: does not keep the given cell", c / w + 1, c % w + 1);
            return false;
        }
        ntrees += t->tree[c];
        ntents += state[c] == TENTS_TENT;
    }
    for (int y = 0; y < h; y++) {
        int k = 0;
        for (int x = 0; x < w; x++)
            k += state[y * w + x] == TENTS_TENT;
        if (k != t->row[y]) {
            diag_set(why, 0, 0, "row %d has %d tents, its clue says %d", y + 1, k, t->row[y]);
            return false;
        }
    }
    for (int x = 0; x < w; x++) {
        int k = 0;
        for (int y = 0; y < h; y++)
            k += state[y * w + x] == TENTS_TENT;
        if (k != t->col[x]) {
            diag_set(why, 0, 0, "column %d has %d tents, its clue says %d", x + 1, k, t->col[x]);
            return false;
        }
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            if (state[y * w + x] != TENTS_TENT)
                continue;
            for (int dy = 0; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    if (dy == 0 && dx <= 0)
                        continue; /* each pair once */
                    int nx = x + dx, ny = y + dy;
                    if (nx >= 0 && nx < w && ny < h && state[ny * w + nx] == TENTS_TENT) {
                        diag_set(why, 0, 0, "tents at row %d, column %d and row %d, column %d touch",
                                 y + 1, x + 1, ny + 1, nx + 1);
                        return false;
                    }
                }
        }
    if (ntents != ntrees) {
        diag_set(why, 0, 0, "%d tents for %d trees", ntents, ntrees);
        return false;
    }
    size_t ncells = (size_t)t->w * (size_t)t->h;
    int *match_of_tent = malloc(ncells * sizeof *match_of_tent);
    int *seen = calloc(ncells, sizeof *seen);
    if (!match_of_tent || !seen) {
        free(match_of_tent);
        free(seen);
        diag_set(why, 0, 0, "out of memory");
        return false;
    }
    for (int c = 0; c < cells; c++)
        match_of_tent[c] = -1;
    bool ok = true;
    int stamp = 0;
    for (int c = 0; c < cells && ok; c++) {
        if (!t->tree[c])
            continue;
        if (!augment(t, state, c, match_of_tent, seen, ++stamp)) {
            diag_set(why, 0, 0, "the tree at row %d, column %d has no tent of its own", c / w + 1,
                     c % w + 1);
            ok = false;
        }
    }
    free(match_of_tent);
    free(seen);
    return ok;
}

/* Can cell c hold what state has there?  Trees stay, givens stay, the
 * rest is blank, tent or grass. */
static bool cell_ok(const tents_puzzle *t, const int *state, int c, diag *why)
{
    assert(c >= 0 && c < t->w * t->h); /* the loader bounds a step's cells */
    int v = state[c];
    bool ok = t->tree[c] ? v == TENTS_TREE
              : t->given[c] >= 0 ? v == t->given[c]
                                 : (v == TENTS_BLANK || v == TENTS_TENT || v == TENTS_GRASS);
    if (!ok)
        diag_set(why, 0, 0, "cell at row %d, column %d: value %d does not fit the puzzle", c / t->w + 1,
                 c % t->w + 1, v);
    return ok;
}

/* Is this a board the player could have made?  Checked on loaded saves so
 * a hand-edited file cannot put a tent on a tree. */
bool tents_state_ok(const void *pz, const int *state, diag *why)
{
    const tents_puzzle *t = pz;
    for (int c = 0; c < t->w * t->h; c++)
        if (!cell_ok(t, state, c, why))
            return false;
    return true;
}

/* Every cell stands alone in tents_state_ok: the changed ones suffice. */
bool tents_step_ok(const void *pz, const int *state, const int *idx, int nidx, diag *why)
{
    for (int i = 0; i < nidx; i++)
        if (!cell_ok(pz, state, idx[i], why))
            return false;
    return true;
}
