/* tetravex_check.c: the independent Tetravex rules checker (plain C, no
 * SAT): every cell holds a tile, every tile is used once, and touching
 * edges carry the same number.
 * Also state_ok: the boards a player may hold (moves and saves). */
#include <stdio.h>
#include <stdlib.h>

#include "games/tetravex.h"

bool tetravex_verify(const void *pz, const int *state, diag *why)
{
    const tetravex_puzzle *t = pz;
    int side = t->n;
    int *used = calloc((size_t)t->ntiles, sizeof *used);
    if (!used) {
        diag_set(why, 0, 0, "out of memory");
        return false;
    }
    bool ok = true;
    for (int c = 0; c < t->ntiles && ok; c++) {
        int tile = state[c];
        if (tile < 0 || tile >= t->ntiles) {
            diag_set(why, 0, 0, "row %d, column %d holds no tile", c / side + 1, c % side + 1);
            ok = false;
        } else if (used[tile]++) {
            diag_set(why, 0, 0, "tile %d is used twice", tile + 1);
            ok = false;
        }
    }
    for (int c = 0; c < t->ntiles && ok; c++) {
        int x = c % side, y = c / side;
        const unsigned char *a = t->tile[state[c]];
        if (x + 1 < side && a[TV_RIGHT] != t->tile[state[c + 1]][TV_LEFT]) {
            diag_set(why, 0, 0, "row %d, columns %d and %d: %d meets %d", y + 1, x + 1, x + 2,
                     a[TV_RIGHT], t->tile[state[c + 1]][TV_LEFT]);
            ok = false;
        } else if (y + 1 < side && a[TV_BOTTOM] != t->tile[state[c + side]][TV_TOP]) {
            diag_set(why, 0, 0, "column %d, rows %d and %d: %d meets %d", x + 1, y + 1, y + 2,
                     a[TV_BOTTOM], t->tile[state[c + side]][TV_TOP]);
            ok = false;
        }
    }
    free(used);
    return ok;
}

/* Is this a board the player could have made?  Each tile at most once,
 * on the board or in the tray. */
bool tetravex_state_ok(const void *pz, const int *state, diag *why)
{
    const tetravex_puzzle *t = pz;
    bool *seen = xcalloc((size_t)t->ntiles, sizeof *seen);
    bool ok = true;
    for (int c = 0; c < t->ntiles && ok; c++) {
        int v = state[c];
        if (v < -1 || v >= t->ntiles || (v >= 0 && seen[v])) {
            diag_set(why, 0, 0, "cell at row %d, column %d: tile %d does not fit the puzzle", c / t->n + 1,
                     c % t->n + 1, v);
            ok = false;
        } else if (v >= 0) {
            seen[v] = true;
        }
    }
    free(seen);
    return ok;
}
