/* latin_check.c: the independent Latin square checker, written from the
 * rules alone (plain C, no SAT, nothing shared with the encoding), and the
 * gates on the boards a player may hold (game.h: verify, state_ok, step_ok). */
#include <stdio.h>
#include <stdlib.h>

#include "games/latin.h"

/* Can cell c hold what state has there?  A given stays; an open cell is
 * blank or a value 1..n. */
static bool cell_ok(const latin_puzzle *p, const int *state, int c, diag *why)
{
    int v = state[c];
    bool ok = p->given[c] ? v == p->given[c] : v >= LATIN_BLANK && v <= p->n;
    if (!ok)
        diag_set(why, 0, 0, "cell at row %d, column %d: value %d does not fit the puzzle", c / p->n + 1,
                 c % p->n + 1, v);
    return ok;
}

/* game.h verify: is the board a complete, correct solution?  Every solver
 * answer in the tests passes through here, so it reads the rules as a
 * person would: each cell filled, givens kept, no value twice in a line. */
bool latin_verify(const void *pz, const int *state, diag *why)
{
    const latin_puzzle *p = pz;
    int side = p->n;
    for (int c = 0; c < side * side; c++) {
        if (!cell_ok(p, state, c, why))
            return false;
        if (state[c] == LATIN_BLANK) {
            diag_set(why, 0, 0, "the cell at row %d, column %d is empty", c / side + 1, c % side + 1);
            return false;
        }
    }
    for (int line = 0; line < 2 * side; line++) { /* rows, then columns */
        bool row = line < side;
        int k = row ? line : line - side;
        int seen[LATIN_MAX_SIDE + 1] = {0};
        for (int i = 0; i < side; i++) {
            int v = state[row ? k * side + i : i * side + k];
            if (seen[v]++) {
                diag_set(why, 0, 0, "%s %d holds %d twice", row ? "row" : "column", k + 1, v);
                return false;
            }
        }
    }
    return true;
}

/* game.h state_ok: a board the player could have made.  Loaded saves and
 * moves from outside the family pass here before draw or encode see them. */
bool latin_state_ok(const void *pz, const int *state, diag *why)
{
    const latin_puzzle *p = pz;
    for (int c = 0; c < p->n * p->n; c++)
        if (!cell_ok(p, state, c, why))
            return false;
    return true;
}

/* game.h step_ok: cells stand alone in latin_state_ok, so the changed
 * ones suffice (a save then loads in time linear in its length). */
bool latin_step_ok(const void *pz, const int *state, const int *idx, int nidx, diag *why)
{
    for (int i = 0; i < nidx; i++)
        if (!cell_ok(pz, state, idx[i], why))
            return false;
    return true;
}
