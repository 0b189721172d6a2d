/* hexiom_check.c: the independent Hexiom rules checker.  Plain C, no SAT,
 * and its own neighbour rule on (column, row) positions rather than the
 * axial table the encoder uses, so a geometry slip cannot hide twice. */
#include <stdio.h>
#include <stdlib.h>

#include "games/hexiom.h"

/* Position of a cell as in the level files: y = row, x = index plus the
 * row's shift in the lower half; valid iff 0 <= x, y <= 2s-2 and
 * |x - y| <= s-1.  Neighbours: (x±1, y), (x, y±1), (x-1, y-1), (x+1, y+1). */
static int cell_of(const hexiom_puzzle *h, int x, int y)
{
    int m = h->side - 1;
    if (x < 0 || y < 0 || x > 2 * m || y > 2 * m || x - y > m || y - x > m)
        return -1;
    int first = y > m ? y - m : 0;
    return h->row_start[y] + x - first;
}

bool hexiom_verify(const void *pz, const int *state, diag *why)
{
    const hexiom_puzzle *h = pz;
    static const int DX[6] = {1, -1, 0, 0, -1, 1}, DY[6] = {0, 0, 1, -1, -1, 1};
    int m = h->side - 1;
    int count[HEXIOM_VALUES] = {0};
    char name[48];
    for (int c = 0; c < h->ncells; c++) {
        int x = state[c];
        hexiom_cell_name(h, c, name, sizeof name);
        if (h->hole[c]) {
            if (x != HEXIOM_HOLE && x != HEXIOM_EMPTY) {
                diag_set(why, 0, 0, "%s is a hole but holds a tile", name);
                return false;
            }
            continue;
        }
        if (x == HEXIOM_EMPTY)
            continue;
        if (x < HEXIOM_TILE(0) || x > HEXIOM_TILE(HEXIOM_VALUES - 1)) {
            diag_set(why, 0, 0, "%s: no such content (%d)", name, x);
            return false;
        }
        count[x - HEXIOM_TILE(0)]++;
    }
    for (int v = 0; v < HEXIOM_VALUES; v++)
        if (count[v] != h->inv[v]) {
            diag_set(why, 0, 0, "the board has %d tile%s of value %d, the level %d", count[v],
                     count[v] == 1 ? "" : "s", v, h->inv[v]);
            return false;
        }
    for (int c = 0; c < h->ncells; c++)
        if (h->locked[c] && state[c] != HEXIOM_TILE(h->start[c])) {
            hexiom_cell_name(h, c, name, sizeof name);
            diag_set(why, 0, 0, "the locked %d at %s has moved", h->start[c], name);
            return false;
        }
    for (int c = 0; c < h->ncells; c++) {
        hexiom_cell_name(h, c, name, sizeof name);
        int x = state[c];
        if (h->hole[c] || x == HEXIOM_EMPTY)
            continue;
        int y = h->row[c], col = h->idx[c] + (y > m ? y - m : 0), occupied = 0;
        for (int k = 0; k < 6; k++) {
            int o = cell_of(h, col + DX[k], y + DY[k]);
            if (o >= 0 && !h->hole[o] && state[o] != HEXIOM_EMPTY && state[o] != HEXIOM_HOLE)
                occupied++;
        }
        if (occupied != x - HEXIOM_TILE(0)) {
            diag_set(why, 0, 0, "the %d at %s has %d occupied neighbour%s", x - HEXIOM_TILE(0), name,
                     occupied, occupied == 1 ? "" : "s");
            return false;
        }
    }
    return true;
}

/* A board the player could have made: every cell's content in range, holes
 * and locked tiles in place, pins 0 or 1, and all the level's tiles on the
 * board (moves only move tiles).  Saves are checked with it. */
bool hexiom_state_ok(const void *pz, const int *state, diag *why)
{
    const hexiom_puzzle *h = pz;
    int count[HEXIOM_VALUES] = {0};
    char name[48];
    for (int c = 0; c < h->ncells; c++) {
        int x = state[c], pin = state[h->ncells + c];
        hexiom_cell_name(h, c, name, sizeof name);
        if (h->hole[c] ? x != HEXIOM_HOLE : (x != HEXIOM_EMPTY && (x < HEXIOM_TILE(0) ||
                                                                   x > HEXIOM_TILE(HEXIOM_VALUES - 1)))) {
            diag_set(why, 0, 0, "%s: content %d is not possible there", name, x);
            return false;
        }
        if (h->locked[c] && x != HEXIOM_TILE(h->start[c])) {
            diag_set(why, 0, 0, "%s: the locked tile is missing", name);
            return false;
        }
        if (pin != 0 && pin != 1) {
            diag_set(why, 0, 0, "%s: pin flag %d (expected 0 or 1)", name, pin);
            return false;
        }
        if (x != HEXIOM_EMPTY && x != HEXIOM_HOLE)
            count[x - HEXIOM_TILE(0)]++;
    }
    for (int v = 0; v < HEXIOM_VALUES; v++)
        if (count[v] != h->inv[v]) {
            diag_set(why, 0, 0, "%d tile%s of value %d on the board, the level has %d", count[v],
                     count[v] == 1 ? "" : "s", v, h->inv[v]);
            return false;
        }
    return true;
}
